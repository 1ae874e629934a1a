"""The Lay-off page's Streamlit side (the address /Layoff_table): its state in the session and
the address, the callbacks of its deals and card picker, and the drawing of each section (the
page, ``pages/3_Layoff_table.py``, lays them out). What it decides is
:mod:`chinchon.views.layoff_steps`.

Session keys start with ``lt-<profile>-`` (the hands ``-hand-<i>``, the opponents ``-n``, the
seed ``-seed``, the replay ``-replay``); ``lt-saved-<profile>`` keeps the typed hands across
pages; the score sheet is kept under :func:`chinchon.views.layoff_steps.sheet_key`. The address
holds ``closer`` and one ``opp`` per opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from chinchon.engine.cards import Card, hand_code
from chinchon.engine.layoffs import HandEnd, Holding, resolve
from chinchon.engine.rules import Rules, get_rules
from chinchon.engine.scoring import ScoreSheet
from chinchon.engine.solver import Arrangement, CloseError, analyze
from chinchon.game.closing import closing_choices
from chinchon.views import layoff_steps as lt
from chinchon.views.handlab import DealError
from chinchon.views.i18n import card_name, t
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
from webui.ui import current_options, house_code
from webui.url_state import literal, url_value, url_values

S = st.session_state
#: Card width in the click picker: a 48-card row of twelve stays within the page.
PICKER_WIDTH = 44


@dataclass(frozen=True)
class Setup:
    """One run's rules and seats: the profile, a closer and ``opponents``, the page's seed."""

    lang: str
    rules_id: str
    rules: Rules
    opponents: int
    seed: int
    #: The seats' names by seat number ("Player 1", …).
    seats: tuple[str, ...]

    @property
    def state_key(self) -> str:
        return f"lt-{self.rules_id}"

    @property
    def hand_keys(self) -> list[str]:
        return [f"{self.state_key}-hand-{i}" for i in range(self.opponents + 1)]

    @property
    def notice_key(self) -> str:
        return f"{self.state_key}-notice"

    @property
    def seed_key(self) -> str:
        return seed_key(self.rules_id)

    @property
    def sheet_key(self) -> str:
        return lt.sheet_key(self.rules, self.opponents + 1)


def seed_key(rules_id: str) -> str:
    return f"lt-{rules_id}-seed"


def _saved_key(rules_id: str) -> str:
    # Widget state is dropped when the user visits another page: a copy of what he typed.
    return f"lt-saved-{rules_id}"


def first_texts(rules_id: str, lang: str) -> list[str]:
    """The hands to start from: the address's on arriving (or before anything was typed; on a
    rerun the address may lag behind), else this session's, else the tour's example."""
    saved_key = _saved_key(rules_id)
    url_closer = url_value("closer", saved_key, lang=lang)
    url_opponents = url_values("opp", saved_key, lang=lang) or []
    return lt.first_texts(url_closer, url_opponents, S.get(saved_key), rules_id)


def opponents_slider(column: DeltaGenerator, rules_id: str, texts: Sequence[str],
                     lang: str) -> int:
    """How many opponents: the hands typed, within what the profile seats (else a warning)."""
    fewest, most, count = lt.opponents_range(get_rules(rules_id).players, len(texts) - 1)
    if len(texts) - 1 != count:
        st.warning(t("layoffs.bad_count", lang, n=len(texts) - 1, shown=count, low=fewest,
                     high=most), icon=":material/warning:")  # fmt: skip
    return int(column.slider(t("layoffs.opponents", lang), fewest, most, count,
                             key=f"lt-{rules_id}-n"))


def seed_setting(rules_id: str, lang: str) -> tuple[int, DeltaGenerator]:
    """The advanced setting: the seed of the deals, and a row for "deal this seed again"."""
    # "Deal at random" writes the seed it drew here: the widget takes its value from the
    # session only (a default as well makes Streamlit warn that the two disagree).
    S.setdefault(seed_key(rules_id), 1)
    with st.expander(t("layoffs.advanced", lang), icon=":material/tune:"):
        st.number_input(t("layoffs.seed", lang), 0, 10**6, key=seed_key(rules_id),
                        help=t("layoffs.seed_help", lang))
        seed_row = st.container(horizontal=True)
    return int(S[seed_key(rules_id)]), seed_row


def page_setup(rules_id: str, opponents: int, seed: int, lang: str) -> Setup:
    """The house rules and the sidebar's options for a closer and ``opponents``; the number of
    decks follows the players as the profile says (a caption says so when the sidebar asked
    otherwise)."""
    sidebar = current_options(rules_id)
    rules = lt.page_rules(house_code(rules_id) or rules_id, sidebar, opponents)
    if "decks" in sidebar and sidebar["decks"] != rules.deck.copies:
        st.caption(t("layoffs.decks_follow", lang, profile=t(f"profile.{rules_id}.name", lang),
                     decks=t(f"layoffs.deck_count_{rules.deck.copies}", lang)))
    seats = tuple(t("layoffs.seat", lang, n=i + 1) for i in range(opponents + 1))
    return Setup(lang, rules_id, rules, opponents, seed, seats)


def current_sheet(setup: Setup) -> ScoreSheet:
    """This session's score sheet for these rules and seats, or a new one."""
    sheet: ScoreSheet | None = S.get(setup.sheet_key)
    return sheet or ScoreSheet.start(setup.rules, list(setup.seats))


# --- Deals and clicks -----------------------------------------------------------------------


def _deal(setup: Setup, seed: int | None = None) -> None:
    """Button callback: new hands for every seat (before the text boxes are drawn again).

    Without a seed every click deals anew; the seed it drew shows in the advanced setting, so
    that the same deal can be dealt again.
    """
    if seed is None:
        seed = random.randrange(10**6)
        S[setup.seed_key] = seed
    try:
        dealt = lt.deal_seats(setup.rules, setup.opponents, seed)
    except DealError:
        S[setup.notice_key] = t("layoffs.deal_failed", setup.lang)
        return
    for key, hand in zip(setup.hand_keys, dealt, strict=True):
        S[key] = hand_code(hand)


def _on_pick(setup: Setup, names: Sequence[str], seat: int) -> None:
    """Picker callback: the clicked card goes into (or out of) ``seat``'s typed hand."""
    code = clicked_card(f"{setup.state_key}-picker")
    if code is None:
        return
    done = lt.pick([S.get(key, "") for key in setup.hand_keys], seat, Card.parse(code),
                   setup.rules)
    for key, text in zip(setup.hand_keys, done.texts, strict=True):
        S[key] = text
    card = card_name(code, setup.lang)
    if done.held_by is not None:
        S[setup.notice_key] = t("layoffs.pick.held", setup.lang, card=card,
                                who=names[done.held_by])
    elif done.full:
        S[setup.notice_key] = t("layoffs.pick.full", setup.lang, who=names[seat])


def deal_buttons(setup: Setup, column: DeltaGenerator, seed_row: DeltaGenerator) -> None:
    """Deal at random, deal the seed again; what the last click had to say, as a toast."""
    lang = setup.lang
    if setup.rules.deck.copies == 2:
        st.caption(t("layoffs.two_decks", lang, n=setup.opponents + 1))
    column.button(t("layoffs.deal", lang), icon=":material/casino:", width="stretch",
                  on_click=_deal, args=(setup,), type="primary")
    seed_row.button(t("layoffs.deal_seed", lang, seed=setup.seed), icon=":material/replay:",
                    on_click=_deal, args=(setup, setup.seed),
                    key=f"{setup.state_key}-deal-seed")
    if setup.notice_key in S:
        st.toast(S.pop(setup.notice_key), icon=":material/info:")


def closer_select(setup: Setup, sheet: ScoreSheet, column: DeltaGenerator) -> int:
    """Which seat closes (among the sheet's players still in)."""
    chosen = column.selectbox(t("layoffs.closer_seat", setup.lang), sheet.in_game,
                              format_func=lambda s: setup.seats[s],
                              key=f"{setup.sheet_key}-closer")
    return chosen if chosen in sheet.in_game else sheet.in_game[0]


# --- The hands --------------------------------------------------------------------------------


def hand_boxes(setup: Setup, texts: Sequence[str], labels: Sequence[str]) -> lt.HandsReading:
    """A text box per seat, two a row (Tab goes through them in reading order), each with the
    cards it holds drawn under it; the hands read."""
    typed: list[str] = []
    previews = []  # filled once every hand is read: the cards each player holds
    count = setup.opponents + 1
    for first in range(0, count, 2):
        row = st.columns(2)
        for i, col in zip(range(first, min(first + 2, count)), row, strict=False):
            key = setup.hand_keys[i]
            if key not in S:
                S[key] = texts[i] if i < len(texts) else ""
            typed.append(col.text_input(labels[i], key=key, placeholder="7o 7c 7b …"))
            previews.append(col.container())
    S[_saved_key(setup.rules_id)] = list(typed)
    reading = lt.read_hands(typed[0], typed[1:], setup.rules)
    for preview, hand in zip(previews, reading.hands, strict=True):
        with preview:
            show_cards([card.code() for card in hand], setup.lang, width=34, gap=3)
    return reading


def picker(setup: Setup, reading: lt.HandsReading, names: Sequence[str]) -> None:
    """The deck to click into the hand of the seat chosen; every seat's cards are taken."""
    lang = setup.lang
    with st.expander(t("layoffs.pick.title", lang), expanded=True, icon=":material/touch_app:"):
        editing = st.segmented_control(
            t("layoffs.pick.seat", lang), range(setup.opponents + 1),
            format_func=names.__getitem__, default=0, required=True,
            key=f"{setup.state_key}-seat-{setup.opponents}",
        )
        seat = editing if isinstance(editing, int) else 0
        st.caption(t("layoffs.pick.hint", lang, who=names[seat]))
        # With one deck a card is in one hand at most.
        card_picker(setup.rules, reading.held, lang=lang, label=t("layoffs.pick.title", lang),
                    key=f"{setup.state_key}-picker",
                    on_click=lambda: _on_pick(setup, names, seat), width=PICKER_WIDTH)


def share(setup: Setup) -> None:
    """The hands into the address, and a link that opens this very deal."""
    typed = [S[key] for key in setup.hand_keys]
    st.query_params["closer"] = " ".join(typed[0].split())
    st.query_params["opp"] = [" ".join(text.split()) for text in typed[1:]]
    with st.popover(t("layoffs.share", setup.lang), icon=":material/link:"):
        st.caption(t("layoffs.share_hint", setup.lang))
        query = urlencode({"lang": setup.lang, "rules": setup.rules_id,
                           **current_options(setup.rules_id),
                           "closer": st.query_params["closer"]}) + "".join(
            "&" + urlencode({"opp": opp}) for opp in st.query_params.get_all("opp"))
        page_url = (st.context.url or "").split("?")[0] or "/Layoff_table"  # None: AppTest
        st.code(f"{page_url}?{query}", language=None, wrap_lines=True)


def show_problems(setup: Setup, reading: lt.HandsReading, names: Sequence[str]) -> None:
    """The cards outside this deck as one message with a deal button; every other problem."""
    lang, rules = setup.lang, setup.rules
    outside = lt.outside_deck(reading)
    if outside.cards:
        # One message for all the hands (a profile change), not one per player.
        cards = ", ".join(f"`{code}`" for code in outside.cards)
        key = "layoffs.outside.deck_48" if outside.deck_48 else "layoffs.outside.other"
        with st.container(border=True):
            st.warning(t(key, lang, cards=cards, name=rules.name, size=rules.deck.size),
                       icon=":material/swap_horiz:")  # fmt: skip
            st.button(t("layoffs.outside.deal", lang), icon=":material/casino:", on_click=_deal,
                      args=(setup,), key=f"{setup.state_key}-redeal")  # fmt: skip
    for problem in outside.rest:
        # The count is ours; every other value is what the user typed, quoted as code.
        count = problem.kind is lt.ProblemKind.COUNT
        value = problem.value if count else literal(problem.value)
        message = t(f"layoffs.problem.{problem.kind.value}", lang, who=names[problem.player],
                    value=value)
        st.error(message, icon=":material/error:")


def resolved(setup: Setup, reading: lt.HandsReading) -> tuple[HandEnd | None, Holding | None]:
    """The end of the hand and what the closer shows (None: the hands are not ready, or the
    closer may not close, which is said)."""
    if not reading.ok:
        return None, None
    lang, rules, closer = setup.lang, setup.rules, reading.hands[0]
    # When several arrangements (or namings of a joker) close as well, the player picks what
    # the closer shows; ours comes first.
    choices = closing_choices(closer, rules)
    shown: Arrangement | None = choices[0] if choices else None
    if len(choices) > 1:
        shown = st.selectbox(t("layoffs.closer_shows", lang), choices,
                             format_func=lambda a: arrangement_text(a, lang) + (
                                 f" ({t('layoffs.ours', lang)})" if a == choices[0] else ""),
                             key=f"{setup.state_key}-shows-{hand_code(closer)}",
                             help=t("layoffs.closer_shows_help", lang))
    holding: Holding = shown or closer
    try:
        return resolve(holding, reading.hands[1:], rules), holding
    except CloseError:
        points = analyze(closer, rules).loose_points
        st.error(t("layoffs.cannot_close", lang, points=points), icon=":material/block:")
        return None, holding


def show_end(setup: Setup, end: HandEnd, reading: lt.HandsReading, order: Sequence[int],
             labels: Sequence[str]) -> None:
    """The closer's melds and outcome, the shows and lay-offs step by step, the scores."""
    lang, rules = setup.lang, setup.rules
    names = [setup.seats[seat] for seat in order]
    st.header(t("layoffs.end_title", lang), divider="green")
    closing = end.close
    assert closing is not None
    st.markdown(f"**{labels[0]}**")
    show_arrangement(closing.arrangement, rules, lang, width=56)
    st.markdown(t(f"layoffs.outcome.{closing.outcome.value}", lang, score=closing.score,
                  points=closing.arrangement.loose_points(rules)))  # fmt: skip
    replay_key = f"{setup.state_key}-replay"
    # New hands start the replay at its first step.
    signature = lt.hands_signature(reading.hands)
    if S.get(f"{replay_key}-of") != signature:
        S[replay_key] = 1
    S[f"{replay_key}-of"] = signature
    with st.container(key="lt_replay", border=True):
        step = step_controls(replay_key, len(end.steps), lang)
        who = [setup.seats[order[player]] for player in range(len(end.players))]
        st.markdown(step_lines(end, who, lang, step) or t("layoffs.no_steps", lang))
        show_table_at(end, names, lang, step)
    st.subheader(t("layoffs.scores_title", lang))
    show_scores(end, names, lang)


# --- The score sheet across several hands ---------------------------------------------------


def _refused(setup: Setup, why: lt.Refusal) -> None:
    """Say why the sheet refused, in the reader's language."""
    who = setup.seats[why.seat] if why.seat is not None else ""
    reason = t(f"layoffs.refused.{why.kind.value}", setup.lang, who=who, **dict(why.numbers))
    st.warning(t("layoffs.sheet_refused", setup.lang, reason=reason), icon=":material/block:")


def _done(setup: Setup, result: lt.SheetResult) -> ScoreSheet:
    if result.refusal is not None:
        _refused(setup, result.refusal)
    return result.sheet


def sheet_buttons(setup: Setup, sheet: ScoreSheet, closer_seat: int, hands: Sequence[Holding],
                  ready: bool) -> ScoreSheet:
    """Add the typed hand (``hands``: what each seat holds in turn order from the closer;
    ``ready``: the hand above resolved), a random hand, a return, ludoteka's hand with no
    closer, a new game; the sheet after the button pressed (kept in the session)."""
    lang, rules = setup.lang, setup.rules
    buttons = st.columns([1.4, 1, 1])
    if not sheet.finished:
        mismatch = len(sheet.turn_order(closer_seat)) + 1 != len(hands)
        if buttons[0].button(t("layoffs.add_hand", lang), disabled=not ready or mismatch):
            sheet = _done(setup, lt.add_hand(sheet, closer_seat, hands))
        if mismatch:
            buttons[0].caption(t("layoffs.sheet_mismatch", lang, n=len(sheet.in_game) - 1))
        if buttons[1].button(t("layoffs.random_hand", lang), icon=":material/casino:"):
            sheet = _done(setup, lt.add_random_hand(sheet, setup.seed))
    for seat in range(len(setup.seats)):
        if sheet.can_return(seat) and buttons[2].button(
            t("layoffs.return", lang, who=setup.seats[seat]), key=f"return-{seat}"
        ):
            sheet = _done(setup, lt.spend_return(sheet, seat))
    with st.container(horizontal=True):
        # Ludoteka: the stock running out for the last time ends the hand with no closer.
        if rules.stock_runs_out_end is not None and not sheet.finished and st.button(
            t("layoffs.no_closer", lang), icon=":material/block:", key="no-closer",
            help=t("layoffs.no_closer_help", lang, name=rules.name, n=rules.stock_runs_out_end),
        ):
            sheet = _done(setup, lt.no_closer(sheet, setup.seed))
        if st.button(t("layoffs.new_game", lang), icon=":material/restart_alt:"):
            sheet = ScoreSheet.start(rules, list(setup.seats))
    S[setup.sheet_key] = sheet
    return sheet


def show_sheet(setup: Setup, sheet: ScoreSheet) -> None:
    """The sheet's lines and chart, who is out, and the winner once the game is over."""
    lang, seats = setup.lang, setup.seats
    if lt.sheet_rows(sheet):
        show_score_sheet(sheet, seats, lang)
        out = [seats[s] for s in range(len(seats)) if not sheet.playing[s]]
        if out and not sheet.finished:
            st.caption(t("layoffs.out_list", lang, who=", ".join(out)))
    if sheet.finished:
        if sheet.winner is None:
            st.info(t("layoffs.draw", lang), icon=":material/handshake:")
        else:
            st.success(t("layoffs.winner", lang, who=seats[sheet.winner]),
                       icon=":material/trophy:")
