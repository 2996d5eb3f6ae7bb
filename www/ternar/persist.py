"""Records the Ternar page keeps beside the save: the career profile (Best per mode, stored merged
with another tab's: ``merge_profile``), the telemetry log (19.5, exportable) and the tutorial's
"seen" mark. Imported when a game ends, on export or when the tutorial closes — not
before the first frame."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from engine.ternar import State
from engine.ternar.telemetry import Profile, TelemetryLog, append_record, telemetry

from ..shared.merge import rules_merge

if TYPE_CHECKING:
    from gwweb.shared.storage import Storage


class TutorialSeen(BaseModel):
    """Stored once the tutorial was finished or skipped."""

    done: bool = True


#: two tabs' profiles merge on every write: each mode's Best and the session count by maximum; the
#: guardrail, its streak and the last recorded session are this tab's (the engine decides them)
merge_profile = rules_merge({"best_classic": "max", "best_storm": "max", "sessions": "max"})


def fresh_profile(storage: Storage, profile: Profile) -> Profile:
    """``profile`` with what another tab stored since (its Best stays Best here too); no write."""
    return storage.merged("profile", profile, merge_profile)


def store_profile(storage: Storage, profile: Profile) -> Profile:
    """Store ``profile`` merged with the stored one; the merged profile."""
    return storage.update("profile", profile, merge_profile)


def salvaged_profile(
    storage: Storage, raw: str | None, notify: Callable[[str], None], t: Callable[..., str]
) -> Profile:
    """No readable profile: a damaged one (the storage kept it aside, ``raw``) gives back its Bests,
    stored again and told to the player; else a fresh ``Profile``. Only imported for a damaged one."""
    from engine.ternar.telemetry import salvage_profile

    if raw is None:
        return Profile()
    try:
        data = json.loads(raw).get("data")
    except (ValueError, TypeError, AttributeError):
        return Profile()
    got = salvage_profile(data)
    if got is None:
        return Profile()
    storage.save("profile", got)
    notify(t("profile_salvaged", classic=got.best_classic, storm=got.best_storm))
    return got


def mark_tutorial_seen(storage: Storage) -> None:
    storage.save("tutorial", TutorialSeen())


def log_session(storage: Storage, state: State) -> None:
    """Append the finished session's telemetry record (the engine keeps the newest 200)."""
    log = storage.load("telemetry", TelemetryLog) or TelemetryLog()
    storage.save("telemetry", append_record(log, telemetry(state)))


def telemetry_json(storage: Storage, state: State) -> str:
    """The stored records plus the game in progress, as the JSON the export copies."""
    log = storage.load("telemetry", TelemetryLog) or TelemetryLog()
    recs = [r.model_dump(mode="json") for r in log.records]
    if state.outcome is None:
        recs.append(telemetry(state).model_dump(mode="json"))
    return json.dumps(recs, ensure_ascii=False, indent=1)


def export(text: str, done: Callable[[bool], None]) -> None:
    """Copy ``text`` to the clipboard; ``done(ok)`` comes with the clipboard's answer (a blocked
    clipboard — permissions, an iframe — prints the text to the console instead)."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    def failed(*_a: object) -> None:
        js.console.log(text)
        done(False)

    try:
        js.navigator.clipboard.writeText(text).then(
            create_once_callable(lambda *_a: done(True)), create_once_callable(failed)
        )
    except Exception:
        failed()


def share_link(href: str, seed: int, mode: str) -> str:
    """The address of this page that starts game ``seed`` in ``mode`` (issue #30's Share button): the
    page's own address without its query or ``#`` part, plus ``?seed=N&mode=…``. No server is asked;
    the link opens offline too once the page is installed."""
    from engine.ternar.seeds import link_query

    base = href.split("#", 1)[0].split("?", 1)[0]
    return base + link_query(seed, mode)


def share(href: str, seed: int, mode: str, say: Callable[[bool, str], None]) -> None:
    """Copy this game's link to the clipboard; ``say(copied, link)`` tells the player. Where the
    clipboard is refused (an iframe, no permission) the link is also shown in a prompt to copy by hand."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    link = share_link(href, seed, mode)

    def failed(*_a: object) -> None:
        say(False, link)
        try:
            js.window.prompt("", link)
        except Exception:  # noqa: BLE001 - a sandboxed frame has no prompt; the toast names the link
            pass

    try:
        js.navigator.clipboard.writeText(link).then(
            create_once_callable(lambda *_a: say(True, link)), create_once_callable(failed)
        )
    except Exception:  # noqa: BLE001 - no clipboard at all
        failed()
