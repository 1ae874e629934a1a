"""Lay-off table: a closer and his opponents, the end of the hand step by step, a score sheet."""

from __future__ import annotations

import random
from functools import partial
from urllib.parse import urlencode

import streamlit as st

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.layoffs import HandEnd, resolve
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.scoring import ScoreError, ScoreSheet
from chinchon.engine.solver import CloseError, analyze
from chinchon.game.closing import closing_choices
from chinchon.views import layoff_steps as lt
from chinchon.views.handlab import DealError
from chinchon.views.i18n import card_name, t
from chinchon.views.tour import layoff_examples
from webui.card_buttons import card_picker, clicked_card
from webui.cards import show_arrangement, show_cards
from webui.hand_end import (
    arrangement_text,
    show_score_sheet,
    show_scores,
    show_table_at,
    step_lines,
)
from webui.stepper import step_controls
from webui.ui import current_options, house_code, setup_page
from webui.url_state import literal, url_value, url_values

MAX_OPPONENTS = 5
#: Card width in the click picker: a 48-card row of twelve stays within the page.
PICKER_WIDTH = 44

lang, rules_id = setup_page("layoffs")
base = get_rules(rules_id)
low, high = base.players
st.title(t("page.layoffs", lang))
st.markdown(t("layoffs.intro", lang))

# --- The hands: URL first, else this session's, else the tour's example for the profile ------
example = layoff_examples(rules_id)[0]
state_key = f"lt-{rules_id}"
# Widget state is dropped when the user visits another page: keep a copy of what he typed.
saved_key = f"lt-saved-{rules_id}"
# Read on arriving only (or before anything was typed): on a rerun the URL may lag behind.
url_closer = url_value("closer", saved_key, lang=lang)
url_opps = url_values("opp", saved_key, lang=lang) or []
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

controls = st.columns([2, 1, 1], vertical_alignment="bottom")
opponents = controls[0].slider(
    t("layoffs.opponents", lang), fewest, most, count_default, key=f"{state_key}-n"
)
seed_key = f"{state_key}-seed"
# "Deal at random" writes the seed it drew here: the widget takes its value from the session
# only (a default as well makes Streamlit warn that the two disagree).
st.session_state.setdefault(seed_key, 1)
with st.expander(t("layoffs.advanced", lang), icon=":material/tune:"):
    st.number_input(t("layoffs.seed", lang), 0, 10**6, key=seed_key,
                    help=t("layoffs.seed_help", lang))
    seed_row = st.container(horizontal=True)
seed = int(st.session_state[seed_key])
# The house rules and the sidebar's options (ludoteka's deck and jokers); the number of decks
# follows the table as the profile says (the sidebar's two-deck switch is for a single hand).
sidebar = current_options(rules_id)
rules = get_rules(house_code(rules_id) or rules_id,
                  **{k: v for k, v in sidebar.items() if k != "decks"}).for_players(opponents + 1)
if "decks" in sidebar and sidebar["decks"] != rules.deck.copies:
    st.caption(t("layoffs.decks_follow", lang, profile=t(f"profile.{rules_id}.name", lang),
                 decks=t(f"layoffs.deck_count_{rules.deck.copies}", lang)))
hand_keys = [f"{state_key}-hand-{i}" for i in range(opponents + 1)]
notice_key = f"{state_key}-notice"
deck = rules.deck
sheet_key = f"sheet-{rules.code()}-{opponents + 1}-{deck.size}-{deck.copies}-{deck.jokers}"
seats = [t("layoffs.seat", lang, n=i + 1) for i in range(opponents + 1)]
sheet: ScoreSheet = st.session_state.get(sheet_key) or ScoreSheet.start(rules, seats)


def deal(rules: Rules, opponents: int, seed: int | None = None) -> None:
    """Button callback: new hands for every seat (before the text boxes are drawn again).

    Without a seed every click deals anew; the seed it drew shows in the advanced setting, so
    that the same deal can be dealt again.
    """
    if seed is None:
        seed = random.randrange(10**6)
        st.session_state[seed_key] = seed
    try:
        dealt = lt.deal_seats(rules, opponents, seed)
    except DealError:
        st.session_state[notice_key] = t("layoffs.deal_failed", lang)
        return
    for key, hand in zip(hand_keys, dealt, strict=True):
        st.session_state[key] = hand_code(hand)


def on_pick(seat: int, rules: Rules) -> None:
    """Picker callback: the clicked card goes into (or out of) ``seat``'s typed hand."""
    code = clicked_card(f"{state_key}-picker")
    if code is None:
        return
    done = lt.pick([st.session_state.get(key, "") for key in hand_keys], seat,
                   Card.parse(code), rules)  # fmt: skip
    for key, text in zip(hand_keys, done.texts, strict=True):
        st.session_state[key] = text
    card = card_name(code, lang)
    if done.held_by is not None:
        st.session_state[notice_key] = t("layoffs.pick.held", lang, card=card,
                                         who=names[done.held_by])  # fmt: skip
    elif done.full:
        st.session_state[notice_key] = t("layoffs.pick.full", lang, who=names[seat])


if rules.deck.copies == 2:
    st.caption(t("layoffs.two_decks", lang, n=opponents + 1))
controls[2].button(t("layoffs.deal", lang), icon=":material/casino:", width="stretch",
                   on_click=deal, args=(rules, opponents), type="primary")  # fmt: skip
seed_row.button(t("layoffs.deal_seed", lang, seed=seed), icon=":material/replay:",
                on_click=deal, args=(rules, opponents, seed), key=f"{state_key}-deal-seed")
if notice_key in st.session_state:
    st.toast(st.session_state.pop(notice_key), icon=":material/info:")

# One name per seat everywhere: the hands, the replay, the scores and the sheet. The typed
# hands follow the turn order from the seat who closes (the sheet's players still in).
closer_seat = controls[1].selectbox(t("layoffs.closer_seat", lang), sheet.in_game,
                           format_func=lambda s: seats[s], key=f"{sheet_key}-closer")
if closer_seat not in sheet.in_game:
    closer_seat = sheet.in_game[0]
order = lt.seat_order(sheet, closer_seat)
names = [seats[seat] for seat in order]
labels = [t("layoffs.closes", lang, who=names[0]), *names[1:]]
typed = []
previews = []  # filled once every hand is read: the cards each player holds
for first in range(0, opponents + 1, 2):
    # A row per two seats, so that Tab goes through the hands in reading order.
    row = st.columns(2)
    for i, col in zip(range(first, min(first + 2, opponents + 1)), row, strict=False):
        key = f"{state_key}-hand-{i}"
        if key not in st.session_state:
            st.session_state[key] = texts[i] if i < len(texts) else ""
        typed.append(col.text_input(labels[i], key=key, placeholder="7o 7c 7b …"))
        previews.append(col.container())

st.session_state[saved_key] = list(typed)
reading = lt.read_hands(typed[0], typed[1:], rules)
for preview, hand in zip(previews, reading.hands, strict=True):
    with preview:
        show_cards([card.code() for card in hand], lang, width=34, gap=3)
with st.expander(t("layoffs.pick.title", lang), expanded=True, icon=":material/touch_app:"):
    editing = st.segmented_control(
        t("layoffs.pick.seat", lang), range(opponents + 1), format_func=names.__getitem__,
        default=0, required=True, key=f"{state_key}-seat-{opponents}",
    )
    editing = editing if isinstance(editing, int) else 0
    st.caption(t("layoffs.pick.hint", lang, who=names[editing]))
    # Every seat's cards are taken: with one deck a card is in one hand at most.
    card_picker(rules, reading.held, lang=lang, label=t("layoffs.pick.title", lang),
                key=f"{state_key}-picker", on_click=partial(on_pick, editing, rules),
                width=PICKER_WIDTH)  # fmt: skip
st.query_params["closer"] = " ".join(typed[0].split())
st.query_params["opp"] = [" ".join(text.split()) for text in typed[1:]]
with st.popover(t("layoffs.share", lang), icon=":material/link:"):
    # The address holds every hand: this link opens the very same deal.
    st.caption(t("layoffs.share_hint", lang))
    query = urlencode({"lang": lang, "rules": rules_id, **current_options(rules_id),
                       "closer": st.query_params["closer"]}) + "".join(
        "&" + urlencode({"opp": opp}) for opp in st.query_params.get_all("opp"))
    page_url = (st.context.url or "").split("?")[0] or "/Layoff_table"  # None under AppTest
    st.code(f"{page_url}?{query}", language=None, wrap_lines=True)
outside = lt.outside_deck(reading)
if outside.cards:
    # One message for the table (a profile change), not one per player.
    cards = ", ".join(f"`{code}`" for code in outside.cards)
    key = "layoffs.outside.deck_48" if outside.deck_48 else "layoffs.outside.other"
    with st.container(border=True):
        st.warning(t(key, lang, cards=cards, name=rules.name, size=rules.deck.size),
                   icon=":material/swap_horiz:")  # fmt: skip
        st.button(t("layoffs.outside.deal", lang), icon=":material/casino:", on_click=deal,
                  args=(rules, opponents), key=f"{state_key}-redeal")  # fmt: skip
for problem in outside.rest:
    # The count is ours; every other value is what the user typed, quoted as code.
    count = problem.kind is lt.ProblemKind.COUNT
    value = problem.value if count else literal(problem.value)
    who = names[problem.player]
    message = t(f"layoffs.problem.{problem.kind.value}", lang, who=who, value=value)
    st.error(message, icon=":material/error:")

end: HandEnd | None = None
shown = None
if reading.ok:
    # When several arrangements (or namings of a joker) close as well, the player picks what
    # the closer shows; ours comes first.
    choices = closing_choices(reading.hands[0], rules)
    shown = choices[0] if choices else None
    if len(choices) > 1:
        shown = st.selectbox(t("layoffs.closer_shows", lang), choices,
                             format_func=lambda a: arrangement_text(a, lang) + (
                                 f" ({t('layoffs.ours', lang)})" if a == choices[0] else ""),
                             key=f"{state_key}-shows-{hand_code(reading.hands[0])}",
                             help=t("layoffs.closer_shows_help", lang))
    try:
        end = resolve(shown or reading.hands[0], reading.hands[1:], rules)
    except CloseError:
        closer_points = analyze(reading.hands[0], rules).loose_points
        st.error(t("layoffs.cannot_close", lang, points=closer_points), icon=":material/block:")

# --- The end of the hand, step by step ------------------------------------------------------
replay_key = f"{state_key}-replay"


if end is not None:
    st.header(t("layoffs.end_title", lang), divider="green")
    closing = end.close
    assert closing is not None
    st.markdown(f"**{labels[0]}**")
    show_arrangement(closing.arrangement, rules, lang, width=56)
    st.markdown(t(f"layoffs.outcome.{closing.outcome.value}", lang, score=closing.score,
                  points=closing.arrangement.loose_points(rules)))  # fmt: skip
    count = len(end.steps)
    # A new table starts the replay at its first step.
    signature = (hand_code(reading.hands[0]), *(hand_code(h) for h in reading.hands[1:]))
    if st.session_state.get(f"{replay_key}-of") != signature:
        st.session_state[replay_key] = 1
    st.session_state[f"{replay_key}-of"] = signature
    with st.container(key="lt_replay", border=True):
        step = step_controls(replay_key, count, lang)
        who = [seats[order[player]] for player in range(len(end.players))]
        st.markdown(step_lines(end, who, lang, step) or t("layoffs.no_steps", lang))
        show_table_at(end, names, lang, step)

    st.subheader(t("layoffs.scores_title", lang))
    show_scores(end, names, lang)

# --- The score sheet across several hands ---------------------------------------------------
st.header(t("layoffs.sheet_title", lang), divider="green")
st.markdown(t("layoffs.sheet_intro", lang, limit=rules.limit))


def refused(error: ValueError, seat: int | None = None, hand: tuple[Card, ...] = (),
            hands: int | None = None) -> None:
    """Say why the sheet refused, in the reader's language (by the error's type)."""
    why = lt.refusal(error, sheet, seat, hand, hands)
    who = seats[why.seat] if why.seat is not None else ""
    reason = t(f"layoffs.refused.{why.kind.value}", lang, who=who, **dict(why.numbers))
    st.warning(t("layoffs.sheet_refused", lang, reason=reason), icon=":material/block:")


buttons = st.columns([1.4, 1, 1])
if not sheet.finished:
    in_order = (closer_seat, *sheet.turn_order(closer_seat))
    if buttons[0].button(t("layoffs.add_hand", lang), disabled=end is None or len(
            in_order) != len(reading.hands)):  # fmt: skip
        try:
            held = [shown or reading.hands[0], *reading.hands[1:]]
            sheet, _ = sheet.close(closer_seat, dict(zip(in_order, held, strict=True)))
        except (ScoreError, CloseError) as err:
            refused(err, closer_seat, reading.hands[0], len(reading.hands))
    if len(in_order) != len(reading.hands):
        buttons[0].caption(t("layoffs.sheet_mismatch", lang, n=len(sheet.in_game) - 1))
    if buttons[1].button(t("layoffs.random_hand", lang), icon=":material/casino:"):
        deal_seed = seed * 1000 + len(sheet.history)
        dealer = random.Random(deal_seed).choice(sheet.in_game)
        dealt_order = (dealer, *sheet.turn_order(dealer))
        dealt = lt.deal_seats(rules, len(dealt_order) - 1, deal_seed)
        try:
            sheet, _ = sheet.close(dealer, dict(zip(dealt_order, dealt, strict=True)))
        except (ScoreError, CloseError) as err:
            refused(err, dealer, dealt[0], len(dealt))
for seat in range(len(seats)):
    if sheet.can_return(seat) and buttons[2].button(
        t("layoffs.return", lang, who=seats[seat]), key=f"return-{seat}"
    ):
        try:
            sheet = sheet.spend_return(seat)
        except ScoreError as err:
            refused(err, seat)
with st.container(horizontal=True):
    # Ludoteka: the stock running out for the last time ends the hand with no closer.
    if rules.stock_runs_out_end is not None and not sheet.finished and st.button(
        t("layoffs.no_closer", lang), icon=":material/block:", key="no-closer",
        help=t("layoffs.no_closer_help", lang, name=rules.name, n=rules.stock_runs_out_end),
    ):
        deal_seed = seed * 1000 + len(sheet.history)
        dealt = lt.deal_hands(rules, len(sheet.in_game), deal_seed)
        try:
            sheet, _ = sheet.stock_ran_out(dict(zip(sheet.in_game, dealt, strict=True)))
        except ScoreError as err:
            refused(err, hands=len(dealt))
    if st.button(t("layoffs.new_game", lang), icon=":material/restart_alt:"):
        sheet = ScoreSheet.start(rules, seats)
st.session_state[sheet_key] = sheet

rows = lt.sheet_rows(sheet)
if rows:
    show_score_sheet(sheet, seats, lang)
    out = [seats[s] for s in range(len(seats)) if not sheet.playing[s]]
    if out and not sheet.finished:
        st.caption(t("layoffs.out_list", lang, who=", ".join(out)))
if sheet.finished:
    if sheet.winner is None:
        st.info(t("layoffs.draw", lang), icon=":material/handshake:")
    else:
        st.success(t("layoffs.winner", lang, who=seats[sheet.winner]), icon=":material/trophy:")
