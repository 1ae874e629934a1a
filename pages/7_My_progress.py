"""My progress: the learner's rating, streak, calendar, themes, misses and history, kept in the
database (chinchon.store) under an anonymous id and figured by chinchon.views.progress; continue
on another device, or forget me."""

from __future__ import annotations

import datetime

import streamlit as st

from chinchon.views import progress as stats
from chinchon.views.i18n import fmt_percent, t
from webui import play_rating, progress
from webui.progress_charts import (
    METRICS_CSS,
    accuracy_figure,
    calendar_figure,
    games_columns,
    games_frame,
    history_frame,
    move_name,
    rating_figure,
    result_name,
    theme_figure,
)
from webui.ui import current_options, find_page, page_css, setup_page

lang, rules_id = setup_page("progress")
progress.banner(lang)


def tr(key: str, **kw: object) -> str:
    return t(f"progress.{key}", lang, **kw)


st.title(tr("title"))
st.caption(tr("intro"))
progress.show_flash(lang)

data = progress.learner_data()  # None while the database is away
attempts = data.attempts if data else []
games = data.games if data else []
play_ratings = play_rating.ratings_of(games)
puzzles_page = find_page("puzzles")
link_state = {"lang": lang, "rules": rules_id,
              **{k: str(v) for k, v in current_options(rules_id).items()}}
if data is None:
    st.warning(tr("unreachable"), icon=":material/cloud_off:")
elif not attempts and not games:
    st.info(tr("empty"), icon=":material/emoji_events:")
    if puzzles_page:
        st.page_link(puzzles_page, label=t("page.puzzles", lang), icon="➡️",
                     query_params=link_state)
elif attempts:
    # --- Rating, streak, score ---------------------------------------------------------------
    rating = data.ratings.get(rules_id) if data else None
    change = stats.latest_change(attempts, rules_id)
    page_css(METRICS_CSS)
    m1, m0, m2, m3, m4 = st.container(key="progress_metrics").columns(5)
    play_rating.metric(m0, play_ratings.get(rules_id), rules_id, lang, short=True)
    m1.metric(tr("rating_in", rules=t(f"profile.{rules_id}.name", lang)),
              f"{rating.rating.rating:.0f}" if rating else "—",
              **progress.delta_args(change, lang),
              help=tr("rating_help", games=rating.games if rating else 0))
    m2.metric(tr("streak"), stats.streak(attempts))
    m3.metric(tr("played"), len(attempts))
    m4.metric(tr("solved"), fmt_percent(sum(a.clean for a in attempts) / len(attempts), lang))
    if rating is not None and rating.rating.provisional:  # a label too long for a quarter row
        st.caption(tr("provisional_help", rd=round(rating.rating.rd)))
    play_rating.provisional_note(play_ratings.get(rules_id), lang)
    last = attempts[-1]
    st.caption(tr("last", puzzle=last.puzzle_id, answer=move_name(last.answer, lang),
                  result=result_name(last, lang)))

    left, right = st.columns(2)
    points = stats.rating_history(attempts, rules_id)
    with left:
        if points:
            st.plotly_chart(rating_figure(points, lang), width="stretch")
        else:
            st.info(tr("no_rating"))
    with right:
        today = datetime.datetime.now(datetime.UTC).date()
        st.plotly_chart(calendar_figure(stats.calendar(attempts, today), lang), width="stretch")
        st.caption(tr("calendar_note"))

    themes = stats.shipped_theme_stats(attempts)
    if themes:
        st.plotly_chart(theme_figure(themes, lang), width="stretch")
        st.caption(tr("themes_note"))

    # --- Misses ----------------------------------------------------------------------------
    st.subheader(tr("misses"))
    missed = stats.missed_puzzles(attempts, rules_id)
    if not missed:
        st.caption(tr("no_misses"))
    else:
        st.caption(tr("misses_note", count=len(missed)))
        if puzzles_page and st.button(tr("retry_misses"), type="primary",
                                      icon=":material/replay:"):
            progress.retry_misses(missed, puzzles_page, link_state)
        if puzzles_page:
            columns = st.columns(4)
            for n, puzzle_id in enumerate(missed[:12]):
                columns[n % 4].page_link(puzzles_page, label=puzzle_id, icon="🔁",
                                         query_params={**link_state, "puzzle": puzzle_id})

    # --- History ---------------------------------------------------------------------------
    st.subheader(tr("history"))
    st.dataframe(history_frame(attempts[-200:], lang), hide_index=True, width="stretch")

# --- Games of the Play page --------------------------------------------------------------------
if games:
    st.subheader(tr("games"))
    if play_ratings:  # every profile he has a Play rating in, the page's first
        shown = sorted(play_ratings, key=lambda rules: (rules != rules_id, rules))
        for where, rules in zip(st.columns(max(len(shown), 2)), shown, strict=False):
            play_rating.metric(where, play_ratings[rules], rules, lang)
    if any(g.accuracy is not None for g in games):
        st.plotly_chart(accuracy_figure(games, lang), width="stretch")
    st.dataframe(games_frame(games, lang), hide_index=True, width="stretch",
                 column_config=games_columns(lang))
    st.caption(t("played.games_note", lang))

# --- This browser, another device, forget me --------------------------------------------------
st.subheader(tr("device"))
st.caption(tr("kept"))
code_col, use_col = st.columns(2)
with code_col:
    st.button(tr("make_code"), on_click=progress.make_code, disabled=not (attempts or games),
              icon=":material/devices:")
    code = progress.transfer_code()
    if code:
        st.code(code, language=None)
        st.caption(tr("code_note"))
with use_col:
    st.text_input(tr("code_input"), key=progress.CODE_INPUT, max_chars=12,
                  placeholder="ABCD-EFGH")
    st.button(tr("use_code"), on_click=progress.redeem, icon=":material/login:")
with st.expander(tr("forget")):
    st.write(tr("forget_note"))
    sure = st.checkbox(tr("forget_sure"), key="progress_forget_sure")
    st.button(tr("forget_button"), on_click=progress.forget_me,
              disabled=not (sure and (attempts or games)), type="primary",
              icon=":material/delete_forever:")
