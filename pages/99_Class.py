"""Class: a teacher makes a class, shares its join link, sets work and reads the dashboard
(``/Class?class=ID&key=K``); a student joins with a nickname (``/Class?join=CODE``) and sees
his own work and results (``/Class?class=ID``)."""

from __future__ import annotations

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.views.i18n import t
from webui import class_common as common
from webui import classes as cl
from webui import progress
from webui.class_lessons import projector_view
from webui.class_teacher import teacher_view
from webui.ui import current_rules, setup_page

# The projector view starts with the sidebar folded away: the room sees the whole width.
_projector = st.query_params.get("view") == "projector"
lang, rules_id = setup_page("class", sidebar="collapsed" if _projector else "auto")
progress.banner(lang)
common.show_flash(lang)
book = common.classes()
where = common.route()


def away() -> None:
    st.warning(t("class.no_database", lang), icon=":material/cloud_off:")


def show() -> None:
    if book is None:
        st.title(t("page.class", lang), anchor=False)
        away()
    elif "key" in where and where.get("view") == "projector":
        projector_view(book, where.get("class", ""), where["key"], where.get("lesson"), lang)
    elif "key" in where:
        teacher_view(book, where.get("class", ""), where["key"], lang)
    elif "join" in where:
        st.title(t("page.class", lang), anchor=False)
        cl.join_form(book, where["join"], lang)
    elif "class" in where:
        st.title(t("page.class", lang), anchor=False)
        cl.student_view(book, where["class"], lang)
    else:
        st.title(t("page.class", lang), anchor=False)
        st.caption(t("class.intro", lang))
        cl.my_classes(book, lang)
        left, right = st.columns(2, gap="large")
        with left:
            cl.code_form(lang)
        with right:
            cl.create_form(book, lang, current_rules(rules_id).code())


try:
    show()
except SQLAlchemyError:  # the database failed mid-way: say so, never a traceback
    away()
