"""Clickable card faces, in one v2 component: the hand lab's deck picker, the puzzle's hand, the
Play table's hand and its draw and close buttons.

A click sends the card's code back to Python as a one-rerun trigger; read it inside the
``on_click`` callback with :func:`clicked_card`. Every card button carries ``data-card="<code>"``.
Optional action buttons (:class:`ActionButton`) carry ``data-action="<name>"`` and send their
name to ``on_action``, read with :func:`clicked_action`. Both parse what the browser sent like
any user input: a value that is not one of the codes or actions drawn (a tampered websocket
message) gives a warning naming it, never a traceback. The component builds its buttons with
DOM calls from card codes and fixed translated names only, so no user text ever reaches its
markup. ``data-card`` and ``data-action`` are a contract: scripts and tests find buttons by them.
AppTest cannot click inside it: the browser tests do.

The faces are not in the component's data: each button's face is a background image, a
static file (:mod:`webui.faces`) named by its address, so a click sends the codes, their marks
and addresses, a few kB (the faces were a 270 kB stylesheet of data URIs, hashed by the server
at every run); the browser loads each face once for every page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import streamlit as st

from chinchon.engine.cards import Card
from chinchon.engine.rules import Rules
from chinchon.views.handlab import deck_rows
from chinchon.views.i18n import LANGUAGES, card_name, t
from chinchon.views.svg import card_height
from webui.faces import back_url, face_url
from webui.url_state import literal

#: Marks a button may carry: a card taken into the hand (``twice``: both copies of two decks,
#: or both jokers), a wrong or the right answer; on the Play table the card just drawn
#: (``new``), a card you may close with (``closes``) and the coach's hint (``hint``).
STATES = ("taken", "twice", "wrong", "right", "new", "closes", "hint")


@dataclass(frozen=True)
class ActionButton:
    """A button beside the cards, ``data-action="<action>"``: a card face (``card``), a card
    back (``back``) or text only; ``label`` (fixed, translated text) is shown under it."""

    action: str
    label: str
    disabled: bool = False
    title: str = ""
    card: str | None = None
    back: bool = False
    primary: bool = False
    #: One of :data:`STATES` (e.g. ``hint``), shown like a card's mark.
    state: str | None = None


# Not isolated in a shadow root: the page's styles (the site's and the theme's colours) reach
# the buttons, and a face's relative address resolves against the page's.
_COMPONENT = st.components.v2.component(
    "chinchon_card_buttons", isolate_styles=False,
    css=Path(__file__).with_name("card_buttons.css").read_text(encoding="utf-8"),
    js=Path(__file__).with_name("card_buttons.js").read_text(encoding="utf-8"))


@lru_cache(maxsize=1024)
def _name(code: str, lang: str) -> str:
    return card_name(code, lang)


def card_buttons(rows: Sequence[Sequence[str]], lang: str, *, key: str, label: str,
                 on_click: Callable[[], None], states: Mapping[str, str | None] | None = None,
                 disabled: bool = False, width: int = 84, gap: int = 10,
                 captions: Mapping[str, str] | None = None,
                 actions: Sequence[ActionButton] = (),
                 on_action: Callable[[], None] | None = None, inline: bool = False,
                 highlight: Collection[str] = (), fit: bool = False,
                 wild: Collection[str] = ()) -> None:
    """Rows of clickable card faces; ``states`` marks codes with one of :data:`STATES`.

    ``captions`` puts a short text under a card; ``actions`` are buttons shown before the
    cards (their clicks go to ``on_action``); ``inline`` lays the rows side by side (groups);
    ``highlight`` rings codes whatever their state (the puzzle's hint); ``fit`` keeps each row
    on one line, the cards overlapping where the screen is too narrow; the faces of ``wild``
    codes carry the wild card's mark.
    """
    codes = {code for row in rows for code in row} | {a.card for a in actions if a.card}
    st.session_state[_offered_key(key)] = (frozenset(code for row in rows for code in row),
                                           frozenset(a.action for a in actions))
    marks = {code: state for code, state in (states or {}).items() if state in STATES}
    data: dict[str, object] = {
        "rows": [list(row) for row in rows], "label": label, "disabled": disabled,
        "names": {code: _name(code, lang) for code in codes}, "states": marks,
        "faces": {code: face_url(code, None, lang, wild=code in wild) for code in codes},
        "width": width, "height": card_height(width), "gap": gap}
    if captions:
        data["captions"] = dict(captions)
    if actions:
        data["actions"] = [{"action": a.action, "label": a.label, "disabled": a.disabled,
                            "title": a.title, "card": a.card, "back": a.back,
                            "primary": a.primary,
                            "state": a.state if a.state in STATES else None}
                           for a in actions]
        data["back"] = back_url()
    if inline:
        data["inline"] = True
    if highlight:
        data["highlight"] = sorted(highlight)
    if fit:
        data["fit"] = True
    if on_action is None:
        _COMPONENT(key=key, data=data, on_clicked_change=on_click)
    else:
        _COMPONENT(key=key, data=data, on_clicked_change=on_click, on_action_change=on_action)


def card_picker(rules: Rules, hand: Sequence[Card], *, lang: str, label: str, key: str,
                on_click: Callable[[], None], width: int = 50) -> None:
    """The deck of ``rules``, one row per suit (jokers last), the cards of ``hand`` marked as
    taken, or ``twice`` when the hand holds two copies (two decks, two jokers)."""
    rows = [[card.code() for card in row] for row in deck_rows(rules)]
    held = Counter(card.code() for card in hand)
    card_buttons(rows, lang, key=key, label=label, on_click=on_click, width=width, gap=4,
                 states={code: "twice" if count > 1 else "taken" for code, count in held.items()})


def _offered_key(key: str) -> str:
    return f"_{key}_offered"


def parse_click(state: Any, offered: Collection[str], field: str = "clicked"
                ) -> tuple[str | None, Any]:
    """``(value, None)`` for a click on one of the ``offered`` codes (or action names, with
    ``field="action"``), ``(None, None)`` for no click, ``(None, bad)`` for anything else the
    browser sent (a code not drawn, text, a number, a list, a state that is not an object).

    >>> parse_click({"clicked": "7o"}, {"7o", "7c"})
    ('7o', None)
    >>> parse_click({"clicked": "8o"}, {"7o"}), parse_click("x", {"7o"})
    ((None, '8o'), (None, 'x'))
    """
    if state is None:
        return None, None
    if not isinstance(state, Mapping):
        return None, state
    value = state.get(field)
    if value is None:
        return None, None
    if isinstance(value, str) and value in offered:
        return value, None
    return None, value


def _parsed(key: str, field: str) -> str | None:
    cards, actions = st.session_state.get(_offered_key(key), (frozenset(), frozenset()))
    value, bad = parse_click(st.session_state.get(key), cards if field == "clicked" else actions,
                             field)
    if bad is not None:
        lang = st.session_state.get("lang")
        text = bad if isinstance(bad, str) else repr(bad)
        st.warning(t("warning.bad_click", lang if lang in LANGUAGES else LANGUAGES[0],
                     value=literal(text)), icon="⚠️")
    return value


def clicked_card(key: str) -> str | None:
    """Inside ``on_click`` of :func:`card_buttons`: the code of the card just clicked, one of
    those drawn; any other value shows a warning naming it and gives None."""
    return _parsed(key, "clicked")


def clicked_action(key: str) -> str | None:
    """Inside ``on_action`` of :func:`card_buttons`: the name of the action button clicked, one
    of those drawn; any other value shows a warning naming it and gives None."""
    return _parsed(key, "action")
