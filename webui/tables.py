"""The Tables page's widgets (issue 20): the lobby (rejoin, create, join, quick seat, a table
code), the waiting room (invite links, the code to read out, start), and a seat's live table.
What each does is :mod:`chinchon.services.tables`; this module draws and binds the callbacks.

A seat's page is drawn from :class:`chinchon.views.tables.SeatPage` only (that seat's view and
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
from typing import cast

import streamlit as st

from chinchon.game.actions import PILE, Action, Discard, Return
from chinchon.game.names import PERSON
from chinchon.game.players import BOT_NAMES
from chinchon.game.state import Phase
from chinchon.services import tables as service
from chinchon.services.tables import DRAW_KEY, HAND_KEY, DatabaseAway, Refused
from chinchon.store.store import Store
from chinchon.store.tables import Tables
from chinchon.views import tables as vt
from chinchon.views.i18n import card_name, t
from chinchon.views.tables import Note, SeatPage
from webui import progress
from webui.card_buttons import ActionButton, card_buttons, clicked_action, clicked_card
from webui.hand_end import show_hand_end
from webui.play_board import _backs_html, _row, ask_what_to_show, seat_line
from webui.tables_review import game_over
from webui.ui import current_options, house_code
from webui.url_state import literal

S = st.session_state
#: The session's state as the service takes it (Streamlit's keys may be ints too; ours are not).
STATE = cast(service.State, st.session_state)


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


def problem(refused: Refused, lang: str) -> None:
    """A table problem as a named message (never a traceback, never another seat's view)."""
    st.error(tr(f"error.{refused.kind}", lang, detail=literal(refused.detail)),
             icon=":material/block:")


def flash(refused: Refused | None, lang: str) -> None:
    """A callback's refusal, shown once at the next poll."""
    if refused is not None:
        S.tables_flash = tr(f"error.{refused.kind}", lang, detail=refused.detail)


def address_url(table: int, seat: int, key: str) -> str:
    """A seat's invite link, absolute when the browser's address is known."""
    base = (st.context.url or "").split("?")[0].rstrip("/")
    path = f"?table={table}&seat={seat}&key={key}"
    return f"{base}{path}" if base else f"/Tables{path}"


def go_to(where: vt.Address) -> None:
    st.query_params.update({"table": str(where.table), "seat": str(where.seat),
                            "key": where.key})


def go_or_say(found: vt.Address | Refused | None, lang: str) -> None:
    """To the seat taken (a new run), or the problem named; None: nothing was asked."""
    if isinstance(found, Refused):
        problem(found, lang)
    elif found is not None:
        go_to(found)
        st.rerun()


# --- The lobby ------------------------------------------------------------------------------


def lobby(found: Tables, rules_id: str, lang: str) -> None:
    mine = service.rejoin_list(found, progress.learner())
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
        new = service.NewTable(code, current_options(rules_id), tuple(kinds), clock, listed, bot)
        go_or_say(service.create(found, learner(), new), lang)


def join_list(found: Tables, lang: str) -> None:
    st.subheader(tr("join_title", lang))
    with st.container(horizontal=True, vertical_alignment="bottom"):
        code = st.text_input(tr("code_label", lang), max_chars=8, key="tables_code_input")
        go = st.button(tr("code_go", lang), key="tables_code_go")
        quick = st.button(tr("quick_seat", lang), icon=":material/bolt:", key="tables_quick")
    if go and code.strip():
        go_or_say(service.join_by_code(found, learner(), code), lang)
    elif quick:
        go_or_say(service.quick_seat(found, learner()), lang)
    listed = service.listed(found)
    if not listed:
        st.caption(tr("join_none", lang))
    for info in listed:
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(tr("join_line", lang, code=info.code, rules=info.rules_code,
                           open=len(info.open_seats()), seats=len(info.seats)))
            if st.button(tr("join", lang), key=f"tables_join_{info.id}"):
                go_or_say(service.join(found, learner(), info.id), lang)


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


def seat_page(found: Tables, where: vt.Address, lang: str) -> None:
    page = service.open_seat(found, STATE, where, learner())
    if isinstance(page, Refused):
        problem(page, lang)
        st.page_link(PAGE, label=tr("back_to_lobby", lang), icon=":material/arrow_back:",
                     query_params={"lang": lang})
        return
    if page.info.finished:
        _marker(page, None)
        game_over(found, page, vt.names_of(page.info, lang, page.seat), lang)
        return
    st.fragment(lambda: live(found, where, lang), run_every=POLL_SECONDS)()


def live(found: Tables, where: vt.Address, lang: str) -> None:
    """One poll: play a due bot action, say this seat is here, draw the table."""
    page = service.follow(found, STATE, where)
    if isinstance(page, Refused):
        problem(page, lang)
        return
    if isinstance(page, DatabaseAway):
        st.warning(tr("database_away", lang), icon=":material/cloud_off:")
        return
    if page.info.finished:
        st.rerun(scope="app")  # the review and the record are drawn outside the poll
    said = S.pop("tables_flash", None)
    if said is not None:
        st.warning(said, icon=":material/info:")
    if not page.info.started:
        waiting_room(found, page, where, lang)
    else:
        show_table(page, where, lang)
    service.mark_drawn(STATE)  # a finished run (see service.fresh_click)


def waiting_room(found: Tables, page: SeatPage, where: vt.Address, lang: str) -> None:
    info = page.info
    _marker(page, None)
    st.markdown(tr("waiting", lang, code=info.code))
    st.caption(tr("rules_line", lang, rules=info.rules_code))
    st.caption(tr("code_help", lang))
    for seat in info.seats:
        line = vt.seat_name(seat.seat, seat.kind, lang, where.seat)
        state = tr("seat_open", lang) if seat.open else tr("seat_taken", lang)
        st.markdown(f"- {line}: {state}" if seat.kind == PERSON else f"- {line}")
    if info.creator is not None and info.creator == progress.learner():
        st.markdown(f"**{tr('links_title', lang)}**")
        links = service.invite_links(found, where)
        for number, key in links.items():
            st.caption(tr("seat_name", lang, n=number + 1))
            st.code(address_url(where.table, number, key), language=None)
        st.button(tr("start", lang), type="primary", icon=":material/play_arrow:",
                  key="tables_start", on_click=_start, args=(found, where, lang),
                  help=tr("start_help", lang, bot=t(f"play.level.{info.bot}", lang)))


def _start(found: Tables, where: vt.Address, lang: str) -> None:
    flash(service.start(found, where, progress.learner()), lang)


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
    names = vt.names_of(page.info, lang, page.seat)
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
    asked = service.closing_question(STATE, page)
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
                         on_cancel=lambda: service.cancel_close(STATE))
    elif discarding:
        st.caption(t("play.close_pick" if armed else "play.discard_prompt", lang))


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


def _move(action: Action, lang: str) -> None:
    """Play ``action`` for this seat on the table as the page showed it (its version)."""
    found = tables()
    if found is not None:
        flash(service.move(found, STATE, action), lang)


def _on_draw(lang: str) -> None:
    found = tables()
    if found is not None:
        flash(service.draw(found, STATE, clicked_action(DRAW_KEY)), lang)


def _on_close() -> None:
    service.toggle_close(STATE, clicked_action(HAND_KEY))


def _on_card(lang: str) -> None:
    """Throw the card clicked, or close with it (or ask what the close shows)."""
    found = tables()
    if found is not None:
        flash(service.throw(found, STATE, clicked_card(HAND_KEY)), lang)


def _close_showing(index: int, lang: str) -> None:
    """Close with the card asked about, showing its closing choice ``index`` (0: ours)."""
    found = tables()
    if found is not None:
        flash(service.close_showing(found, STATE, index), lang)


def _take_back(where: vt.Address, lang: str) -> None:
    found = tables()
    if found is not None:
        flash(service.take_back(found, where), lang)


def run(rules_id: str, lang: str) -> None:
    """The whole page below its title."""
    found = tables()
    if found is None:
        st.warning(tr("database_away", lang), icon=":material/cloud_off:")
        return
    where = address(lang)
    if where is None:
        lobby(found, rules_id, lang)
        return
    seat_page(found, where, lang)
