"""House rules: start from a profile, change what your table plays, share the link."""

from __future__ import annotations

import streamlit as st

from chinchon.engine.rules import HOUSE_CHOICES, HOUSE_KEYS, HouseRulesError
from chinchon.views import house
from chinchon.views.i18n import t
from webui.ui import current_rules, house_code, set_house_code, setup_page
from webui.url_state import literal

lang, rules_id = setup_page("house_rules")
rules = current_rules(rules_id)
profile = t(f"profile.{rules_id}.name", lang)
st.title(t("page.house_rules", lang))
st.markdown(t("house.intro", lang, profile=profile))

values = house.house_values(rules)


def widget_key(key: str) -> str:
    return f"house-{rules_id}-{key}"


def chosen() -> dict[str, str]:
    """The values of the page's widgets (the session holds them between reruns)."""
    found: dict[str, str] = {}
    for key in HOUSE_KEYS:
        if key == "close":
            kind = st.session_state.get(widget_key("close-kind"), "points")
            limit = st.session_state.get(widget_key("close-limit"), 0)
            found[key] = kind if kind == "all-melded" else f"{kind}:{int(limit or 0)}"
        elif key in house.NUMBER_KEYS:
            number = st.session_state.get(widget_key(key))
            found[key] = "" if number is None else str(int(number))
        else:
            found[key] = str(st.session_state.get(widget_key(key), "") or "")
    return found


def on_change() -> None:
    try:
        code = house.build_code(rules_id, chosen())
    except HouseRulesError as error:
        st.session_state["house-error"] = (error.part, str(error))
        return
    st.session_state.pop("house-error", None)
    set_house_code(code)


def reset() -> None:
    for key in [k for k in st.session_state if str(k).startswith(f"house-{rules_id}-")]:
        del st.session_state[key]
    set_house_code(None)


def label(key: str) -> str:
    return t(f"house.key.{key}", lang)


def choice_text(key: str, value: str) -> str:
    if key == "decks" and not value:
        return t("house.value.decks.profile", lang)
    if key in ("first-round-close", "seven-ten"):
        return t(f"house.value.{value}", lang)
    if value in house.labelled_choices(key):
        return t(house.choice_label(key, value), lang)
    if key == "deck":
        return t("sidebar.option.cards", lang, n=value)
    return value


def init(key: str, value: object) -> None:
    st.session_state.setdefault(widget_key(key), value)


left, right = st.columns(2)
with left:
    st.subheader(t("house.cards", lang))
    for key in ("deck", "decks", "jokers", "figures", "joker-points", "seven-ten"):
        if key in house.NUMBER_KEYS:
            low, high = house.NUMBER_KEYS[key]
            init(key, int(values[key]))
            st.number_input(label(key), low, high, key=widget_key(key), on_change=on_change)
            continue
        options = ("", *HOUSE_CHOICES[key]) if key == "decks" else HOUSE_CHOICES[key]
        if key == "seven-ten" and values["deck"] != "40":
            st.caption(t("house.seven_ten_48", lang))
            continue
        init(key, values[key] if values[key] in options else options[0])
        st.selectbox(label(key), options, key=widget_key(key), on_change=on_change,
                     format_func=lambda v, key=key: choice_text(key, v))
with right:
    st.subheader(t("house.play", lang))
    kind, _, limit = values["close"].partition(":")
    init("close-kind", kind)
    init("close-limit", int(limit or 0))
    st.selectbox(label("close"), house.CLOSE_KINDS, key=widget_key("close-kind"),
                 on_change=on_change, format_func=lambda v: t(f"house.value.close.{v}", lang))
    if st.session_state[widget_key("close-kind")] != "all-melded":
        st.number_input(t("house.close_limit", lang), 0, 50, key=widget_key("close-limit"),
                        on_change=on_change)
    for key in ("first-round-close", "chinchon"):
        init(key, values[key])
        st.selectbox(label(key), HOUSE_CHOICES[key], key=widget_key(key), on_change=on_change,
                     format_func=lambda v, key=key: choice_text(key, v)
                     if key != "chinchon" else t(f"house.value.chinchon.{v}", lang,
                                                 minus_ten=rules.minus_ten))
    for key in ("minus-ten", "limit", "returns"):
        low, high = house.NUMBER_KEYS[key]
        init(key, int(values[key]) if values[key] else None)
        st.number_input(label(key), low, high, key=widget_key(key), on_change=on_change,
                        placeholder=t("house.returns_unlimited", lang) if key == "returns"
                        else None)

error = st.session_state.get("house-error")
if error is not None:
    st.warning(t("house.bad_value", lang, part=literal(error[0])), icon="⚠️")

st.subheader(t("house.code", lang))
st.code(rules.code(), language=None)
st.caption(t("house.code_help", lang))
st.button(t("house.reset", lang, profile=profile), on_click=reset, disabled=house_code(rules_id) is None)

st.subheader(t("house.summary", lang))
rows = house.summary(rules, lang)
changed = [row for row in rows if row.changed]
if not changed:
    st.info(t("house.unchanged", lang, profile=profile))
st.table({t("variants.parameter", lang): [row.label for row in rows],
          profile: [row.base for row in rows],
          t("page.house_rules", lang): [("✎ " if row.changed else "") + row.house
                                        for row in rows]})
