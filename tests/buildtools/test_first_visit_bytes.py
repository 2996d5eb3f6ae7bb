"""What a first visit downloads (issue #25): third-party wheels trimmed and sourceless, the standard
library in two parts (what the shipped code may import, and the rest behind a finder)."""

from __future__ import annotations

import io
import zipfile

from buildtools.packing import trim_wheel
from buildtools.stdlib_split import add_finder, imports_in, read_used, split_stdlib


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def _names(data: bytes) -> set[str]:
    return set(zipfile.ZipFile(io.BytesIO(data)).namelist())


def test_trim_wheel_drops_what_no_page_uses_and_keeps_the_metadata_headers() -> None:
    wheel = _zip(
        {
            "pydantic/__init__.py": b"x = 1\n",
            "pydantic/v1/__init__.py": b"",
            "pydantic/experimental/pipeline.py": b"",
            "pydantic/mypy.py": b"",
            "pydantic/__pycache__/mypy.cpython-314.pyc": b"",
            "pydantic/mypyc_stub.py": b"",  # not the mypy plugin: kept
            "pydantic_core/core.pyi": b"",
            "pydantic/py.typed": b"",
            "pydantic_core-2.dist-info/sboms/x.json": b"{}",
            "pydantic-2.dist-info/METADATA": b"Name: pydantic\nVersion: 2\n\n# A long README\n",
        }
    )
    got = zipfile.ZipFile(io.BytesIO(trim_wheel(wheel)))
    assert set(got.namelist()) == {
        "pydantic/__init__.py",
        "pydantic/mypyc_stub.py",
        "pydantic-2.dist-info/METADATA",
    }
    assert got.read("pydantic-2.dist-info/METADATA") == b"Name: pydantic\nVersion: 2\n"
    assert all(i.compress_type == zipfile.ZIP_STORED for i in got.infolist())


def test_a_sourceless_wheel_ships_bytecode_beside_its_package_and_keeps_uncompiled_sources() -> None:
    wheel = _zip(
        {
            "te.py": b"a = 1\n",
            "__pycache__/te.cpython-314.pyc": b"PYC-te",
            "pkg/__init__.py": b"",
            "pkg/__pycache__/__init__.cpython-314.pyc": b"PYC-init",
            "pkg/data.py": b"no bytecode for me\n",
        }
    )
    got = zipfile.ZipFile(io.BytesIO(trim_wheel(wheel, sourceless=True)))
    assert set(got.namelist()) == {"te.pyc", "pkg/__init__.pyc", "pkg/data.py"}
    assert got.read("te.pyc") == b"PYC-te"
    assert _names(trim_wheel(wheel)) == set(zipfile.ZipFile(io.BytesIO(wheel)).namelist())


def test_imports_in_reads_every_import_and_resolves_relative_ones() -> None:
    src = (
        b"import a.b\nfrom . import c\nfrom .d import e\ndef f():\n    import lazy\nif 0:\n    import cond\n"
    )
    assert imports_in(src, "pkg.mod", False) == {"a.b", "pkg", "pkg.c", "pkg.d", "pkg.d.e", "lazy", "cond"}
    assert "lazy" not in imports_in(src, "pkg.mod", False, lazy=False)
    assert "cond" in imports_in(src, "pkg.mod", False, lazy=False)
    assert imports_in(b"from .x import y\n", "pkg", True) == {"pkg.x", "pkg.x.y"}
    assert imports_in(b"this is not python(\n", "m", False) == set()


def test_the_first_part_holds_what_shipped_code_may_import_and_the_finder_names_the_rest() -> None:
    stdlib = _zip(
        {
            "site.py": b"import os\n",
            "os.py": b"import stat\ndef walk():\n    import tarfile\n",
            "stat.py": b"",
            "json/__init__.py": b"from .decoder import x\n",
            "json/decoder.py": b"",
            "json/tool.py": b"",
            "tarfile.py": b"",
            "lazy_used.py": b"",
            "unused.py": b"",
            "encodings/__init__.py": b"",
            "encodings/utf_8.py": b"",
        }
    )
    game = _zip({"gwweb/app.py": b"import json\ndef save():\n    import lazy_used\n"})
    first, rest, modules = split_stdlib(stdlib, [game])
    assert _names(first) == {
        "site.py",
        "os.py",
        "stat.py",
        "json/__init__.py",
        "json/decoder.py",
        "lazy_used.py",  # a function's import in the shipped code
        "encodings/__init__.py",
        "encodings/utf_8.py",  # a whole root package
    }
    # a standard-library function's own import (os.walk's tarfile here) is left to the finder
    assert modules == ["json.tool", "tarfile", "unused"]
    assert _names(rest) == {"json/tool.py", "tarfile.py", "unused.py"}
    with_finder = add_finder(first, "pyodide/more.zip.gz", "sha256-abc", modules)
    finder = zipfile.ZipFile(io.BytesIO(with_finder)).read("_gridworks_more.py").decode()
    compile(finder, "_gridworks_more.py", "exec")
    assert "'pyodide/more.zip.gz'" in finder and "'sha256-abc'" in finder and "'json.tool'" in finder


def test_with_a_measured_list_the_first_part_holds_what_pages_import_and_the_rest_waits() -> None:
    stdlib = _zip(
        {
            "site.py": b"import os\n",
            "os.py": b"import stat\ndef walk():\n    import tarfile\n",
            "stat.py": b"",
            "json/__init__.py": b"from .decoder import x\n",
            "json/decoder.py": b"",
            "fractions.py": b"import decimal\n",
            "decimal.py": b"",
            "argparse.py": b"",
            "tarfile.py": b"",
            "lazy_used.py": b"",
            "pkgutil.py": b"",
            "encodings/__init__.py": b"",
            "encodings/utf_8.py": b"",
            "encodings/cp1251.py": b"",
        }
    )
    game = _zip(
        {
            # a top-level import the list does not name yet: kept, with what it imports
            "engine/rules.py": b"import fractions\ndef save():\n    import lazy_used\n",
            # command lines are never imported by a page
            "engine/__main__.py": b"import argparse\n",
        }
    )
    used = frozenset({"site", "os", "stat", "json", "json.decoder", "encodings", "encodings.utf_8"})
    first, rest, modules = split_stdlib(stdlib, [game], used)
    assert _names(first) == {
        "site.py",
        "os.py",
        "stat.py",
        "json/__init__.py",
        "json/decoder.py",
        "fractions.py",
        "decimal.py",
        "pkgutil.py",  # the build's own snapshot run walks the packages with it
        "encodings/__init__.py",
        "encodings/utf_8.py",
    }
    # a function's import (the shipped code's or the standard library's), a command line's, an unused codec
    assert modules == ["argparse", "encodings.cp1251", "lazy_used", "tarfile"]
    assert _names(rest) == {"argparse.py", "encodings/cp1251.py", "lazy_used.py", "tarfile.py"}


def test_the_measured_list_names_modules_one_per_line(tmp_path) -> None:  # noqa: ANN001
    listed = tmp_path / "used.txt"
    listed.write_text("# a comment\njson\n\nos\n")
    assert read_used(listed) == frozenset({"json", "os"})
    assert read_used(tmp_path / "none.txt") is None
    assert "asyncio" in (read_used() or ()), "the committed list (tools/bench_stdlib_used.py) is read"
