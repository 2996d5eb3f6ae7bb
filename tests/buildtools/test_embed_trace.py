"""tools/bench_embed_trace: a trace's main-thread tasks of the page's own renderer, with the self
cost of each event inside (what a long task on a blog page of posters is made of)."""

from __future__ import annotations

from tools.bench_embed_trace import VARIANTS, long_tasks


def _x(name: str, ts: int, dur: int, pid: int = 1, tdur: int | None = None) -> dict:
    return {
        "name": name,
        "ph": "X",
        "ts": ts,
        "dur": dur,
        "tdur": dur if tdur is None else tdur,
        "pid": pid,
        "tid": 7,
    }


def test_long_tasks_of_the_pages_renderer_with_self_costs() -> None:
    meta = [
        {"name": "thread_name", "ph": "M", "pid": pid, "tid": 7, "args": {"name": "CrRendererMain"}}
        for pid in (1, 2)
    ]
    parse = {**_x("ParseHTML", 100, 1000), "args": {"beginData": {"url": "http://h/blog.html"}}}
    events = [
        *meta,
        _x("RunTask", 0, 20_000, tdur=16_000),  # 20 ms wall, 16 ms of CPU
        parse,
        _x("LocalFrameView::performLayout", 2000, 9000, tdur=8000),
        _x("InlineNode::ShapeTextIncludingFirstLine", 3000, 2000),  # inside the layout
        _x("RunTask", 30_000, 15_000),  # 15 ms: not over 16
        _x("RunTask", 0, 90_000, pid=2),  # another renderer (a browser page): not the blog's
    ]
    ((dur, inside),) = long_tasks(events, "blog.html")
    assert dur == 20.0
    assert inside == {
        "ParseHTML": 1.0,
        "LocalFrameView::performLayout": 7.0,
        "InlineNode::ShapeTextIncludingFirstLine": 2.0,
    }
    (cpu, inside_cpu), _ = long_tasks(events, "blog.html", 4.0, "tdur")
    assert cpu == 16.0 and inside_cpu["LocalFrameView::performLayout"] == 6.0


def test_the_variants_change_only_the_posters() -> None:
    code = '<table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:10px"><table x><tr><td><a><img src="p.jpg"></a> ▶ Tap</td></tr></table></td></tr></table>\n<script src="embed.js" async></script>'
    assert VARIANTS["blog"](code) == code and VARIANTS["plain"](code) == ""
    assert '<img loading="lazy" decoding="async" src' in VARIANTS["lazy"](code)
    assert "<img" not in VARIANTS["noimg"](code) and "▶" not in VARIANTS["noarrow"](code)
    assert (
        VARIANTS["flat"](code).startswith('<table align="center" x>')
        and VARIANTS["flat"](code).count("<table") == 1
    )
    assert VARIANTS["cv"](code).startswith(
        '<div style="content-visibility:auto'
    ) and "</div>\n<script" in VARIANTS["cv"](code)
