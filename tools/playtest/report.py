"""Report model of the playtest lab and its writers (Markdown, JSON, matplotlib PNG, index page)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


@dataclass(frozen=True)
class LabConfig:
    """What a lab run was asked for: games per configuration, base seed, output folder, big run."""

    games: int
    seed: int = 0
    out: Path = Path("lab-reports")
    full: bool = False
    workers: int = 2


@dataclass
class Metric:
    """One headline figure with its definition, the design's reference figure and the issue's target."""

    key: str
    label: str
    value: Any
    definition: str
    reference: str = ""
    target: str = ""
    ok: bool | None = None  # True/False when a target exists and is met/missed


@dataclass
class Table:
    """A titled table (e.g. per level, per ship count)."""

    title: str
    columns: list[str]
    rows: list[list[Any]]
    note: str = ""


@dataclass
class Plot:
    """A PNG plot: ``draw(ax)`` fills one matplotlib Axes."""

    name: str
    title: str
    draw: Callable[[Any], None]
    xlabel: str = ""
    ylabel: str = ""


@dataclass
class Report:
    """Everything one game's lab run found."""

    game: str
    title: str
    config: LabConfig
    summary: str = ""
    metrics: list[Metric] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    plots: list[Plot] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def metric(self, key: str) -> Metric:
        """The metric named ``key`` (KeyError if absent)."""
        for m in self.metrics:
            if m.key == key:
                return m
        raise KeyError(key)


def fmt(v: Any) -> str:
    """A value as a report shows it: floats to 3 significant digits, shares as given."""
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if math.isnan(f):
            return "–"
        if f == int(f) and abs(f) < 1e15:
            return str(int(f))
        return f"{f:.3g}" if abs(f) < 1000 else f"{f:,.0f}"
    if isinstance(v, (np.integer,)):
        return str(int(v))
    return str(v)


def to_jsonable(v: Any) -> Any:
    """Convert numpy values, tuples, paths and dataclass-free containers to plain JSON types."""
    if isinstance(v, dict):
        return {str(k): to_jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [to_jsonable(x) for x in v]
    if isinstance(v, np.ndarray):
        return to_jsonable(v.tolist())
    if isinstance(v, (np.bool_,)):
        return bool(v)
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        return None if math.isnan(f) or math.isinf(f) else f
    if isinstance(v, Path):
        return str(v)
    return v


def _md_table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    out = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(fmt(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return out


def markdown(report: Report, plot_files: Sequence[str]) -> str:
    """The report as Markdown: headline metrics (value, target, reference, definition), tables, plots."""
    c = report.config
    lines = [
        f"# Playtest lab — {report.title}",
        "",
        f"Games per configuration: {c.games} · base seed {c.seed} · {'full' if c.full else 'default'} run"
        f" · {report.seconds:.1f} s",
        "",
    ]
    if report.summary:
        lines += [report.summary, ""]
    lines += ["## Headline metrics", ""]
    rows = []
    for m in report.metrics:
        status = "" if m.ok is None else ("✅" if m.ok else "❌")
        rows.append([m.label, fmt(m.value), f"{m.target} {status}".strip(), m.reference or "–", m.definition])
    lines += _md_table(["metric", "value", "target", "seed reference", "definition"], rows)
    for t in report.tables:
        lines += ["", f"## {t.title}", ""]
        if t.note:
            lines += [t.note, ""]
        lines += _md_table(t.columns, t.rows)
    if plot_files:
        lines += ["", "## Plots", ""]
        for p, f in zip(report.plots, plot_files):
            lines += [f"### {p.title}", "", f"![{p.title}]({f})", ""]
    return "\n".join(lines) + "\n"


def render_plots(report: Report, out: Path) -> list[str]:
    """Draw each plot to ``out/<game>-<name>.png``; returns the file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    for p in report.plots:
        fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
        p.draw(ax)
        ax.set_title(p.title)
        if p.xlabel:
            ax.set_xlabel(p.xlabel)
        if p.ylabel:
            ax.set_ylabel(p.ylabel)
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=8)
        fig.tight_layout()
        name = f"{report.game}-{p.name}.png"
        fig.savefig(out / name)
        plt.close(fig)
        names.append(name)
    return names


def write_report(report: Report, out: Path | None = None) -> dict[str, Path]:
    """Write ``<game>.md``, ``<game>.json`` and the PNG plots; returns the paths written."""
    out = Path(out or report.config.out)
    out.mkdir(parents=True, exist_ok=True)
    plots = render_plots(report, out)
    md = out / f"{report.game}.md"
    md.write_text(markdown(report, plots), encoding="utf-8")
    js = out / f"{report.game}.json"
    payload = {
        "game": report.game,
        "title": report.title,
        "config": {
            "games": report.config.games,
            "seed": report.config.seed,
            "full": report.config.full,
        },
        "seconds": report.seconds,
        "metrics": [
            {
                "key": m.key,
                "label": m.label,
                "value": m.value,
                "definition": m.definition,
                "reference": m.reference,
                "target": m.target,
                "ok": m.ok,
            }
            for m in report.metrics
        ],
        "tables": [{"title": t.title, "columns": t.columns, "rows": t.rows} for t in report.tables],
        "plots": plots,
        "data": report.data,
    }
    js.write_text(json.dumps(to_jsonable(payload), indent=1, ensure_ascii=False), encoding="utf-8")
    paths = {"md": md, "json": js}
    paths.update({name: out / name for name in plots})
    return paths


def write_index(reports: Sequence[Report], failures: dict[str, str], out: Path) -> Path:
    """An index page (Markdown) linking every report with its headline metrics."""
    lines = ["# Playtest lab — index", ""]
    for r in reports:
        lines += [f"## [{r.title}]({r.game}.md)", ""]
        rows = [
            [m.label, fmt(m.value), f"{m.target} {'' if m.ok is None else ('✅' if m.ok else '❌')}".strip()]
            for m in r.metrics
        ]
        lines += _md_table(["metric", "value", "target"], rows) + [""]
    for game, why in failures.items():
        lines += [f"## {game}: no report", "", f"    {why}", ""]
    path = out / "index.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
