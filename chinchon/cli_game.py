"""The command line's game commands: ``play``, ``replay`` and ``match`` (issue 9's contract).

``chinchon.cli`` registers them with :func:`add_commands`; errors follow its rule (a
``ValueError`` becomes exit status 2 and one line on standard error). The game and the bots are
imported by the commands that use them, so that building the parser (which every command does)
loads neither.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, TextIO

from chinchon.cli_io import MAX_JSON_BYTES, check_depth, read_text
from chinchon.engine.errors import quote
from chinchon.engine.rules import Rules, get_rules
from chinchon.game.names import BOT_NAMES, DEFAULT_THINK_MS
from chinchon.user_files import read_user_file


def _names(text: str, what: str) -> list[str]:
    from chinchon.game.players import make_bot

    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        make_bot(name)  # BotError names an unknown one
    if len(names) < 2:
        raise ValueError(f"{what} needs at least two bots, not {quote(text)}")
    return names


def _think(text: str) -> int:
    """``--think MS``: master's budget per decision, a whole number of milliseconds."""
    from chinchon.game.master import MAX_THINK_MS

    try:
        value = int(text.strip())
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_THINK_MS:
        raise ValueError(f"--think must be a whole number of milliseconds from 0 to "
                         f"{MAX_THINK_MS:,}, not {quote(text)}")
    return value


def game_rules(args: argparse.Namespace, players: int) -> Rules:
    """The rules for a table of ``players``: one or two decks as the profile says for that many
    players, unless ``--decks`` forces it."""
    return get_rules(args.rules, players=players, decks=args.decks, deck=args.deck,
                     jokers=args.jokers)


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from chinchon.game.players import play_game
    from chinchon.game.records import GameRecord

    seats = _names(args.seats, "--seats")
    think = _think(args.think)
    rules = game_rules(args, len(seats))
    record = GameRecord.of(play_game(rules, seats, args.seed, think_ms=think))
    if args.json:
        stdout.write(json.dumps(record.to_json()) + "\n")
    else:
        stdout.write(record.code())
    return 0


def _replay(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from chinchon.game.records import read_record

    if args.file == "-":
        text = read_text(stdin)
    else:
        data = read_user_file(args.file, "", max_bytes=MAX_JSON_BYTES)
        text = read_text(io.BytesIO(data), what=quote(args.file))
    if text.lstrip().startswith(("{", "[")):  # a JSON record: bounded before json reads it
        check_depth(text)
    record = read_record(text)
    final = record.final
    summary: dict[str, Any] = {
        "rules": record.rules.id, "options": record.rules.options, "seats": list(record.seats),
        "hands": len(final.results), "totals": list(final.totals),
        "finished": final.is_over, "winner": final.winner if final.is_over else None}
    if args.json:
        stdout.write(json.dumps(summary) + "\n")
        return 0
    for seat, (name, total) in enumerate(zip(record.seats, final.totals, strict=True)):
        stdout.write(f"seat {seat} ({name}): {total}\n")
    if not final.is_over:
        result = "game not finished"
    elif final.winner is None:
        result = "a draw"
    else:
        result = f"winner: seat {final.winner} ({record.seats[final.winner]})"
    stdout.write(f"{result} after {len(final.results)} hands\n")
    return 0


def _match(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from chinchon.game.match import (
        MAX_WORKERS,
        GameSummary,
        check_games,
        run_match,
        stderr_progress,
    )

    bots = _names(args.bots, "--bots")
    check_games(args.games, "--games")
    check_games(args.workers, "--workers", MAX_WORKERS)
    think = _think(args.think)
    seats = max(len(bots), get_rules(args.rules).players[0])
    rules = game_rules(args, seats)

    def write(game: GameSummary) -> None:
        stdout.write(json.dumps(game.to_json()) + "\n")

    result = run_match(rules, bots, args.games, seed=args.seed, workers=args.workers,
                       seats=seats, progress=stderr_progress(sys.stderr),
                       on_game=write if args.json else None, think_ms=think)
    if args.json:
        stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        stdout.write(result.table() + "\n")
    return 0


def add_commands(commands: Any, add_rules_options: Any) -> None:
    """Register ``play``, ``replay`` and ``match`` on the main parser's subcommands."""
    bots = ", ".join(BOT_NAMES)
    play_cmd = commands.add_parser(
        "play", help="play one whole game among bots and print its record",
        description="Play one game among bots (one per seat) and print its record: the text "
                    "notation, or with --json one JSON object.")
    add_rules_options(play_cmd)
    play_cmd.add_argument("--seats", required=True, metavar="BOT,BOT[,…]",
                          help=f"one bot per seat, in seat order: {bots}")
    play_cmd.add_argument("--seed", type=int, default=0, metavar="N",
                          help="the deal's seed (default 0): the same seed, the same game")
    _add_think(play_cmd)
    play_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    play_cmd.set_defaults(run=_play)

    replay_cmd = commands.add_parser(
        "replay", help="check a game record (text or JSON) and print the final totals",
        description="Replay a record move by move; a record that breaks a rule exits 2 "
                    "naming the hand, the move and the rule.")
    replay_cmd.add_argument("file", metavar="FILE", help="a record file, or - for stdin")
    replay_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    replay_cmd.set_defaults(run=_replay)

    match_cmd = commands.add_parser(
        "match", help="duplicate matches between bots, in parallel processes",
        description="Play N games on duplicate deals (every deal once per rotation of the "
                    "bots over the seats, so the luck of the deal cancels) and print per bot the "
                    "mean hand score, the win rate and 95% intervals of the differences.")
    add_rules_options(match_cmd)
    match_cmd.add_argument("--bots", required=True, metavar="BOT,BOT[,…]",
                           help=f"the bots to compare: {bots}")
    match_cmd.add_argument("--games", type=int, required=True, metavar="N",
                           help="games to play, at most 100,000 (rounded up to whole "
                                "duplicate sets)")
    match_cmd.add_argument("--seed", type=int, default=0, metavar="S",
                           help="the first deal's seed (default 0)")
    match_cmd.add_argument("--workers", type=int, default=1, metavar="W",
                           help="processes, at most 64 (default 1)")
    _add_think(match_cmd)
    match_cmd.add_argument("--json", action="store_true",
                           help="one JSON line per game, then a summary line")
    match_cmd.set_defaults(run=_match)


def _add_think(command: Any) -> None:
    command.add_argument("--think", default=str(DEFAULT_THINK_MS), metavar="MS",
                         help=f"master's budget per decision in milliseconds, turned into a "
                              f"fixed number of samples (default {DEFAULT_THINK_MS}, the Play "
                              f"page's): the same seed, the same game")
