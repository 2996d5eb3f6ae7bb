"""Key hints in help, pause and tutorial texts, built from the current bindings (or the touch pad).

String-table texts name keys through placeholders (``{move}``, ``{hard}``, ``{tilt34}``, ...);
``hint_fmt`` fills them from ``shell.input.bindings`` after any rebinding, or with the touch pad's
button labels on touch devices. Pure Python (no ``js``) so it is unit-testable in CPython.
"""

from __future__ import annotations

from typing import Any

NAMES = {
    "Space": ("Space", "Пробел"),
    "Escape": ("Esc", "Esc"),
    "Enter": ("Enter", "Enter"),
    "Backspace": ("Backspace", "Backspace"),
    "Tab": ("Tab", "Tab"),
    "ControlLeft": ("Ctrl", "Ctrl"),
    "ControlRight": ("Ctrl", "Ctrl"),
    "ShiftLeft": ("Shift", "Shift"),
    "ShiftRight": ("Shift", "Shift"),
    "AltLeft": ("Alt", "Alt"),
    "AltRight": ("Alt", "Alt"),
    "MetaLeft": ("Meta", "Meta"),
    "MetaRight": ("Meta", "Meta"),
    "CapsLock": ("Caps", "Caps"),
    "BracketLeft": ("[", "["),
    "BracketRight": ("]", "]"),
    "Semicolon": (";", ";"),
    "Quote": ("'", "'"),
    "Comma": (",", ","),
    "Period": (".", "."),
    "Slash": ("/", "/"),
    "Backslash": ("\\", "\\"),
    "Minus": ("-", "-"),
    "Equal": ("=", "="),
    "Backquote": ("`", "`"),
    "ArrowLeft": ("←", "←"),
    "ArrowRight": ("→", "→"),
    "ArrowUp": ("↑", "↑"),
    "ArrowDown": ("↓", "↓"),
}
UNBOUND = "—"
# the pad's labels (hud.PAD_ROWS / pad_label) as tips name them on touch devices
PAD = {
    "move": "◀▲▼▶",
    "yaw": "⟲/⟳",
    "pitch": "P↑/P↓",
    "roll": "R↶/R↷",
    "tilt": "T↑T↓T←T→",
    "tilt12": "T↑/T↓",
    "tilt34": "T←/T→",
    "cut": "",
    "view": "",
}


def key_label(code: str, lang: str = "en") -> str:
    """How a ``KeyboardEvent.code`` is written in a hint: ``KeyN`` → ``N``, ``Digit3`` → ``3``."""
    if code in NAMES:
        return NAMES[code][1 if lang == "ru" else 0]
    for prefix in ("Key", "Digit"):
        if code.startswith(prefix) and len(code) > len(prefix):
            return code[len(prefix) :]
    if code.startswith("Numpad"):
        return "Num" + code[6:]
    return code


def keys_of(bindings: dict[str, str], action: str, lang: str = "en") -> list[str]:
    """Labels of the keys bound to ``action`` (arrow alternates left out, duplicates merged)."""
    out: list[str] = []
    for code, act in bindings.items():
        if act != action or code.startswith("Arrow"):
            continue
        label = key_label(code, lang)
        if label not in out:
            out.append(label)
    return out


def _one(bindings: dict[str, str], action: str, lang: str) -> str:
    keys = keys_of(bindings, action, lang)
    return "/".join(keys) if keys else UNBOUND


def _first(bindings: dict[str, str], action: str, lang: str) -> str:
    keys = keys_of(bindings, action, lang)
    return keys[0] if keys else UNBOUND


def _seq(labels: list[str]) -> str:
    """``1/2/3/4`` → ``1–4`` and ``F1/F2/F3/F4`` → ``F1–F4`` when the keys run in order."""
    if len(labels) > 2 and all(lbl[-1:].isdigit() for lbl in labels):
        head = labels[0][:-1]
        nums = [lbl[len(head) :] for lbl in labels]
        if all(lbl[:-1] == head for lbl in labels) and all(n.isdigit() for n in nums):
            vals = [int(n) for n in nums]
            if vals == list(range(vals[0], vals[0] + len(vals))):
                return f"{labels[0]}–{labels[-1]}"
    return "/".join(labels)


def hint_fmt(
    bindings: dict[str, str], lang: str = "en", touch: bool = False, t: Any = None, view_label: str = "NE"
) -> dict[str, str]:
    """Placeholder values for the string tables' key hints.

    Keyboard: the first key of each action (``{hard}`` → ``Space``), joined groups (``{move}`` →
    ``A/D/W/S``, ``{tilt}`` → ``1–4``). Touch (``touch=True``): the pad's labels; ``t`` translates the
    pad's word labels (``pad_hard`` …). ``{viewbtn}`` is the top bar's view button label (the current
    snap view, ``NE`` … ``SE``)."""
    ru = lang == "ru"
    f: dict[str, str] = {}
    actions = (
        "left right away near yawL yawR pitchU pitchD rollL rollR soft hard hold tilt1 tilt2 tilt3 tilt4 "
        "stabilize freeze drain basins pause cutDown cutUp view1 view2 view3 view4 mute"
    ).split()
    for a in actions:
        f[a] = _one(bindings, a, lang)
    firsts = {a: _first(bindings, a, lang) for a in actions}
    f["move"] = "/".join(firsts[a] for a in ("left", "right", "away", "near"))
    f["yaw"] = f"{firsts['yawL']}/{firsts['yawR']}"
    f["pitch"] = f"{firsts['pitchU']}/{firsts['pitchD']}"
    f["roll"] = f"{firsts['rollL']}/{firsts['rollR']}"
    f["tilt"] = _seq([firsts[f"tilt{i}"] for i in range(1, 5)])
    f["tilt12"] = f"{firsts['tilt1']}/{firsts['tilt2']}"
    f["tilt34"] = f"{firsts['tilt3']}/{firsts['tilt4']}"
    f["view"] = _seq([firsts[f"view{i}"] for i in range(1, 5)])
    f["cut"] = f"{firsts['cutDown']} {firsts['cutUp']}"
    f["soft"] = (" или " if ru else " or ").join(keys_of(bindings, "soft", lang)) or UNBOUND
    f["arrows"] = " (или стрелками)" if ru else " (or arrows)"
    f["preview"] = f"Alt+{f['tilt']} — превью наклона" if ru else f"Alt+{f['tilt']} previews a tilt"
    f["preview34"] = f"Alt+{f['tilt34']} — превью наклона" if ru else f"Alt+{f['tilt34']} previews a tilt"
    f["peek"] = "Alt"
    f["stop"] = f["pause"]
    f["viewbtn"] = view_label
    if not touch:
        return f
    tr = t if t is not None else (lambda key: key)
    f.update(PAD)
    f["arrows"] = ""
    for a in ("hard", "hold", "stabilize", "freeze", "drain", "pause"):
        f[a] = str(tr("pad_" + a))
    peek = str(tr("pad_peek"))
    f["peek"] = peek
    f["stop"] = str(tr("pad_stop"))
    f["preview"] = (
        f"{peek}, затем кнопка T — превью наклона"
        if ru
        else f"Tap {peek}, then a T button, to preview a tilt"
    )
    f["preview34"] = (
        f"{peek}, затем T←/T→ — превью наклона" if ru else f"Tap {peek}, then T← or T→, to preview a tilt"
    )
    return f
