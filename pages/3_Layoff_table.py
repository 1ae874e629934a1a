"""Lay-off table: a closer and his opponents, the end of the hand step by step, a score sheet."""

from __future__ import annotations

import random

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from chinchon import layoff_table as lt
from chinchon.cards import hand_code
from chinchon.handlab import DealError
from chinchon.i18n import card_name, t
from chinchon.layoffs import Action, HandEnd, resolve
from chinchon.rules import get_rules
from chinchon.scoring import ScoreError, ScoreSheet
from chinchon.solver import CloseError, analyze
from chinchon.tour import layoff_examples
from ui import LAID_RING, literal, setup_page, show_arrangement, show_cards, show_table

MAX_OPPONENTS = 5

lang, rules_id = setup_page("layoffs")
base = get_rules(rules_id)
low, high = base.players
st.title(t("page.layoffs", lang))
st.markdown(t("layoffs.intro", lang))

# --- The hands: URL first, else this session's, else the tour's example for the profile ------
example = layoff_examples(rules_id)[0]
url_closer = st.query_params.get("closer")
url_opps = st.query_params.get_all("opp")
state_key = f"lt-{rules_id}"
# Widget state is dropped when the user visits another page: keep a copy of what he typed.
saved_key = f"lt-saved-{rules_id}"
if url_closer is not None or url_opps:
    # "+" joins codes in hand-written links; the page itself writes spaces (shown as "+").
    texts = [" ".join(text.replace("+", " ").split()) for text in [url_closer or "", *url_opps]]
elif saved_key in st.session_state:
    texts = list(st.session_state[saved_key])
else:
    texts = [hand_code(example.closer), *(hand_code(h) for h in example.opponents)]
# The profile's table size, and at most five opponents on this page (the table).
fewest, most = max(1, low - 1), min(high - 1, MAX_OPPONENTS)
count_default = min(max(len(texts) - 1, fewest), most)
if len(texts) - 1 != count_default:
    st.warning(t("layoffs.bad_count", lang, n=len(texts) - 1, shown=count_default, low=fewest,
                 high=most), icon=":material/warning:")  # fmt: skip

controls = st.columns([2, 1, 1])
opponents = controls[0].slider(
    t("layoffs.opponents", lang), fewest, most, count_default, key=f"{state_key}-n"
)
seed = controls[1].number_input(t("layoffs.seed", lang), 0, 10**6, 1, key=f"{state_key}-seed")
rules = get_rules(rules_id, players=opponents + 1)
if rules.deck.copies == 2:
    st.caption(t("layoffs.two_decks", lang, n=opponents + 1))
if controls[2].button(t("layoffs.deal", lang), icon=":material/casino:", width="stretch"):
    try:
        texts = [hand_code(h) for h in lt.deal_table(rules, opponents, int(seed))]
        for i, text in enumerate(texts):
            st.session_state[f"{state_key}-hand-{i}"] = text
    except DealError:
        st.warning(t("layoffs.deal_failed", lang))

names = [t("layoffs.closer", lang)] + [
    t("layoffs.opponent", lang, n=i) for i in range(1, opponents + 1)
]
typed = []
previews = []  # filled once every hand is read: the cards each player holds
cols = st.columns(2)
for i in range(opponents + 1):
    key = f"{state_key}-hand-{i}"
    if key not in st.session_state:
        st.session_state[key] = texts[i] if i < len(texts) else ""
    typed.append(cols[i % 2].text_input(names[i], key=key, placeholder="7o 7c 7b …"))
    previews.append(cols[i % 2].container())

st.session_state[saved_key] = list(typed)
reading = lt.read_table(typed[0], typed[1:], rules)
for preview, hand in zip(previews, reading.hands, strict=True):
    with preview:
        show_cards([card.code() for card in hand], lang, width=34, gap=3)
st.query_params["closer"] = " ".join(typed[0].split())
st.query_params["opp"] = [" ".join(text.split()) for text in typed[1:]]
for problem in reading.problems:
    # The count is ours; every other value is what the user typed, quoted as code.
    count = problem.kind is lt.ProblemKind.COUNT
    value = problem.value if count else literal(problem.value)
    who = names[problem.player]
    message = t(f"layoffs.problem.{problem.kind.value}", lang, who=who, value=value)
    st.error(message, icon=":material/error:")

end: HandEnd | None = None
if reading.ok:
    try:
        end = resolve(reading.hands[0], reading.hands[1:], rules)
    except CloseError:
        closer_points = analyze(reading.hands[0], rules).loose_points
        st.error(t("layoffs.cannot_close", lang, points=closer_points), icon=":material/block:")

# --- The end of the hand, step by step ------------------------------------------------------
if end is not None:
    st.header(t("layoffs.end_title", lang), divider="green")
    closing = end.close
    assert closing is not None
    st.markdown(f"**{names[0]}**")
    show_arrangement(closing.arrangement, rules, lang, width=56)
    st.markdown(t(f"layoffs.outcome.{closing.outcome.value}", lang, score=closing.score,
                  points=closing.arrangement.loose_points(rules)))  # fmt: skip
    step = len(end.steps)
    if end.steps:
        step = st.slider(t("layoffs.step", lang), 0, len(end.steps), len(end.steps))
    lines = []
    for number, move in enumerate(end.steps[:step], 1):
        who, meld = names[move.player], f"`{move.result.code()}`"
        if move.action is Action.SHOW:
            text = t("layoffs.step.show", lang, who=who, meld=meld)
        else:
            card = card_name(move.cards[0].code(), lang)
            text = t("layoffs.step.lay_off", lang, who=who, card=card, meld=meld)
        if move.round > 1:
            text += f" *({t('layoffs.step.round', lang, n=move.round)})*"
        lines.append(f"{number}. {'**' + text + '**' if number == step else text}")
    st.markdown("\n".join(lines) or t("layoffs.no_steps", lang))
    table = end.table_after(step)
    laid: list[list] = [[] for _ in table]
    for move in end.steps[:step]:
        if move.action is Action.LAY_OFF:
            laid[move.meld].extend(move.cards)
    show_table(table, [names[o] for o in end.owners[: len(table)]], lang, laid=laid)
    st.caption(t("layoffs.ring_hint", lang, colour=LAID_RING))

    st.subheader(t("layoffs.scores_title", lang))
    cols = ("player", "melds", "laid_off", "loose", "points", "adds")
    scores = pd.DataFrame(
        [
            [
                names[i],
                " | ".join(meld.code() for meld in player.melds),
                " ".join(lay.card.code() for lay in player.laid_off),
                " ".join(card.code() for card in player.loose),
                player.loose_points,
                t("layoffs.wins", lang) if player.score is None else str(player.score),
            ]
            for i, player in enumerate(end.players)
        ],
        columns=[t(f"layoffs.col.{c}", lang) for c in cols],
    )
    st.dataframe(scores, hide_index=True, width="stretch")

# --- The score sheet across several hands ---------------------------------------------------
st.header(t("layoffs.sheet_title", lang), divider="green")
st.markdown(t("layoffs.sheet_intro", lang, limit=rules.limit))
sheet_key = f"sheet-{rules_id}-{opponents + 1}"
seats = [t("layoffs.seat", lang, n=i + 1) for i in range(opponents + 1)]
sheet: ScoreSheet = st.session_state.get(sheet_key) or ScoreSheet.start(rules, seats)
buttons = st.columns([1.2, 1, 1, 1])
if not sheet.finished:
    closer_seat = buttons[0].selectbox(
        t("layoffs.closer_seat", lang), sheet.in_game, format_func=lambda s: seats[s]
    )
    order = (closer_seat, *sheet.turn_order(closer_seat))
    if buttons[1].button(t("layoffs.add_hand", lang), disabled=end is None or len(order) != len(
            reading.hands)):  # fmt: skip
        try:
            sheet, _ = sheet.close(closer_seat, dict(zip(order, reading.hands, strict=True)))
        except (ScoreError, CloseError) as err:
            st.warning(t("layoffs.sheet_refused", lang, reason=str(err)))
    if len(order) != len(reading.hands):
        buttons[1].caption(t("layoffs.sheet_mismatch", lang, n=len(order) - 1))
    if buttons[2].button(t("layoffs.random_hand", lang), icon=":material/casino:"):
        deal_seed = int(seed) * 1000 + len(sheet.history)
        closer_seat = random.Random(deal_seed).choice(sheet.in_game)
        order = (closer_seat, *sheet.turn_order(closer_seat))
        dealt = lt.deal_table(rules, len(order) - 1, deal_seed)
        try:
            sheet, _ = sheet.close(closer_seat, dict(zip(order, dealt, strict=True)))
        except (ScoreError, CloseError) as err:
            st.warning(t("layoffs.sheet_refused", lang, reason=str(err)))
for seat in range(len(seats)):
    if sheet.can_return(seat) and buttons[3].button(
        t("layoffs.return", lang, who=seats[seat]), key=f"return-{seat}"
    ):
        sheet = sheet.spend_return(seat)
if st.button(t("layoffs.new_game", lang), icon=":material/restart_alt:"):
    sheet = ScoreSheet.start(rules, seats)
st.session_state[sheet_key] = sheet

rows = lt.sheet_rows(sheet)
if rows:
    frame = pd.DataFrame(
        [[("+" if (a or 0) > 0 else "") + str(a) if a is not None else "" for a in row.added]
         + [str(total) for total in row.totals] for row in rows],
        index=[t(f"layoffs.entry.{row.kind.value}", lang, n=row.number,
                 who=seats[row.returned] if row.returned is not None else "") for row in rows],
        columns=[*(f"{s} (+)" for s in seats), *(f"{s} Σ" for s in seats)],
    )  # fmt: skip
    over = "color: #b3261e; font-weight: 700"
    marks = pd.DataFrame(
        [[""] * len(seats) + [over if total > rules.limit else "" for total in row.totals]
         for row in rows],
        index=frame.index, columns=frame.columns,
    )  # fmt: skip
    st.dataframe(frame.style.apply(lambda _: marks, axis=None), width="stretch")
    figure = go.Figure()
    for seat, name in enumerate(seats):
        figure.add_trace(go.Scatter(x=[0, *(r.number for r in rows)],
                                    y=[0, *(r.totals[seat] for r in rows)],
                                    mode="lines+markers", name=name))  # fmt: skip
    figure.add_hline(y=rules.limit, line_dash="dash", line_color="#b3261e",
                     annotation_text=t("layoffs.limit", lang, limit=rules.limit))  # fmt: skip
    figure.update_xaxes(dtick=1)
    figure.update_layout(xaxis_title=t("layoffs.chart_x", lang),
                         yaxis_title=t("layoffs.chart_y", lang), height=360,
                         margin={"l": 10, "r": 10, "t": 30, "b": 10})  # fmt: skip
    st.plotly_chart(figure, width="stretch")
    out = [seats[s] for s in range(len(seats)) if not sheet.playing[s]]
    if out and not sheet.finished:
        st.caption(t("layoffs.out_list", lang, who=", ".join(out)))
if sheet.finished:
    if sheet.winner is None:
        st.info(t("layoffs.draw", lang), icon=":material/handshake:")
    else:
        st.success(t("layoffs.winner", lang, who=seats[sheet.winner]), icon=":material/trophy:")
