"""What the Reactor page says to screen readers (#24, as Floodline's ``announce``), through
``shell.announce``: after each pulse the pulse number, the reactor's state and the warnings and
forecast rows the panel lists; after a win the stars against par and the best pulses. The level's
end itself (won, or lost and why) is said by its toast. Pure wording: tested in CPython."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.reactor import status

from .strings import warning_text

MOST = 4  # rows read out after a pulse (the panel lists them all)


def pulse_words(t: Callable[..., str], lang: str, state: Any) -> str:
    """ "Pulse 3: CAUTION. Now: ...; in 2: ..." for the state after a pulse."""
    stat = status(state)
    rows: list[tuple[str, Any, Any, Any]]
    rows = [(t("now"), w["kind"], w["carrier"], tuple(w["cell"])) for w in stat["warnings"]]
    rows += [
        (
            t("pulse_in", n=f["pulse"]),
            f["kind"],
            f["subject"],
            None if f["cell"] is None else tuple(f["cell"]),
        )
        for f in stat["forecasts"]
    ]
    said = [f"{when}: {warning_text(lang, kind, subject, cell)}" for when, kind, subject, cell in rows[:MOST]]
    if len(rows) > MOST:
        said.append("…")
    head = f"{t('pulse', n=state.pulse)}: {t('state_' + state.level_state)}."
    return " ".join([head, "; ".join(said) if said else t("no_forecast")])


def won_words(
    t: Callable[..., str], stars: int | None, pulses: int, par: int | None, best: int | None
) -> str:
    """The result of a win: stars out of three against par, and the best pulses on this map."""
    parts = []  # ("Level complete!" is the toast's, also spoken)
    if stars is not None and par is not None:
        parts.append(t("sr_stars", n=stars) + " " + t("par_line", n=pulses, par=par))
    if best is not None:
        parts.append(t("best_line", n=best))
    return " ".join(parts)


def announce_pulse(shell: Any, t: Callable[..., str], state: Any) -> None:
    shell.announce(pulse_words(t, shell.i18n.lang, state))
