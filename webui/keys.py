"""Keyboard control for step-by-step views (teacher mode, the lay-off replay, the tour).

One tiny v2 component listens to ``keydown`` on the whole document and sends a named action
back to Python as a one-rerun trigger: a presenter's clicker (which sends → / ← / Space /
PageDown / PageUp) or the arrow keys step through a view without clicking its buttons. Keys
typed into a text box, a select or an editable element are left alone.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from pathlib import Path

import streamlit as st

#: Key (``KeyboardEvent.key``) → action, for a view that steps forward and back.
STEP_KEYS: Mapping[str, str] = {
    "ArrowRight": "next", " ": "next", "PageDown": "next",
    "ArrowLeft": "back", "PageUp": "back",
    "Home": "first", "End": "last",
}

_COMPONENT = st.components.v2.component(
    "chinchon_step_keys", js=Path(__file__).with_name("keys.js").read_text(encoding="utf-8"))

#: Which of the hint's two texts shows, on a keyboard device or a phone.
_HINT_CSS = Path(__file__).with_name("keys.css").read_text(encoding="utf-8")


def keys_hint(keys: str, tap: str = "", *, caption: bool = False) -> None:
    """The words ``keys`` about keys, shown on a keyboard device only; on a phone ``tap``
    (what to tap instead) or nothing (a ``data-keys-hint`` hook). ``caption``: in a
    caption's size."""
    size = "font-size:.875rem;" if caption else ""
    st.html(f'<style>{_HINT_CSS}</style><div data-keys-hint style="{size}opacity:.75">'
            f'<span class="keys-hint-keys">{html.escape(keys)}</span>'
            f'<span class="keys-hint-tap">{html.escape(tap)}</span></div>')


def step_keys(key: str, on_action: Callable[[str], None],
              keys: Mapping[str, str] = STEP_KEYS) -> None:
    """Listen for ``keys`` on the page; each press calls ``on_action(action)`` before the rerun.

    Mount it once per view with a stable ``key``; it takes no room on the page.
    """

    def fire() -> None:
        state = st.session_state.get(key)
        action = state.get("action") if state is not None else None
        if isinstance(action, str):
            on_action(action)

    _COMPONENT(key=key, data={"name": key, "keys": dict(keys)}, on_action_change=fire)
