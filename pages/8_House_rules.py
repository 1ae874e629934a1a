"""House rules: start from a profile, change what your table plays, share the link."""

from __future__ import annotations

import streamlit as st

from chinchon.views import house
from chinchon.views.i18n import t
from webui import house_rules as editor
from webui.ui import current_rules, house_code, setup_page
from webui.url_state import literal

lang, rules_id = setup_page("house_rules")
rules = current_rules(rules_id)
profile = t(f"profile.{rules_id}.name", lang)
st.title(t("page.house_rules", lang))
st.markdown(t("house.intro", lang, profile=profile))

left, right = st.columns(2)
with left:
    editor.card_options(rules, rules_id, lang)
with right:
    editor.play_options(rules, rules_id, lang)

part = editor.refused_part()
if part is not None:
    st.warning(t("house.bad_value", lang, part=literal(part)), icon="⚠️")

st.subheader(t("house.code", lang))
st.code(rules.code(), language=None)
st.caption(t("house.code_help", lang))
editor.reset_button(rules_id, profile, lang, disabled=house_code(rules_id) is None)

st.subheader(t("house.summary", lang))
rows = house.summary(rules, lang)
if not any(row.changed for row in rows):
    st.info(t("house.unchanged", lang, profile=profile))
st.table({t("variants.parameter", lang): [row.label for row in rows],
          profile: [row.base for row in rows],
          t("page.house_rules", lang): [("✎ " if row.changed else "") + row.house
                                        for row in rows]})
