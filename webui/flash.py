"""A message a button's callback leaves for the next run of its page, said once there.

A callback runs before the page is drawn, so what it has to say (saved, refused by name) waits
in the session under its page's slot until the page shows it.
"""

from __future__ import annotations

import streamlit as st

from chinchon.views.i18n import t

KINDS = ("success", "error", "warning", "info")


def leave(slot: str, kind: str, key: str, **values: object) -> None:
    """Keep the text ``key`` (filled with ``values``) for the next :func:`say` of ``slot``."""
    if kind not in KINDS:
        raise ValueError(f"not a kind of message: {kind!r} (one of {', '.join(KINDS)})")
    st.session_state[f"{slot}_flash"] = (kind, key, values)


def say(slot: str, lang: str) -> None:
    """Show what was left for ``slot``, in ``lang``, once."""
    said = st.session_state.pop(f"{slot}_flash", None)
    if said:
        kind, key, values = said
        getattr(st, kind)(t(key, lang, **values))
