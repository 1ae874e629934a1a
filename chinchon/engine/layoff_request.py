"""The ``close`` command's request: a JSON object (DESIGN.md) read into hands and arrangements,
every problem named, then resolved by :func:`chinchon.engine.layoffs.resolve`.

>>> end = resolve_request({"rules": "barajamos", "closer": "7o 7c 7b 9e 10e 11e 4o".split(),
...                        "opponents": ["7e 12e 1o 3c 5b 8o 2e".split()]})
>>> end.players[1].loose_points
19
>>> resolve_request({"rules": "barajamos", "closer": []})
Traceback (most recent call last):
...
chinchon.engine.layoffs.LayoffError: the request has no 'opponents'
"""

from __future__ import annotations

from typing import Any

from chinchon.engine.cards import Card, parse_hand
from chinchon.engine.errors import quote
from chinchon.engine.layoffs import HandEnd, Holding, LayoffError, resolve
from chinchon.engine.melds import Meld, check_meld, make_meld
from chinchon.engine.rules import OPTION_NAMES, Rules, get_rules
from chinchon.engine.solver import Arrangement

_REQUEST_KEYS = ("rules", "closer", "opponents", "decks", "deck", "jokers", "first_round",
                 "total")


def resolve_request(request: Any) -> HandEnd:
    """Resolve the ``close`` command's JSON request (already decoded; DESIGN.md):
    ``{"rules": ID, "closer": [7 codes] or {"melds": [[codes]…], "loose": [codes]},
    "opponents": [[7 codes] or {"melds": …, "loose": …}, …]}`` with the options ``decks``,
    ``deck``, ``jokers`` and the closer's context ``first_round`` (bool) and ``total`` (int).
    Every problem is a :class:`ValueError` naming it."""
    if not isinstance(request, dict):
        raise LayoffError(f"the request must be a JSON object, not {_kind(request)}")
    unknown = sorted(set(request) - set(_REQUEST_KEYS))
    if unknown:
        raise LayoffError(f"unknown key {quote(unknown[0])}: the keys are {', '.join(_REQUEST_KEYS)}")
    for key in ("rules", "closer", "opponents"):
        if key not in request:
            raise LayoffError(f"the request has no {quote(key)}")
    if not isinstance(request["rules"], str):
        raise LayoffError(f"'rules' must be a profile name, not {_kind(request['rules'])}")
    options = {key: request.get(key) for key in OPTION_NAMES}
    for key, value in options.items():
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise LayoffError(f"{quote(key)} must be a whole number, not {quote(value)}")
    rules = get_rules(request["rules"], **options)
    first_round = request.get("first_round", False)
    if not isinstance(first_round, bool):
        raise LayoffError(f"'first_round' must be true or false, not {quote(first_round)}")
    total = request.get("total")
    if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
        raise LayoffError(f"'total' must be a whole number, not {quote(total)}")
    opponents = request["opponents"]
    if not isinstance(opponents, list):
        raise LayoffError(f"'opponents' must be a list of hands, not {_kind(opponents)}")
    closer = _holding_json(request["closer"], rules, "closer")
    others = [_holding_json(o, rules, f"opponent {i + 1}") for i, o in enumerate(opponents)]
    return resolve(closer, others, rules, first_round=first_round, total=total)


def _holding_json(value: Any, rules: Rules, who: str) -> Holding:
    if isinstance(value, list):
        return _cards_json(value, f"the {who}'s hand")
    if not isinstance(value, dict):
        raise LayoffError(f"the {who} must be a list of 7 card codes or an object with 'melds' "
                          f"and 'loose', not {_kind(value)}")
    extra = sorted(set(value) - {"melds", "loose"})
    if extra:
        raise LayoffError(f"the {who} has an unknown key {quote(extra[0])}: use 'melds' and 'loose'")
    melds_json = value.get("melds", [])
    if not isinstance(melds_json, list):
        raise LayoffError(f"the {who}'s 'melds' must be a list of lists of codes")
    melds = []
    for number, meld_json in enumerate(melds_json, 1):
        what = f"the {who}'s meld {number}"
        if not isinstance(meld_json, list) or not all(isinstance(c, str) for c in meld_json):
            raise LayoffError(f"{what} must be a list of card codes, not {quote(meld_json)}")
        try:
            # A joker may name its card (JK=5c); otherwise make_meld names it.
            meld = (check_meld(Meld.parse(" ".join(meld_json)), rules)
                    if any("=" in code for code in meld_json)
                    else make_meld(parse_hand(meld_json), rules))
        except ValueError as error:
            raise type(error)(f"{what}: {error}") from None
        melds.append(meld)
    loose = _cards_json(value.get("loose", []), f"the {who}'s loose cards")
    return Arrangement(tuple(melds), loose)


def _cards_json(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise LayoffError(f"{what} must be a list of card codes, not {quote(value)}")
    return parse_hand(value)


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false",
            type(None): "null"}.get(type(value), "a number")
