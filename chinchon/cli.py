"""The command line: ``python -m chinchon analyze|close|puzzles|odds`` (see DESIGN.md).

Every bad input ends with exit status 2 and one line on standard error naming the problem; in
batch mode a bad line gives ``{"error": "..."}`` on its own output line and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from chinchon.cards import HandError, hand_code, parse_hand
from chinchon.rules import PROFILE_IDS, Rules, get_rules
from chinchon.solver import analyze, discard_table

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        _fail(f"{self.prog}: {message}")


def _fail(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(EXIT_BAD_INPUT)


def _add_rules_options(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--rules", required=required, metavar="ID",
                        help=f"rule profile: {', '.join(PROFILE_IDS)}")
    parser.add_argument("--decks", type=int, metavar="1|2", help="one deck or two")
    parser.add_argument("--deck", type=int, metavar="40|48", help="deck size (ludoteka)")
    parser.add_argument("--jokers", type=int, metavar="0|2", help="jokers (ludoteka)")


def rules_from_args(args: argparse.Namespace) -> Rules:
    return get_rules(args.rules, decks=args.decks, deck=args.deck, jokers=args.jokers)


def analyze_json(text: str | Sequence[str], rules: Rules) -> dict[str, Any]:
    """The ``analyze`` output for one hand of seven or eight cards."""
    hand = parse_hand(text)
    if len(hand) == 8:
        return discard_table(hand, rules).to_json()
    if len(hand) != 7:
        raise HandError(f"a hand has 7 cards, or 8 after drawing; got {len(hand)}: "
                        f"{hand_code(hand)!r}")
    return analyze(hand, rules).to_json()


def _analyze(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    rules = rules_from_args(args)
    if args.cards:
        stdout.write(json.dumps(analyze_json(args.cards, rules)) + "\n")
        return 0
    _batch(stdin, stdout, lambda line: analyze_json(line, rules))
    return 0


def _batch(stdin: TextIO, stdout: TextIO, solve: Callable[[str], dict[str, Any]]) -> None:
    """One JSON object out per line in; a bad line becomes ``{"error": ...}`` and we go on."""
    dumps = json.dumps
    out: list[str] = []
    for line in stdin:
        try:
            out.append(dumps(solve(line)))
        except ValueError as error:
            out.append(dumps({"error": str(error)}))
        if len(out) >= 1000:
            stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        stdout.write("\n".join(out) + "\n")


def _close(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from chinchon.layoffs import resolve_request

    text = stdin.read()
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"standard input is not valid JSON: {error}") from None
    stdout.write(json.dumps(resolve_request(request).to_json()) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m chinchon",
                     description="Chinchón Lab: an exact Chinchón solver for four rule profiles.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_Parser)

    analyze_cmd = commands.add_parser(
        "analyze", help="solve one hand, or one hand per line of standard input",
        description="Solve a 7-card hand (melds, loose points, close) or an 8-card hand (every "
                    "discard). Without CARDS, read one hand per line and print one JSON per line.")
    _add_rules_options(analyze_cmd)
    analyze_cmd.add_argument("cards", nargs="*", metavar="CARDS", help="card codes, e.g. 7o 12b")
    analyze_cmd.set_defaults(run=_analyze)

    close_cmd = commands.add_parser(
        "close", help="resolve the end of a hand: melds, lay-offs, loose points (JSON on stdin)",
        description='Read {"rules": ID, "closer": [7 codes] or {"melds": [[...]], "loose": '
                    '[...]}, "opponents": [[7 codes], ...]} (options decks, deck, jokers, '
                    'first_round, total) on standard input; print the table and every player.')
    close_cmd.set_defaults(run=_close)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args, stdin or sys.stdin, stdout or sys.stdout)
    except ValueError as error:
        _fail(str(error))
    except BrokenPipeError:  # the reader went away (e.g. `| head`): nothing left to say
        return 0
    return code
