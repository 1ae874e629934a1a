"""The house-rules editor's Streamlit side: a widget per house option, the code they make, and
the reset (the page, ``pages/8_House_rules.py``, lays them out). What the widgets start from and
the code they make is :mod:`chinchon.views.house`.

Session keys: ``house-<profile>-<key>`` per widget (the close is ``-close-kind`` and
``-close-limit``), ``house-error`` (the part of the last code refused, and why).
"""

from __future__ import annotations

import streamlit as st

from chinchon.engine.rules import HOUSE_KEYS, HouseRulesError, Rules
from chinchon.views import house
from chinchon.views.i18n import t
from webui.ui import set_house_code

S = st.session_state
ERROR_KEY = "house-error"
#: Every widget's name: one per house key, the close as a kind and a limit.
WIDGETS = (*(key for key in HOUSE_KEYS if key != "close"), house.CLOSE_KIND, house.CLOSE_LIMIT)


def widget_key(rules_id: str, name: str) -> str:
    return f"house-{rules_id}-{name}"


def _on_change(rules_id: str) -> None:
    """A widget changed: the code the widgets make becomes the session's rules (or the part
    refused is kept, to be named)."""
    widgets = {name: S[widget_key(rules_id, name)] for name in WIDGETS
               if widget_key(rules_id, name) in S}
    try:
        code = house.build_code(rules_id, house.chosen(widgets))
    except HouseRulesError as error:
        S[ERROR_KEY] = (error.part, str(error))
        return
    S.pop(ERROR_KEY, None)
    set_house_code(code)


def _reset(rules_id: str) -> None:
    for key in [k for k in S if str(k).startswith(f"house-{rules_id}-")]:
        del S[key]
    set_house_code(None)


def _init(rules_id: str, name: str, value: object) -> None:
    S.setdefault(widget_key(rules_id, name), value)


def _label(key: str, lang: str) -> str:
    return t(f"house.key.{key}", lang)


def _choice(rules: Rules, rules_id: str, key: str, start: object, lang: str) -> None:
    """A select box of ``key``'s choices, each in words."""
    _init(rules_id, key, start)
    st.selectbox(_label(key, lang), house.options(key), key=widget_key(rules_id, key),
                 on_change=_on_change, args=(rules_id,),
                 format_func=lambda value: house.choice_text(key, value, lang, rules.minus_ten))


def _number(rules_id: str, key: str, start: object, lang: str, *,
            placeholder: str | None = None) -> None:
    low, high = house.NUMBER_KEYS[key]
    _init(rules_id, key, start)
    st.number_input(_label(key, lang), low, high, key=widget_key(rules_id, key),
                    on_change=_on_change, args=(rules_id,), placeholder=placeholder)


def card_options(rules: Rules, rules_id: str, lang: str) -> None:
    """The cards: deck, decks, jokers, figures, the jokers' points, seven-ten (40 cards)."""
    start = house.start_values(rules)
    st.subheader(t("house.cards", lang))
    for key in house.CARD_KEYS:
        if key in house.NUMBER_KEYS:
            _number(rules_id, key, start[key], lang)
        elif key == "seven-ten" and start["deck"] != "40":
            # Only a 40-card deck jumps from the 7 to the sota; its widget waits until then.
            st.caption(t("house.seven_ten_48", lang))
        else:
            _choice(rules, rules_id, key, start[key], lang)


def play_options(rules: Rules, rules_id: str, lang: str) -> None:
    """The play: the close (a kind and its limit), the first round, the chinchón, the −10,
    the limit and the returns."""
    start = house.start_values(rules)
    st.subheader(t("house.play", lang))
    _init(rules_id, house.CLOSE_KIND, start[house.CLOSE_KIND])
    _init(rules_id, house.CLOSE_LIMIT, start[house.CLOSE_LIMIT])
    st.selectbox(_label("close", lang), house.CLOSE_KINDS,
                 key=widget_key(rules_id, house.CLOSE_KIND), on_change=_on_change,
                 args=(rules_id,), format_func=lambda v: t(f"house.value.close.{v}", lang))
    if S[widget_key(rules_id, house.CLOSE_KIND)] != "all-melded":
        st.number_input(t("house.close_limit", lang), 0, 50,
                        key=widget_key(rules_id, house.CLOSE_LIMIT), on_change=_on_change,
                        args=(rules_id,))
    for key in house.PLAY_CHOICE_KEYS:
        _choice(rules, rules_id, key, start[key], lang)
    for key in house.PLAY_NUMBER_KEYS:
        _number(rules_id, key, start[key], lang,
                placeholder=t("house.returns_unlimited", lang) if key == "returns" else None)


def refused_part() -> str | None:
    """The part of the last code the library refused, if the widgets made one."""
    error = S.get(ERROR_KEY)
    return None if error is None else str(error[0])


def reset_button(rules_id: str, profile: str, lang: str, *, disabled: bool) -> None:
    st.button(t("house.reset", lang, profile=profile), on_click=_reset, args=(rules_id,),
              disabled=disabled)
