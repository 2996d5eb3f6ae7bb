"""The boot loader's source: parts by responsibility under 500 lines, joined into one boot.js."""

from __future__ import annotations

from buildtools import site


def test_boot_parts_are_small_and_join_into_one_loader() -> None:
    parts = sorted((site.STATIC / "boot").glob("*.js"))
    assert len(parts) >= 2
    for p in parts:
        assert len(p.read_text().splitlines()) < 500, p.name
    text = site.boot_source()
    assert text == "".join(p.read_text() for p in parts)
    # the build's placeholders, each once, and the page's start in the last part, after every definition
    assert text.count("/*@BUILD@*/") == 1 and text.count('const BUILD_ID = "@BUILDID@"') == 1
    assert "  start();\n" in text.split("// ---- go ----", 1)[1]


def test_the_bench_baseline_is_stock_pyodide() -> None:
    """bench/bare.html loads Pyodide from bench/pyodide/ (the npm package's files, written by the
    bench), not the site's trimmed and precompiled runtime; its worker caches those same files."""
    bare = (site.STATIC / "bare.html").read_text()
    assert 'import("./pyodide/pyodide.mjs")' in bare and "stdLibURL" not in bare
    assert "../pyodide/" not in bare
    sw = (site.STATIC / "bare-sw.js").read_text()
    for name in site.PYODIDE_FILES:
        assert f'"pyodide/{name}"' in sw


def test_the_bench_link_sends_every_byte_in_order() -> None:
    """The bench's server-side fast-3G link (``benchnet.Link``) paces what it sends, never alters it."""
    import io

    from buildtools.benchnet import Link

    data = bytes(range(256)) * 200  # 51,200 bytes: four pieces of 16 kB
    out = io.BytesIO()
    Link(rate=1e9, latency=0.0).send(data, out)
    assert out.getvalue() == data
