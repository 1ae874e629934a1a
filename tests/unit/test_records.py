"""chinchon.game.records: text and JSON records round-trip, replay every state, and a record
that breaks a rule is refused naming the hand, the move and the rule."""

from __future__ import annotations

import json
from functools import cache

import pytest

from chinchon.engine.rules import get_rules
from chinchon.game.actions import decode_actions, encode_actions
from chinchon.game.players import play_game
from chinchon.game.records import GameRecord, RecordError, read_record
from chinchon.game.state import Decided, GameState, HandResult, Reshuffled


@cache
def ludoteka_long() -> GameState:
    """A ludoteka game with a rebuilt stock and a hand that ended with no closer."""
    for seed in range(200):
        final = play_game(get_rules("ludoteka"), ["random", "random"], seed)
        events = final.events()
        if (any(isinstance(e, Reshuffled) for e in events)
                and any(isinstance(e, HandResult) and e.closer is None for e in events)):
            return final
    raise AssertionError("no seed below 200 gives a fourth empty stock")


@cache
def barajamos_returns() -> GameState:
    """A barajamos game in which somebody spent a return and somebody stayed out."""
    for seed in range(200):
        final = play_game(get_rules("barajamos"), ["greedy", "random", "random"], seed)
        decided = [e for e in final.events() if isinstance(e, Decided)]
        if any(d.spend for d in decided) and any(not d.spend for d in decided):
            return final
    raise AssertionError("no seed below 200 gives both a return and a refusal")


def games() -> list[GameState]:
    return [ludoteka_long(), barajamos_returns(),
            play_game(get_rules("fournier"), ["greedy", "random"], 3),
            play_game(get_rules("jeux-de-cartes", players=5), ["greedy", "random"] * 2 + ["greedy"],
                      2),
            play_game(get_rules("ludoteka", jokers=2, deck=48), ["greedy", "random"], 1)]


@pytest.mark.parametrize("index", range(5))
def test_text_and_json_records_round_trip(index: int) -> None:
    final = games()[index]
    record = GameRecord.of(final)
    text = record.code()
    assert GameRecord.parse(text) == record
    assert GameRecord.parse(text).code() == text
    data = json.loads(json.dumps(record.to_json()))
    assert GameRecord.from_json(data) == record
    assert read_record(json.dumps(data)) == record and read_record(text) == record
    assert record.final.totals == final.totals and record.final.events() == final.events()
    assert decode_actions(encode_actions(record.actions)) == record.actions


def test_a_record_names_what_happened() -> None:
    text = GameRecord.of(ludoteka_long()).code()
    assert "stock rebuilt (" in text and "stock, ran out: no closer" in text
    assert "end: no closer; scores" in text
    text = GameRecord.of(barajamos_returns()).code()
    assert " returns\n" in text and " stays out\n" in text


def test_the_json_record_follows_the_contract() -> None:
    data = GameRecord.of(barajamos_returns()).to_json()
    assert {"rules", "options", "seats", "seed", "hands", "winner"} <= set(data)
    hand = data["hands"][0]
    assert set(hand) == {"first", "deal", "turns", "closer", "scores", "totals", "returns", "out"}
    assert set(hand["deal"]) == {"hands", "upcard", "stock"}
    assert all(len(cards) == 7 for cards in hand["deal"]["hands"])
    assert set(hand["turns"][0]) == {"seat", "draw", "card", "discard", "close"}
    assert any(h["returns"] for h in data["hands"])
    assert any(None in h["deal"]["hands"] for h in data["hands"]) or all(
        None not in h["scores"] for h in data["hands"])


def test_a_record_may_stop_before_the_end() -> None:
    record = GameRecord.of(play_game(get_rules("fournier"), ["greedy", "random"], 3))
    for stop in (14, 15):  # between turns, and in the middle of one
        short = GameRecord(record.rules, record.seats, record.seed, record.actions[:stop])
        assert '[Result "*"]' in short.code()
        assert GameRecord.parse(short.code()) == short and not short.final.is_over
        assert GameRecord.from_json(short.to_json()) == short


# --- Bad records ---------------------------------------------------------------------------------


@cache
def good_text() -> str:
    return GameRecord.of(play_game(get_rules("fournier"), ["greedy", "random"], 3)).code()


def lines() -> list[str]:
    return good_text().splitlines()


def edit(old: str, new: str, count: int = 1) -> str:
    text = good_text()
    assert old in text, old
    return text.replace(old, new, count)


def first_turn_line() -> str:
    return next(line for line in lines() if line.strip().startswith("1. seat"))


def _bad_cases() -> list[tuple[str, str]]:
    turn = first_turn_line()
    seat = turn.split("seat ")[1][0]
    other = "1" if seat == "0" else "0"
    drawn = turn.split()[4].rstrip(",")
    thrown = turn.split()[-1]
    close_line = next(line for line in lines() if "closes with" in line)
    upcard = next(line for line in lines() if "upcard" in line).split()[-1]
    end_line = next(line for line in lines() if line.strip().startswith("end:"))
    cases = [
        (edit('[Rules "fournier"]', '[Rules "poker"]'), "unknown rule profile 'poker'"),
        (edit('[Rules "fournier"]', '[Rules "fournier"]\n[Options "jokers=2"]'),
         "Fournier has no option 'jokers'"),
        (edit('[Rules "fournier"]', '[Rules "fournier"]\n[Options "colour=2"]'),
         "unknown option 'colour'"),
        (edit('[Seed "3"]\n', ""), "the record has no Seed header"),
        (edit('[Seed "3"]', '[Seed "three"]'), "the Seed header must be a whole number"),
        (edit('[Seats "greedy, random"]', '[Seats "a, b, c, d, e"]'),
         "Fournier is for 2 to 4 players, not 5"),
        (edit('[Seed "3"]', '[Seed "3"]\n[Colour "red"]'), "unknown header 'Colour'"),
        (edit(turn, turn.replace(f"seat {seat}:", f"seat {other}:")),
         "hand 1, move 1: the record says the seat to play is"),
        (edit(turn, turn.replace(f" {drawn},", " 1o,")) if drawn != "1o" else
         edit(turn, turn.replace(f" {drawn},", " 2o,")),
         "hand 1, move 1: the record says the card drawn from the"),
        (edit(turn, turn.replace(f"throws {thrown}", "throws 12b" if thrown != "12b"
                                 else "throws 12o")), "does not hold"),
        (edit(turn, turn.replace("throws", "closes with")), "may not close"),
        (edit(close_line, close_line.replace("closes with", "throws")),
         "hand 1, end: the record ends the hand here, but it goes on"),
        (edit(end_line, end_line.replace("scores ", "scores 1")), "the hand's scores is"),
        (edit(end_line, end_line.replace("totals ", "totals 9")), "the totals is"),
        (edit("Hand 2: seat", "Hand 3: seat"), "hand 3 starts, but the game is in hand 2"),
        (edit(f"upcard {upcard}", "upcard 1o" if upcard != "1o" else "upcard 2o"),
         "the upcard is"),
        (edit(turn, turn + "\n  bananas"), "cannot read 'bananas'"),
        (edit('[Result "seat 0"]', '[Result "seat 1"]'), "the Result header says"),
        (edit(turn, turn.replace(f"throws {thrown}", "throws 13x")), "unknown card '13x'"),
        (good_text() + "\nHand 9: seat 0 starts, upcard 1o\n", "the game is already over"),
        (edit(turn, turn + "\n  stock rebuilt (12 cards)"),
         "the record says the stock was rebuilt, but it was not empty"),
        (edit(end_line, end_line + "\n  seat 1 returns"), "a return decision, but the game"),
    ]
    return cases


BAD = _bad_cases()


def test_there_are_at_least_twenty_bad_records() -> None:
    assert len(BAD) >= 20


@pytest.mark.parametrize("index", range(len(BAD)))
def test_a_bad_text_record_is_refused_with_the_right_message(index: int) -> None:
    text, message = BAD[index]
    with pytest.raises(RecordError) as caught:
        GameRecord.parse(text)
    assert message in str(caught.value)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("seed"), "the JSON record has no 'seed'"),
    (lambda d: d.update(seed="x"), "'seed' must be a whole number"),
    (lambda d: d["hands"][0]["deal"]["hands"].reverse(), "the dealt hands are not the ones"),
    (lambda d: d["hands"][0]["turns"][0].update(draw="deck"), "draw from stock or pile"),
    (lambda d: d["hands"][0].update(closer=1 - d["hands"][0]["closer"]), "the closer is"),
    (lambda d: d.update(winner=1 - d["winner"]), "the record says the winner is"),
    (lambda d: d["hands"][0].update(turns=7), "'turns' must be a list"),
    # Issue 23, item 5: what a JSON record claims of its end, and keys that are not its own.
    (lambda d: d.update(winner=None), "the record says the winner is None, but the game gives 0"),
    (lambda d: d.pop("winner"), "the JSON record has no 'winner'"),
    (lambda d: d.update(winner=True), "the record says the winner is True"),
    (lambda d: d.update(winner="0"), "the record says the winner is '0'"),
    (lambda d: d.pop("finished"), "the JSON record has no 'finished'"),
    (lambda d: d.update(finished=None), "'finished' must be true or false, not None"),
    (lambda d: d.update(finished=False), "the record says the game is not finished, but it is over"),
    (lambda d: d.update(winnner=0), "the JSON record has an unknown key 'winnner'"),
    (lambda d: d["hands"][0].update(scorez=[]), "hand 1 has an unknown key 'scorez'"),
    (lambda d: d["hands"][0]["deal"].update(jokers=[]),
     "hand 1: the deal has an unknown key 'jokers'"),
    (lambda d: d["hands"][0]["turns"][1].update(discrad=d["hands"][0]["turns"][1].pop("discard")),
     "hand 1, move 2: the turn has an unknown key 'discrad'"),
    (lambda d: d["hands"][0]["turns"][0].update(close="yes"),
     "hand 1, move 1: 'close' must be true or false"),
])
def test_a_bad_json_record_is_refused_with_the_right_message(change: object, message: str
                                                             ) -> None:
    data = GameRecord.parse(good_text()).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_an_unfinished_json_record_claims_no_winner() -> None:
    record = GameRecord.of(play_game(get_rules("fournier"), ["greedy", "random"], 3))
    short = GameRecord(record.rules, record.seats, record.seed, record.actions[:14])
    data = short.to_json()
    assert (data["finished"], data["winner"]) == (False, None)
    for wrong, message in (({"winner": 0}, "the winner is 0, but the game gives None"),
                           ({"finished": True}, "the game is finished, but it goes on")):
        with pytest.raises(RecordError, match=message):
            GameRecord.from_json({**data, **wrong})


def test_bad_json_text_is_refused() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record("{ nope")
