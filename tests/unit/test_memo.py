"""The engine's memories of eight-card results hold nothing the garbage collector tracks, so a
full collection stays short however many positions a game has asked about (with keys of cards
one collection took about 100 ms in a five-seat game)."""

import gc

from chinchon.engine import draws, meld_search
from chinchon.engine.rules import get_rules
from chinchon.game import waiting
from chinchon.game.players import play_game


def test_two_deck_memories_hold_no_tracked_objects() -> None:
    rules = get_rules("barajamos", players=5)
    draws.clear_memo()
    play_game(rules, ["expert", "greedy", "greedy", "expert", "greedy"], seed=4)
    gc.collect()  # a collection untracks the tuples that hold only ints
    memories = [draws._LEAVES.of(rules), draws._BEST.of(rules), waiting._MELDED.of(rules)]
    assert all(memories[:2]), "the game asked for eight-card results of two decks"
    for memory in memories:
        assert not any(gc.is_tracked(key) or gc.is_tracked(value)
                       for key, value in memory.items())
    assert not any(gc.is_tracked(key) for key in meld_search._MELDS.of(rules))


def test_a_memory_gives_the_same_answers_as_a_fresh_search() -> None:
    from chinchon.engine.cards import parse_hand
    rules = get_rules("barajamos", players=5)
    hand = parse_hand("7o 7o 7c 9e 10e 11e 4o 12c")
    draws.clear_memo()
    cold = draws.discard_leaves(hand, rules), draws.best_of_eight(hand, rules)
    reordered = tuple(reversed(hand))
    warm = draws.discard_leaves(reordered, rules), draws.best_of_eight(reordered, rules)
    assert warm == (tuple(reversed(cold[0])), cold[1])
