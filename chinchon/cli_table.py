"""The command line's ``table`` commands (issue 20's contract), on ``CHINCHON_DB_URL``:

- ``table new --rules CODE --seats person,person,expert [--clock S] [--listed] [--json]``:
  a new table; ``--json`` prints ``{"table": ID, "code": CODE, "links": {"0": …}}``, a link
  per person seat. It starts by itself once every person seat has been opened.
- ``table show ID [--seat N --key K] [--json]``: what anyone at the table may see, and with a
  seat and its key that seat's cards (``hand``); a wrong key exits 2.
- ``table record ID``: the record (``replay`` text) of a finished table; exit 2 while the
  game is on.
- ``table close-idle``: close every table nobody played for a day (for cron; each read of a
  table closes it too) and print how many.

Every problem is a ``ValueError`` naming it, which :mod:`chinchon.cli` turns into exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from chinchon.engine.rules import OPTION_NAMES
from chinchon.game.names import SEAT_KINDS


def _tables() -> Any:
    # Imported here: the other commands never pay for SQLAlchemy and Alembic.
    from chinchon.store.store import Store
    from chinchon.store.tables import Tables

    return Tables(Store())


def _options(args: argparse.Namespace) -> dict[str, int]:
    return {name: value for name in OPTION_NAMES
            if (value := getattr(args, name)) is not None}


def _new(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    made = _tables().create(args.rules, _options(args), args.seats.split(","),
                            clock=args.clock, listed=args.listed, bot=args.bot)
    if args.json:
        stdout.write(json.dumps({"table": made.table, "code": made.code,
                                 "links": made.links()}) + "\n")
        return 0
    stdout.write(f"table {made.table}, code {made.code}\n")
    for seat, address in made.links().items():
        stdout.write(f"  seat {seat}: {address}\n")
    return 0


def _show(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    if (args.seat is None) != (args.key is None):
        raise ValueError("--seat and --key go together: a seat's cards need its key")
    from chinchon.views.tables import shown as public

    tables = _tables()
    read = (tables.read(args.table) if args.seat is None
            else tables.page(args.table, args.seat, args.key))
    shown = public(read)
    if args.json:
        stdout.write(json.dumps(shown) + "\n")
        return 0
    seats = ", ".join(f"{s['seat']}: {s['bot'] or 'person'}"
                      + (" (played by a bot)" if s["bot_playing"] else "")
                      for s in shown["seats"])
    lines = [f"table {shown['table']} ({shown['code']}), {shown['rules']}, {shown['status']}, "
             f"version {shown['version']}", f"seats {seats}",
             f"to play: {'-' if shown['to_play'] is None else shown['to_play']}",
             f"pile (top first): {' '.join(shown['pile']) or '-'}; stock {shown['stock']}",
             f"totals {' '.join(map(str, shown['totals']))}"]
    if "hand" in shown:
        lines.append(f"seat {shown['seat']} holds {' '.join(shown['hand'])}")
    stdout.write("\n".join(lines) + "\n")
    return 0


def _record(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    stdout.write(_tables().record(args.table))
    return 0


def _close_idle(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    closed = _tables().close_idle()
    stdout.write(f"closed {closed} idle table{'' if closed == 1 else 's'}\n")
    return 0


def _guarded(run: Any) -> Any:
    """A database that cannot be reached: one line and exit 1 (not bad input)."""
    def guarded(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
        from sqlalchemy.exc import SQLAlchemyError

        try:
            code: int = run(args, stdin, stdout)
        except SQLAlchemyError as error:
            first = str(getattr(error, "orig", None) or error).splitlines()[0][:200]
            print(f"error: the database: {type(error).__name__}: {first}", file=sys.stderr)
            return 1
        return code
    return guarded


def add_commands(commands: Any, add_rules_options: Any) -> None:
    """Register ``table new|show|record|close-idle`` on the main parser's subcommands."""
    from chinchon.cli_io import Parser
    from chinchon.game.names import BOT_NAMES

    table_cmd = commands.add_parser(
        "table", help="tables with people: make one, see one, print its record",
        description="Tables where people play from their own browsers (the Tables page), "
                    "kept in the database (CHINCHON_DB_URL).")
    actions = table_cmd.add_subparsers(dest="table_command", required=True, metavar="ACTION",
                                       parser_class=Parser)
    new_cmd = actions.add_parser("new", help="make a table and print a link per person seat")
    add_rules_options(new_cmd)
    new_cmd.add_argument("--seats", required=True, metavar="KIND,KIND[,…]",
                         help=f"one per seat, in seat order: {', '.join(SEAT_KINDS)}")
    new_cmd.add_argument("--clock", type=int, default=0, metavar="S",
                         help="seconds per turn before a bot plays for a late seat (0: off)")
    new_cmd.add_argument("--listed", action="store_true",
                         help="list the table on the Tables page's Join list")
    new_cmd.add_argument("--bot", default="expert", choices=BOT_NAMES,
                         help="the bot for a seat nobody takes or a player who left")
    new_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    new_cmd.set_defaults(run=_guarded(_new))

    show_cmd = actions.add_parser("show", help="what anyone at the table may see")
    show_cmd.add_argument("table", type=int, metavar="ID", help="the table's number")
    show_cmd.add_argument("--seat", type=int, metavar="N", help="a seat (with its --key)")
    show_cmd.add_argument("--key", metavar="K", help="the seat's key (from its link)")
    show_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    show_cmd.set_defaults(run=_guarded(_show))

    record_cmd = actions.add_parser("record", help="the record of a finished table")
    record_cmd.add_argument("table", type=int, metavar="ID", help="the table's number")
    record_cmd.set_defaults(run=_guarded(_record))

    idle_cmd = actions.add_parser(
        "close-idle", help="close the tables nobody played for a day (for cron)",
        description="Close every open or playing table without a move for a day; it is kept "
                    "as a finished record. Reading a table closes it too; this is for cron.")
    idle_cmd.set_defaults(run=_guarded(_close_idle))
