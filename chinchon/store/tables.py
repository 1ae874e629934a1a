"""Tables with people (issue 20): a game several people play from their own browsers, bots
filling the empty seats, every move in the database so that any server can serve any seat.

A table is a row (rules, seed, actions, version, clock) and its seat rows
(:mod:`chinchon.store.table_schema`); the state is rebuilt from seed + actions by the game
(cached per server). A move reads the version, checks the seat and the rules, and writes
``UPDATE … WHERE version = :v``: of two moves racing for one version exactly one is applied,
the other gets ``TableMovedOn``. Bots (the bot seats, and a person's seat whose clock ran
out or whose player left) are played by whichever page polls when their pace has passed
(:meth:`Tables.tick`), through the same write, so no server holds state. What the store
returns, and the problems it names, are the plain rows of :mod:`chinchon.store.rows.tables`;
what a seat's page shows is computed from them by :mod:`chinchon.views.tables`.

>>> from chinchon.store.store import Store
>>> tables = Tables(Store("sqlite://"))
>>> made = tables.create("fournier", {}, ["person", "greedy"])
>>> seat = tables.sit(made.table, 0, made.keys[0])
>>> info = tables.info(made.table)
>>> info.status, info.version > 0, tables.page(made.table, 0, made.keys[0]).view.seat
('playing', True, 0)
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from chinchon.engine.errors import quote
from chinchon.game.actions import Action, decode_actions
from chinchon.game.names import PERSON, SEAT_KINDS
from chinchon.game.players import BOT_NAMES, make_bot
from chinchon.game.records import GameRecord
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, apply
from chinchon.store.database import reader
from chinchon.store.rows import utc_now
from chinchon.store.rows.tables import (
    CLOSED,
    FINISHED,
    OPEN,
    OVER,
    PLAYING,
    BadTable,
    GameStillOn,
    IllegalMove,
    Made,
    NotCreator,
    NotStarted,
    NotYourTurn,
    Rejoin,
    Seat,
    SeatRead,
    SeatTaken,
    TableFinished,
    TableInfo,
    TableMovedOn,
    TableRead,
    UnknownTable,
    WrongKey,
)
from chinchon.store.schema import Learner
from chinchon.store.store import CODE_ALPHABET, Store, check_learner_id
from chinchon.store.table_schema import SEAT_KEY_LENGTH, TABLE_CODE_LENGTH, PlaySeat, PlayTable
from chinchon.store.table_state import Loaded, TableStates, table_rules, taken

#: A turn clock: off (0) or this many seconds at least, at most.
CLOCK_RANGE = (10, 3600)
#: Seconds between two bot actions, so that people can follow them.
BOT_PACE = 1.0
#: A person whose page has not been seen for this long while it is his turn has left.
AWAY_SECONDS = 30.0
#: How often a seat's page writes that it is still there (a write per poll would be too many).
SEEN_EVERY = 5.0
#: A table nobody played for this long is closed (kept as a finished record).
IDLE_CLOSE = datetime.timedelta(days=1)



def _key() -> str:
    """A seat's secret: hex, so that it never starts with "-" (a command line would read it
    as an option) and needs no escaping in an address."""
    return secrets.token_hex(SEAT_KEY_LENGTH // 2)


def _check_kinds(kinds: Sequence[str]) -> list[str]:
    found = [kind.strip().lower() for kind in kinds]
    for kind in found:
        if kind not in SEAT_KINDS:
            raise BadTable(f"a seat is {' or '.join(SEAT_KINDS)}, not {quote(kind)}")
    if PERSON not in found:
        raise BadTable(f"a table needs at least one person seat: {quote(','.join(found))}")
    return found


def _check_clock(clock: int) -> int:
    low, high = CLOCK_RANGE
    if isinstance(clock, bool) or not isinstance(clock, int) or (
            clock != 0 and not low <= clock <= high):
        raise BadTable(f"a turn clock is 0 (off) or {low} to {high} seconds, not {quote(clock)}")
    return clock


class Tables:
    """The tables of one store. ``pace`` and ``away`` (seconds) are the bots' pace and how long
    a person may be unseen on his turn before a bot plays for him."""

    def __init__(self, store: Store, *, pace: float = BOT_PACE, away: float = AWAY_SECONDS
                 ) -> None:
        self.store = store
        self.pace = pace
        self.away = away
        self._sessions = sessionmaker(store.engine, expire_on_commit=False)
        # Reads take no write lock (a poll of every seat's page every half second).
        self._reads = sessionmaker(reader(store.engine), expire_on_commit=False)
        self._states = TableStates()

    # --- Reading ------------------------------------------------------------------------------

    @staticmethod
    def _read(session: Session, table: object, *, lock: bool = False) -> Loaded:
        if isinstance(table, bool) or not isinstance(table, int):
            raise UnknownTable(f"not a table number: {quote(table)}")
        row = session.get(PlayTable, table, with_for_update=lock)
        if row is None:
            raise UnknownTable(f"no table {quote(table)}")
        seats = session.scalars(select(PlaySeat).where(PlaySeat.table_id == table)
                                .order_by(PlaySeat.seat)).all()
        return Loaded(row, tuple(seats))

    def _load(self, table: object) -> Loaded:
        """The table and its seats; a table idle past :data:`IDLE_CLOSE` is closed first, so
        that every read closes its own table, lobby or no lobby."""
        with self._reads() as session:
            loaded = self._read(session, table)
        row = loaded.row
        if row.status in (OPEN, PLAYING) and row.moved_at < utc_now() - IDLE_CLOSE:
            self.close_idle(table=row.id)
            with self._reads() as session:
                loaded = self._read(session, table)
        return loaded

    def _info(self, loaded: Loaded, now: datetime.datetime | None = None) -> TableInfo:
        now = now or utc_now()
        row = loaded.row
        away = datetime.timedelta(seconds=self.away)
        seats = tuple(Seat(s.seat, s.kind, s.learner_id, taken(s),
                           s.last_seen is not None and now - s.last_seen < away, s.bot_playing)
                      for s in loaded.seats)
        moves = len(decode_actions(row.actions)) if row.actions else 0
        return TableInfo(row.id, row.code, row.rules_code, dict(row.options), row.clock,
                         row.listed, row.bot, row.status, row.version, row.creator, seats,
                         moves, row.created_at, row.moved_at, row.turn_since)

    def info(self, table: object) -> TableInfo:
        """The public side of a table; :class:`UnknownTable` names a bad number."""
        return self._info(self._load(table))

    def version(self, table: object) -> int:
        """The table's version (what a page polls): one small query."""
        if isinstance(table, bool) or not isinstance(table, int):
            raise UnknownTable(f"not a table number: {quote(table)}")
        with self._reads() as session:
            found = session.scalar(select(PlayTable.version).where(PlayTable.id == table))
        if found is None:
            raise UnknownTable(f"no table {quote(table)}")
        return int(found)

    def by_code(self, code: str) -> int:
        """The table with this code (read out in class); :class:`UnknownTable` otherwise."""
        normal = code.strip().upper().replace("-", "").replace(" ", "")
        with self._sessions() as session:
            found = session.scalar(select(PlayTable.id).where(PlayTable.code == normal))
        if found is None:
            raise UnknownTable(f"no table with the code {quote(code)}")
        return int(found)

    @staticmethod
    def _seat(loaded: Loaded, seat: object, key: object) -> PlaySeat:
        """The seat row that ``key`` opens; :class:`WrongKey` otherwise."""
        count = len(loaded.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise WrongKey(f"table {loaded.id} has no seat {quote(seat)}: seats are 0 to "
                           f"{count - 1}")
        found = loaded.seats[seat]
        if not isinstance(key, str) or not secrets.compare_digest(
                found.key.encode(), key.encode()):
            raise WrongKey(f"the key does not open seat {seat} of table {loaded.id}")
        if found.kind != PERSON:  # nobody took it before the start: its bot's cards are his
            raise SeatTaken(f"seat {seat} of table {loaded.id} is played by the {found.kind} "
                            f"bot: the game started without this seat's player")
        return found

    def _state(self, loaded: Loaded) -> GameState:
        return self._states.state(loaded)

    def page(self, table: object, seat: object, key: object) -> SeatRead:
        """Seat ``seat``'s read of its table, for the holder of its key (its ``view`` is what
        the seat may see)."""
        loaded = self._load(table)
        return self._page(loaded, self._seat(loaded, seat, key).seat)

    def _page(self, loaded: Loaded, seat: int) -> SeatRead:
        now = utc_now()
        return SeatRead(self._info(loaded, now), seat, self._state(loaded), now)

    def poll(self, table: object, seat: object, key: object) -> SeatRead:
        """One poll of a seat's page, reading the table once: play a bot action if one is
        due (:meth:`tick`), note that the seat's page is open (:meth:`seen`), and return the
        seat's read of the table."""
        loaded = self._load(table)
        found = self._seat(loaded, seat, key)
        if self._tick(loaded):
            loaded = self._load(table)  # it moved: the page shows the move
        now = utc_now()
        if found.last_seen is None or (now - found.last_seen).total_seconds() >= SEEN_EVERY:
            self._see(loaded.id, found.seat, now)
        return self._page(loaded, found.seat)

    def invite_keys(self, table: object, seat: object, key: object) -> dict[int, str]:
        """For the table's creator (the holder of his seat's key): the key of every person
        seat still open, to send as links. :class:`NotCreator` for anyone else."""
        loaded = self._load(table)
        found = self._seat(loaded, seat, key)
        if loaded.row.creator is None or found.learner_id != loaded.row.creator:
            raise NotCreator(f"only the player who made table {loaded.id} sees its links")
        return {s.seat: s.key for s in loaded.seats if s.kind == PERSON and not taken(s)}

    def record(self, table: object) -> str:
        """The record (``replay`` text) of a finished table; :class:`GameStillOn` before."""
        loaded = self._load(table)
        if loaded.row.status not in FINISHED:
            raise GameStillOn(f"table {loaded.id} is still being played: its record stays "
                              f"secret until the game ends")
        return GameRecord.of(self._state(loaded)).code()

    def listed(self) -> list[TableInfo]:
        """Listed tables still waiting for people, with an open person seat, newest first."""
        with self._sessions() as session:
            ids = session.scalars(select(PlayTable.id).where(
                PlayTable.status == OPEN, PlayTable.listed).order_by(PlayTable.id.desc())
                .limit(50)).all()
            loaded = [self._read(session, table) for table in ids]
        return [info for info in map(self._info, loaded) if info.open_seats()]

    def mine(self, learner: str) -> list[Rejoin]:
        """The learner's unfinished tables (what "Rejoin" lists)."""
        query = (select(PlaySeat, PlayTable).join(PlayTable, PlayTable.id == PlaySeat.table_id)
                 .where(PlaySeat.learner_id == check_learner_id(learner),
                        PlayTable.status.in_((OPEN, PLAYING)))
                 .order_by(PlayTable.id.desc()))
        with self._sessions() as session:
            return [Rejoin(t.id, t.code, s.seat, s.key, t.status, t.rules_code)
                    for s, t in session.execute(query).all()]

    # --- Making and seating ---------------------------------------------------------------------

    def create(self, rules_code: str, options: Mapping[str, int], kinds: Sequence[str], *,
               clock: int = 0, listed: bool = False, bot: str = "expert",
               creator: str | None = None) -> Made:
        """A new table; its person seats' keys (their links) come back."""
        found = _check_kinds(kinds)
        table_rules(rules_code, options, len(found))  # RulesError names a bad count or option
        if bot not in BOT_NAMES:
            raise BadTable(f"the bot for empty seats is one of {', '.join(BOT_NAMES)}, "
                           f"not {quote(bot)}")
        clock = _check_clock(clock)
        now = utc_now()
        creator = check_learner_id(creator) if creator is not None else None
        with self._sessions() as session, session.begin():
            if creator is not None:
                _ensure_learner(session, creator, now)
            row = PlayTable(
                code=self._free_code(session), rules_code=rules_code, options=dict(options),
                seed=secrets.randbelow(2**31), actions="", version=0, clock=clock,
                listed=bool(listed), bot=bot, status=OPEN, creator=creator, created_at=now,
                moved_at=now)
            session.add(row)
            session.flush()
            keys = {}
            for seat, kind in enumerate(found):
                key = _key()
                session.add(PlaySeat(table_id=row.id, seat=seat, kind=kind, key=key,
                                     bot_playing=False))
                if kind == PERSON:
                    keys[seat] = key
            return Made(row.id, row.code, keys)

    @staticmethod
    def _free_code(session: Session) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))
            if session.scalar(select(PlayTable.id).where(PlayTable.code == code)) is None:
                return code

    def sit(self, table: object, seat: object, key: object, learner: str | None = None
            ) -> TableInfo:
        """The holder of a seat's key sits there: a reload, a new tab or another device with
        the link comes back to it. An open person seat is bound to ``learner`` (a script that
        opens it binds it to no one); once every person seat is taken the table starts."""
        learner = check_learner_id(learner) if learner is not None else None
        now = utc_now()
        with self._sessions() as session, session.begin():
            loaded = self._read(session, table, lock=True)
            found = self._seat(loaded, seat, key)
            changed = found.kind == PERSON and not taken(found)
            if changed and learner is not None:
                _ensure_learner(session, learner, now)
                found.learner_id = learner
            found.last_seen = now
            row = loaded.row
            if row.status == OPEN and all(s.kind != PERSON or taken(s) for s in loaded.seats):
                self._start(loaded, now)
                changed = True
            if changed:
                row.version += 1
                row.moved_at = now
        return self.info(loaded.id)

    def take_open_seat(self, table: object, learner: str) -> tuple[int, str]:
        """Join a listed table: the learner's seat there, else its first open person seat
        (seat, key); :class:`SeatTaken` when none is left (someone was quicker)."""
        learner = check_learner_id(learner)
        with self._sessions() as session, session.begin():
            loaded = self._read(session, table, lock=True)
            if loaded.row.status != OPEN:
                raise SeatTaken(f"table {loaded.id} has started: no seat is open")
            mine = [s for s in loaded.seats if s.learner_id == learner]
            free = mine or [s for s in loaded.seats if s.kind == PERSON and not taken(s)]
            if not free:
                raise SeatTaken(f"every seat of table {loaded.id} is taken")
            seat, key = free[0].seat, free[0].key
        self.sit(loaded.id, seat, key, learner)
        return seat, key

    def quick_seat(self, learner: str) -> tuple[int, int, str]:
        """The first open seat of the listed tables: (table, seat, key)."""
        for info in self.listed():
            try:
                seat, key = self.take_open_seat(info.id, learner)
            except SeatTaken:
                continue
            return info.id, seat, key
        raise SeatTaken("no listed table has an open seat: create one")

    def start(self, table: object, learner: str | None) -> TableInfo:
        """The creator starts his table: the seats still empty get the table's bot."""
        now = utc_now()
        with self._sessions() as session, session.begin():
            loaded = self._read(session, table, lock=True)
            row = loaded.row
            if row.creator is None or learner != row.creator:
                raise NotCreator(f"only the player who made table {row.id} may start it")
            if row.status != OPEN:
                raise TableFinished(f"table {row.id} has already started")
            self._start(loaded, now)
            row.version += 1
        return self.info(loaded.id)

    @staticmethod
    def _start(loaded: Loaded, now: datetime.datetime) -> None:
        row = loaded.row
        for seat in loaded.seats:
            if seat.kind == PERSON and not taken(seat):
                seat.kind = row.bot
        row.status = PLAYING
        row.turn_since = now
        row.moved_at = now

    def seen(self, table: object, seat: object, key: object) -> None:
        """The seat's page is open (written at most every :data:`SEEN_EVERY` seconds)."""
        now = utc_now()
        loaded = self._load(table)
        found = self._seat(loaded, seat, key)
        if found.last_seen is None or (now - found.last_seen).total_seconds() >= SEEN_EVERY:
            self._see(loaded.id, found.seat, now)

    def _see(self, table: int, seat: int, now: datetime.datetime) -> None:
        with self._sessions() as session, session.begin():
            session.execute(update(PlaySeat).where(
                PlaySeat.table_id == table, PlaySeat.seat == seat).values(last_seen=now))

    def take_back(self, table: object, seat: object, key: object) -> TableInfo:
        """A person takes his seat back from the bot that played it (one click)."""
        now = utc_now()
        with self._sessions() as session, session.begin():
            loaded = self._read(session, table, lock=True)
            found = self._seat(loaded, seat, key)
            if found.bot_playing:
                found.bot_playing = False
                found.last_seen = now
                loaded.row.version += 1
                if self._state(loaded).turn == found.seat:
                    loaded.row.turn_since = now  # a fresh clock for the turn he takes back
        return self.info(loaded.id)

    # --- Moves ---------------------------------------------------------------------------------

    def play(self, table: object, seat: object, key: object, action: Action, version: int
             ) -> TableInfo:
        """Seat ``seat`` plays ``action`` on the table as his page showed it at ``version``;
        :class:`TableMovedOn` when it moved on since (the move is not applied)."""
        loaded = self._load(table)
        found = self._seat(loaded, seat, key)
        row = loaded.row
        if row.version != version:
            raise TableMovedOn(f"table {row.id} moved on (version {row.version}; the page "
                               f"showed {quote(version)}): look again")
        if row.status != PLAYING:
            if row.status == OPEN:
                raise NotStarted(f"table {row.id} has not started yet")
            raise TableFinished(f"table {row.id} is finished")
        state = self._state(loaded)
        if state.turn != found.seat:
            raise NotYourTurn(f"it is seat {state.turn}'s turn at table {row.id}, not seat "
                              f"{found.seat}'s")
        try:
            after = apply(state, action)
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        # A person who moves while a bot held his seat is back.
        self._write(loaded, action, state, after,
                    seat_back=found.seat if found.bot_playing else None)
        return self.info(row.id)

    def _write(self, loaded: Loaded, action: Action, before: GameState, after: GameState, *,
               seat_back: int | None = None, bot_over: int | None = None) -> None:
        """``UPDATE … WHERE version = :v`` with the action added; :class:`TableMovedOn` when
        another move got there first."""
        row, now = loaded.row, utc_now()
        actions = f"{row.actions}.{action.token()}" if row.actions else action.token()
        values: dict[str, Any] = {"actions": actions, "version": row.version + 1,
                                  "moved_at": now}
        if after.turn != before.turn or after.hand != before.hand:
            values["turn_since"] = now
        if after.is_over:
            values.update(status=OVER, finished_at=now)
        with self._sessions() as session, session.begin():
            done = session.execute(update(PlayTable).where(
                PlayTable.id == row.id, PlayTable.version == row.version).values(**values))
            if getattr(done, "rowcount", 0) != 1:
                raise TableMovedOn(f"table {row.id} moved on before this move was written: "
                                   f"it was not applied")
            if seat_back is not None:
                session.execute(update(PlaySeat).where(
                    PlaySeat.table_id == row.id, PlaySeat.seat == seat_back)
                    .values(bot_playing=False, last_seen=now))
            if bot_over is not None:
                session.execute(update(PlaySeat).where(
                    PlaySeat.table_id == row.id, PlaySeat.seat == bot_over)
                    .values(bot_playing=True))
        self._states.keep(row.id, actions, after)

    def due(self, info: TableInfo, state: GameState, now: datetime.datetime | None = None
            ) -> tuple[bool, bool]:
        """Whether a bot should act for the seat to play now, and whether that takes a
        person's seat over (his clock ran out, or he left: no page seen for ``away``)."""
        if info.status != PLAYING or state.is_over:
            return False, False
        now = now or utc_now()
        if (now - info.moved_at).total_seconds() < self.pace:
            return False, False
        seat = info.seats[state.turn]
        if seat.kind != PERSON or seat.bot_playing:
            return True, False
        waited = (now - (info.turn_since or info.moved_at)).total_seconds()
        late = bool(info.clock) and waited >= info.clock
        gone = not seat.connected and waited >= self.away
        return late or gone, late or gone

    def tick(self, table: object, now: datetime.datetime | None = None) -> bool:
        """Play one bot action if one is due (see :meth:`due`); True when it moved. Any page
        may call it: of two that do at once, one writes and the other does nothing."""
        return self._tick(self._load(table), now)

    def _tick(self, loaded: Loaded, now: datetime.datetime | None = None) -> bool:
        info = self._info(loaded, now)
        state = self._state(loaded)
        act, takes_over = self.due(info, state, now)
        if not act:
            return False
        seat = state.turn
        kind = info.seats[seat].kind
        bot = make_bot(info.bot if kind == PERSON else kind,
                       f"{loaded.row.seed}:{seat}:{info.moves}")
        action = bot.choose(view(state, seat))
        try:
            self._write(loaded, action, state, apply(state, action),
                        bot_over=seat if takes_over else None)
        except TableMovedOn:
            return False
        return True

    def close_idle(self, now: datetime.datetime | None = None, *, table: int | None = None
                   ) -> int:
        """Close the tables nobody played for :data:`IDLE_CLOSE` (kept as finished records),
        or only ``table``; returns how many. Each read of a table runs it for that table; the
        CLI's ``table close-idle`` runs it for all (for cron)."""
        now = now or utc_now()
        idle = [PlayTable.status.in_((OPEN, PLAYING)), PlayTable.moved_at < now - IDLE_CLOSE]
        if table is not None:
            idle.append(PlayTable.id == table)
        with self._sessions() as session, session.begin():
            done = session.execute(update(PlayTable).where(*idle).values(
                status=CLOSED, finished_at=now, version=PlayTable.version + 1))
        return int(getattr(done, "rowcount", 0) or 0)

    def read(self, table: object) -> TableRead:
        """The whole table, for the server's own use (the command line): what a seat may see
        of it is :meth:`page`'s, for the holder of its key."""
        loaded = self._load(table)
        now = utc_now()
        return TableRead(self._info(loaded, now), self._state(loaded), now)


def _ensure_learner(session: Session, learner: str, now: datetime.datetime) -> None:
    """A learner minted by a page may not be written yet: make his row (harmless twice)."""
    if session.get(Learner, learner) is None:
        session.add(Learner(id=learner, created_at=now))

