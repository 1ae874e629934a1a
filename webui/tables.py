"""The Tables page's widgets (issue 20): the lobby (rejoin, create, join, quick seat, a table
code), the waiting room (invite links, the code to read out, start), and a seat's live table.

A seat's page is built from :class:`chinchon.store.tables.SeatPage` only (that seat's view and
the table's public rows): no other seat's cards, no stock order, no seed ever reach it. It
follows the table by polling its version in a fragment (:data:`POLL_SECONDS`); each poll also
plays a bot action when one is due (:meth:`Tables.tick`), so no server holds the game. The
element holding the table carries ``data-table-version`` and ``data-seat-to-play``.
"""

from __future__ import annotations

import html
import os
import uuid
from collections.abc import Sequence

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from chinchon.engine.cards import Card
from chinchon.game.actions import PILE, STOCK, Action, Discard, Draw, Return
from chinchon.game.players import BOT_NAMES
from chinchon.game.state import Phase
from chinchon.store import Store
from chinchon.store.tables import (
    PERSON,
    Note,
    SeatPage,
    TableInfo,
    TableProblem,
    Tables,
)
from chinchon.views import tables as vt
from chinchon.views.i18n import card_name, t
from webui import progress
from webui.card_buttons import ActionButton, card_buttons, clicked_action, clicked_card
from webui.hand_end import show_hand_end
from webui.play_board import _backs_html, _row, ask_what_to_show, seat_line
from webui.tables_review import game_over
from webui.ui import current_options, house_code
from webui.url_state import literal

S = st.session_state


def _poll_seconds(raw: str | None, default: float = 0.5) -> float:
    """How often a seat's page looks at the table: ``CHINCHON_TABLE_POLL`` seconds (0.25 to
    5; anything else: the default). Half a second keeps the others' moves under 1.5 s at p95
    here; one second costs an idle seat half as much (README's figures).

    >>> _poll_seconds(None), _poll_seconds("1"), _poll_seconds("x"), _poll_seconds("99")
    (0.5, 1.0, 0.5, 5.0)
    """
    try:
        value = float(raw) if raw else default
    except ValueError:
        return default
    return min(5.0, max(0.25, value)) if value == value else default  # NaN: the default


POLL_SECONDS = _poll_seconds(os.environ.get("CHINCHON_TABLE_POLL"))
DRAW_KEY, HAND_KEY = "tables_draw", "tables_hand"
PAGE = "pages/9_Tables.py"


def tr(key: str, lang: str, **values: object) -> str:
    return t(f"tables.{key}", lang, **values)


@st.cache_resource(show_spinner=False)
def _tables_of(_store: Store) -> Tables:
    return Tables(_store)  # one per server: its cache of states is shared by every session


def tables() -> Tables | None:
    """The server's tables, or None while the database is away."""
    opened = progress.store()
    return _tables_of(opened) if opened is not None else None


def learner() -> str:
    """This browser's learner (a new one is made, and kept in the cookie, on first use)."""
    found = progress.learner()
    if found is None:
        opened = progress.store()
        found = opened.new_learner() if opened is not None else uuid.uuid4().hex
        progress.adopt(found)  # written first: the cookie never names a stranger
    return found


def problem(error: Exception, lang: str) -> None:
    """A table problem as a named message (never a traceback, never another seat's view)."""
    kind = error.kind if isinstance(error, TableProblem) else "problem"
    st.error(tr(f"error.{kind}", lang, detail=literal(str(error))), icon=":material/block:")


def seat_name(seat: int, kind: str, lang: str, mine: int | None = None) -> str:
    """"Seat 2 (you)", "Seat 3 · expert bot", "Seat 1"."""
    name = tr("seat_name", lang, n=seat + 1)
    if seat == mine:
        return tr("seat_you", lang, name=name)
    if kind != PERSON:
        return tr("seat_bot", lang, name=name, level=t(f"play.level.{kind}", lang))
    return name


def names_of(info: TableInfo, lang: str, mine: int | None) -> list[str]:
    return [seat_name(s.seat, s.kind, lang, mine) for s in info.seats]


def address_url(table: int, seat: int, key: str) -> str:
    """A seat's invite link, absolute when the browser's address is known."""
    base = (st.context.url or "").split("?")[0].rstrip("/")
    path = f"?table={table}&seat={seat}&key={key}"
    return f"{base}{path}" if base else f"/Tables{path}"


def go_to(table: int, seat: int, key: str) -> None:
    st.query_params.update({"table": str(table), "seat": str(seat), "key": key})


# --- The lobby ------------------------------------------------------------------------------


def lobby(found: Tables, rules_id: str, lang: str) -> None:
    me = progress.learner()
    mine = found.mine(me) if me else []
    if mine:
        st.subheader(tr("rejoin_title", lang))
        for rejoin in mine:
            st.page_link(PAGE, label=tr("rejoin", lang, code=rejoin.code, seat=rejoin.seat + 1,
                                        rules=rejoin.rules_code),
                         icon=":material/login:",
                         query_params={"table": str(rejoin.table), "seat": str(rejoin.seat),
                                       "key": rejoin.key, "lang": lang})
    create_form(found, rules_id, lang)
    join_list(found, lang)


def create_form(found: Tables, rules_id: str, lang: str) -> None:
    from webui.ui import current_rules

    st.subheader(tr("create_title", lang))
    rules = current_rules(rules_id)
    low, high = rules.players
    code = house_code(rules_id) or rules_id
    st.caption(tr("rules_line", lang, rules=code))
    count = st.slider(tr("seats", lang), low, high, min(4, high), key="tables_count")
    kinds = [PERSON]
    choices = (PERSON, *BOT_NAMES)
    columns = st.columns(min(count - 1, 3))
    for seat in range(1, count):
        with columns[(seat - 1) % len(columns)]:
            kinds.append(st.selectbox(
                tr("seat_name", lang, n=seat + 1), choices, key=f"tables_kind_{seat}",
                format_func=lambda k: tr("kind_person", lang) if k == PERSON
                else t(f"play.level.{k}", lang)))
    st.caption(tr("seat_one_is_you", lang))
    left, middle, right = st.columns(3)
    clock = left.selectbox(tr("clock", lang), vt.CLOCKS, index=2, key="tables_clock",
                           format_func=lambda s: tr("clock_off", lang) if not s
                           else tr("clock_seconds", lang, n=s))
    bot = middle.selectbox(tr("fill_bot", lang), BOT_NAMES, index=len(BOT_NAMES) - 1,
                           key="tables_bot", format_func=lambda k: t(f"play.level.{k}", lang))
    listed = right.toggle(tr("listed", lang), key="tables_listed", help=tr("listed_help", lang))
    if st.button(tr("create", lang), type="primary", icon=":material/add:",
                 key="tables_create"):
        try:
            made = found.create(code, current_options(rules_id), kinds, clock=clock,
                                listed=listed, bot=bot, creator=learner())
            found.sit(made.table, 0, made.keys[0], learner())
        except ValueError as error:
            problem(error, lang)
            return
        go_to(made.table, 0, made.keys[0])
        st.rerun()


def join_list(found: Tables, lang: str) -> None:
    st.subheader(tr("join_title", lang))
    with st.container(horizontal=True, vertical_alignment="bottom"):
        code = st.text_input(tr("code_label", lang), max_chars=8, key="tables_code_input")
        go = st.button(tr("code_go", lang), key="tables_code_go")
        quick = st.button(tr("quick_seat", lang), icon=":material/bolt:", key="tables_quick")
    try:
        if go and code.strip():
            table = found.by_code(code)
            seat, key = found.take_open_seat(table, learner())
            go_to(table, seat, key)
            st.rerun()
        if quick:
            table, seat, key = found.quick_seat(learner())
            go_to(table, seat, key)
            st.rerun()
    except TableProblem as error:
        problem(error, lang)
    listed = found.listed()
    if not listed:
        st.caption(tr("join_none", lang))
    for info in listed:
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(tr("join_line", lang, code=info.code, rules=info.rules_code,
                           open=len(info.open_seats()), seats=len(info.seats)))
            if st.button(tr("join", lang), key=f"tables_join_{info.id}"):
                try:
                    seat, key = found.take_open_seat(info.id, learner())
                except TableProblem as error:
                    problem(error, lang)
                else:
                    go_to(info.id, seat, key)
                    st.rerun()


# --- A seat -----------------------------------------------------------------------------------


def address(lang: str) -> vt.Address | None:
    """The seat in the URL (None: the lobby); a bad value is named and the lobby shown."""
    values = [st.query_params.get(name) for name in ("table", "seat", "key")]
    if not any(values):
        return None
    try:
        return vt.parse_address(*(value or "" for value in values))
    except vt.AddressError as error:
        st.error(tr("error.address", lang, field=error.field, value=literal(error.value)),
                 icon=":material/link_off:")
        return None


def sit_once(found: Tables, where: vt.Address) -> None:
    """Take (or come back to) the seat once per session: a reload is a new session."""
    if S.get("tables_sat") != where:
        found.sit(where.table, where.seat, where.key, learner())
        S.tables_sat = where


def seat_page(found: Tables, where: vt.Address, lang: str) -> None:
    try:
        sit_once(found, where)
        page = found.page(where.table, where.seat, where.key)
    except TableProblem as error:
        problem(error, lang)
        st.page_link(PAGE, label=tr("back_to_lobby", lang), icon=":material/arrow_back:",
                     query_params={"lang": lang})
        return
    if page.info.finished:
        _marker(page, None)
        game_over(found, page, names_of(page.info, lang, page.seat), lang)
        return
    st.fragment(lambda: live(found, where, lang), run_every=POLL_SECONDS)()


def live(found: Tables, where: vt.Address, lang: str) -> None:
    """One poll: play a due bot action, say this seat is here, draw the table."""
    try:
        page = found.poll(where.table, where.seat, where.key)
    except TableProblem as error:
        problem(error, lang)
        return
    except SQLAlchemyError:
        st.warning(tr("database_away", lang), icon=":material/cloud_off:")
        return
    if page.info.finished:
        st.rerun(scope="app")  # the review and the record are drawn outside the poll
    S.tables_page = (where, page.info.version)
    S.tables_seen = page  # what this seat's page shows (its callbacks read it)
    flash = S.pop("tables_flash", None)
    if flash is not None:
        st.warning(flash, icon=":material/info:")
    if not page.info.started:
        waiting_room(found, page, where, lang)
    else:
        show_table(page, where, lang)
    S.tables_drawn = S.get("tables_drawn", 0) + 1  # a finished run (see _fresh_click)


def waiting_room(found: Tables, page: SeatPage, where: vt.Address, lang: str) -> None:
    info = page.info
    _marker(page, None)
    st.markdown(tr("waiting", lang, code=info.code))
    st.caption(tr("rules_line", lang, rules=info.rules_code))
    st.caption(tr("code_help", lang))
    for seat in info.seats:
        line = seat_name(seat.seat, seat.kind, lang, where.seat)
        state = tr("seat_open", lang) if seat.open else tr("seat_taken", lang)
        st.markdown(f"- {line}: {state}" if seat.kind == PERSON else f"- {line}")
    if info.creator is not None and info.creator == progress.learner():
        st.markdown(f"**{tr('links_title', lang)}**")
        links = found.invite_keys(where.table, where.seat, where.key)
        for number, key in links.items():
            st.caption(tr("seat_name", lang, n=number + 1))
            st.code(address_url(where.table, number, key), language=None)
        st.button(tr("start", lang), type="primary", icon=":material/play_arrow:",
                  key="tables_start", on_click=_start, args=(found, where, lang),
                  help=tr("start_help", lang, bot=t(f"play.level.{info.bot}", lang)))


def _start(found: Tables, where: vt.Address, lang: str) -> None:
    try:
        found.start(where.table, progress.learner())
    except TableProblem as error:
        S.tables_flash = tr(f"error.{error.kind}", lang, detail=str(error))


def _marker(page: SeatPage, seats_html: str | None) -> None:
    """The element holding the table: its version and the seat to play, for scripts."""
    to_play = "" if not page.info.started or page.view.phase is Phase.OVER else page.view.turn
    st.html(f'<div data-table="{page.info.id}" data-seat="{page.seat}" '
            f'data-table-version="{page.info.version}" data-seat-to-play="{to_play}">'
            f'{seats_html or ""}</div>')


def _seat_boxes(page: SeatPage, names: Sequence[str], lang: str) -> str:
    """Every other seat: name, whose turn, card backs and count, total, the cards he took
    from the pile (public), and whether a bot plays for him."""
    mine = page.view
    boxes = []
    for info in page.info.seats:
        seat = info.seat
        if seat == page.seat:
            continue
        to_play = mine.turn == seat and mine.phase is not Phase.OVER
        ring = "2px solid #1f7a4d" if to_play else "1px solid rgba(128,128,128,.35)"
        parts = [f'<div style="font-weight:600">{html.escape(names[seat])}'
                 f'{" ▶" if to_play else ""}</div>']
        count = mine.counts[seat]
        if not mine.playing[seat]:
            parts.append(f'<div style="opacity:.7">{html.escape(t("play.out", lang))}</div>')
        elif count:
            parts.append(_backs_html(count))
        parts.append(f'<div style="font-size:.85rem;opacity:.75">'
                     f'{html.escape(seat_line(mine.totals[seat], count or 0, lang))}</div>')
        took = [card.code() for who, card in mine.taken if who == seat]
        if took:
            parts.append(f'<div style="font-size:.8rem;opacity:.75">'
                         f'{html.escape(t("play.took", lang))}</div>')
            parts.append(_row(took, lang, 24))
        if info.bot_playing:
            parts.append(f'<div data-bot-playing="1" style="font-size:.8rem;color:#b7791f">'
                         f'{html.escape(tr("played_by_bot", lang))}</div>')
        elif info.kind == PERSON and not info.connected:
            parts.append(f'<div style="font-size:.8rem;opacity:.6">'
                         f'{html.escape(tr("away", lang))}</div>')
        boxes.append(f'<div data-seat="{seat}" style="border:{ring};border-radius:10px;'
                     f'padding:8px 12px;display:flex;flex-direction:column;gap:4px;'
                     f'min-width:150px;flex:1 1 150px">{"".join(parts)}</div>')
    return '<div style="display:flex;flex-wrap:wrap;gap:10px">' + "".join(boxes) + "</div>"


def show_table(page: SeatPage, where: vt.Address, lang: str) -> None:
    mine = page.view
    names = names_of(page.info, lang, page.seat)
    _marker(page, _seat_boxes(page, names, lang))
    me = page.info.seats[page.seat]
    if me.bot_playing:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.warning(tr("your_seat_bot", lang), icon=":material/smart_toy:")
            st.button(tr("take_back", lang), type="primary", key="tables_take_back",
                      on_click=_take_back, args=(where, lang))
    turn_line(page, names, lang)
    left, right = st.columns([2, 3], gap="medium")
    with left:
        draw_area(page, lang)
    with right:
        notes(page.notes, names, lang)
    held = mine.hand
    st.markdown(f"**{t('play.your_hand', lang)}** · {seat_line(mine.total, len(held), lang)}")
    if not mine.playing[page.seat]:
        st.info(t("play.you_are_out", lang))
    else:
        hand(page, lang)
    if mine.my_turn and mine.phase is Phase.RETURN:
        left_returns = mine.returns_left
        st.info(t("play.return_question", lang,
                  left="∞" if left_returns is None else left_returns))
        with st.container(horizontal=True):
            st.button(t("play.return_yes", lang), on_click=_move, args=(Return(True), lang),
                      type="primary", key="tables_return_yes")
            st.button(t("play.return_no", lang), on_click=_move, args=(Return(False), lang),
                      key="tables_return_no")
    last_hand(page, names, lang)


def turn_line(page: SeatPage, names: Sequence[str], lang: str) -> None:
    mine = page.view
    words = (tr("your_turn", lang) if mine.my_turn
             else tr("their_turn", lang, who=names[mine.turn]))
    clock = ("" if page.clock_left is None
             else " · " + tr("clock_left", lang, n=int(page.clock_left + 0.5)))
    st.markdown(f"**{words}**{clock} · " + tr("hand_number", lang, n=mine.hand_number))
    st.caption(tr("rules_line", lang, rules=page.info.rules_code))


def draw_area(page: SeatPage, lang: str) -> None:
    mine = page.view
    drawing = mine.my_turn and mine.phase is Phase.DRAW
    actions = [ActionButton("draw-stock", t("play.stock_label", lang, n=mine.stock_count),
                            disabled=not drawing, back=True, title=t("play.draw_stock", lang))]
    if mine.top is not None:
        actions.append(ActionButton("draw-pile", t("play.pile_label", lang),
                                    disabled=not drawing, card=mine.top.code(),
                                    title=t("play.draw_pile", lang,
                                            card=card_name(mine.top.code(), lang))))
    card_buttons([], lang, key=DRAW_KEY, label=t("play.draw_area", lang), on_click=lambda: None,
                 actions=actions, on_action=lambda: _on_draw(lang), width=72)
    if drawing:
        st.caption(t("play.draw_prompt", lang))


def notes(found: Sequence[Note], names: Sequence[str], lang: str) -> None:
    lines = []
    for note in found[-6:]:
        source = (t("play.note.pile", lang, card=card_name(note.card.code(), lang))
                  if note.source == PILE and note.card is not None else t("play.note.stock", lang))
        key = "play.note.close" if note.close else "play.note.discard"
        lines.append("- " + t(key, lang, who=names[note.seat], source=source,
                              card=card_name(note.discard.code(), lang)))
    if lines:
        st.markdown("\n".join(lines))


def hand(page: SeatPage, lang: str) -> None:
    mine = page.view
    discarding = mine.my_turn and mine.phase is Phase.DISCARD
    closing = sorted({a.card.code() for a in mine.legal if isinstance(a, Discard) and a.close})
    asked = closing_question(page)
    armed = bool(S.get("tables_armed")) and bool(closing) and discarding and asked is None
    marks: dict[str, str | None] = {}
    if discarding and mine.drawn is not None:
        marks[mine.drawn.code()] = "new"
    if armed:
        marks.update(dict.fromkeys(closing, "closes"))
    actions = ([ActionButton("close", t("play.close_armed" if armed else "play.close", lang),
                             disabled=not closing or asked is not None, primary=armed,
                             title=t("play.close_help", lang))] if discarding else [])
    captions = {card.code(): t("play.keeps", lang, points=points)
                for card, points in vt.keep_points(mine).items()}
    card_buttons([[c.code() for c in mine.hand]], lang, key=HAND_KEY,
                 label=t("play.your_hand", lang), on_click=lambda: _on_card(lang),
                 states=marks, disabled=not discarding or asked is not None, actions=actions,
                 captions=captions, on_action=_on_close, width=78, gap=6, fit=True)
    if asked is not None:
        ask_what_to_show(vt.closing_options(mine, asked), asked, mine.rules, lang,
                         key="tables", stamp=page.info.version,
                         on_confirm=lambda index: _close_showing(index, lang),
                         on_cancel=_cancel_close)
    elif discarding:
        st.caption(t("play.close_pick" if armed else "play.discard_prompt", lang))


def closing_question(page: SeatPage) -> Card | None:
    """The card this seat closes with while the page asks what it shows: asked at this very
    version (a bot that played the seat meanwhile, or a reload, drops the question)."""
    asked = S.get("tables_closing")
    if asked is None or asked[0] != (page.info.id, page.seat, page.info.version):
        return None
    card = Card.parse(asked[1])
    return card if len(vt.closing_options(page.view, card)) > 1 else None


def last_hand(page: SeatPage, names: Sequence[str], lang: str) -> None:
    """The hands finished so far: the last one's end (melds, lay-offs, scores), the totals."""
    results = page.view.results
    if not results:
        return
    result = results[-1]
    with st.expander(tr("last_hand", lang, n=result.hand), expanded=False):
        show_hand_end(result.end, [names[s] for s in result.player_seats], lang,
                      key=f"tables_end_{result.hand}", you=names[page.seat])
        rows = [{tr("col_hand", lang): r.hand,
                 **{names[s]: ("—" if added is None else added)
                    for s, added in enumerate(r.scores)}} for r in results]
        st.dataframe(rows, hide_index=True)


# --- Moves (callbacks) ---------------------------------------------------------------------


def _current() -> tuple[vt.Address, int] | None:
    found: tuple[vt.Address, int] | None = S.get("tables_page")
    return found


def _move(action: Action, lang: str) -> None:
    """Play ``action`` for this seat on the table as the page showed it (its version)."""
    found, current = tables(), _current()
    if found is None or current is None or not _fresh_click("move"):
        return
    where, version = current
    S.tables_armed = False
    try:
        found.play(where.table, where.seat, where.key, action, version)
    except TableProblem as error:
        S.tables_flash = tr(f"error.{error.kind}", lang, detail=str(error))


def _fresh_click(widget: str) -> bool:
    """Whether this callback answers a new click, not the replay of one. A poll that starts
    while the run of a click is still going cuts it short and calls its callbacks again (seen
    under load: Close armed and disarmed by one click, a card thrown as a discard); a real
    click comes from a page drawn since, so once per finished run is all we take."""
    drawn = S.get("tables_drawn", 0)
    if S.get(f"tables_click_{widget}") == drawn:
        return False
    S[f"tables_click_{widget}"] = drawn
    return True


def _on_draw(lang: str) -> None:
    name = clicked_action(DRAW_KEY)
    if name in ("draw-stock", "draw-pile"):
        _move(Draw(STOCK if name == "draw-stock" else PILE), lang)


def _on_close() -> None:
    if clicked_action(HAND_KEY) == "close" and _fresh_click(HAND_KEY):
        S.tables_armed = not S.get("tables_armed", False)


def _on_card(lang: str) -> None:
    """Throw the card clicked, or close with it: a close that may show several arrangements
    asks which first (the Play page's question)."""
    code, current, page = clicked_card(HAND_KEY), _current(), S.get("tables_seen")
    if code is None or not _fresh_click(HAND_KEY):
        return
    card, close = Card.parse(code), bool(S.get("tables_armed"))
    if (close and current is not None and page is not None
            and page.info.version == current[1]
            and len(vt.closing_options(page.view, card)) > 1):
        S.tables_closing = ((page.info.id, page.seat, page.info.version), code)
        S.tables_armed = False
        return
    _move(Discard(card, close=close), lang)


def _close_showing(index: int, lang: str) -> None:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    page: SeatPage | None = S.get("tables_seen")
    card = None if page is None else closing_question(page)
    S.tables_closing = None
    if page is None or card is None:
        return
    options = vt.closing_options(page.view, card)
    shown = options[index] if 0 < index < len(options) else None
    _move(Discard(card, close=True, shown=shown), lang)


def _cancel_close() -> None:
    S.tables_closing = None


def _take_back(where: vt.Address, lang: str) -> None:
    found = tables()
    if found is None:
        return
    try:
        found.take_back(where.table, where.seat, where.key)
    except TableProblem as error:
        S.tables_flash = tr(f"error.{error.kind}", lang, detail=str(error))


def run(rules_id: str, lang: str) -> None:
    """The whole page below its title."""
    found = tables()
    if found is None:
        st.warning(tr("database_away", lang), icon=":material/cloud_off:")
        return
    where = address(lang)
    if where is None:
        found.close_idle()  # so that Join and Rejoin list no table idle for a day
        lobby(found, rules_id, lang)
        return
    seat_page(found, where, lang)
