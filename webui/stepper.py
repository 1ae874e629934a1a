"""⏮ ◀ ▶ ⏭ step controls, drawn the same way wherever a view steps (the lay-off replay on the
Lay-off table and Play pages, the review of a hand on the Play page).

The step lives in the session under ``key``; :func:`step_controls` draws the buttons and
"Step 2 of 9", clamps the step to ``1..count`` and, with ``keys``, listens for the arrow keys
(``webui.keys``) and says so, on a keyboard device only: a phone is told to tap the buttons.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from chinchon.views.i18n import t
from webui.keys import STEP_KEYS, keys_hint, step_keys

#: The buttons: icon and name (the help text is ``layoffs.replay.NAME``). Material icons, the
#: font Streamlit ships: Debian's chromium fonts draw ⏮ and ⏭ as empty boxes.
SYMBOLS = ((":material/first_page:", "first"), (":material/chevron_left:", "back"),
           (":material/chevron_right:", "next"), (":material/last_page:", "last"))
#: The arrow keys, Home and End (Space is left to the focused button).
ARROWS = {key: action for key, action in STEP_KEYS.items() if key != " "}


def go_to(key: str, step: int, count: int) -> None:
    """Set the step under ``key`` to ``step``, kept within ``1..count``."""
    st.session_state[key] = min(max(step, 1), max(count, 1))


def _on_key(action: str, key: str, step: int, count: int) -> None:
    moves = {"next": step + 1, "back": step - 1, "first": 1, "last": count}
    go_to(key, moves.get(action, step), count)


def current_step(key: str, count: int, start: int = 1) -> int:
    """The step under ``key`` (``start`` the first time), within ``1..count`` (0: no step)."""
    if not count:
        return 0
    return min(max(int(st.session_state.get(key, start)), 1), count)


def step_controls(key: str, count: int, lang: str, *, keys: bool = True, start: int = 1,
                  label: str | None = None) -> int:
    """The four buttons and where you are (the message ``label`` with ``step`` and ``count``:
    "Step 2 of 9"), then, when the arrow keys step, how to step on this device: the keys on a
    keyboard, a tap on the buttons on a phone (:func:`webui.keys.keys_hint`); returns the step shown."""
    step = current_step(key, count, start)
    targets = {"first": 1, "back": step - 1, "next": step + 1, "last": count}
    with st.container(horizontal=True, vertical_alignment="center"):
        for icon, name in SYMBOLS:
            target = targets[name]
            st.button("", icon=icon, key=f"{key}-{name}", on_click=go_to, args=(key, target, count),
                      help=t(f"layoffs.replay.{name}", lang),
                      disabled=(target < 1 or target > count or target == step))
        st.markdown(t(label or "review.replay_at", lang, step=step, count=count))
        if keys and count > 1:
            keys_hint(t("review.step_keys", lang), t("review.step_tap", lang))
    if keys and count:
        step_keys(f"{key}-keys", partial(_on_key, key=key, step=step, count=count), ARROWS)
    return step


__all__ = ["ARROWS", "SYMBOLS", "current_step", "go_to", "step_controls"]
