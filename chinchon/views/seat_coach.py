"""The coach in any game: the grade of a seat's draw or discard and the hint, each from what
that seat may know only (``seat_view.view``).

No Streamlit here. The Play page (:mod:`chinchon.services.play`) grades its seat
:data:`HUMAN`; a table with people (:mod:`webui.tables`) grades each seat's own.
"""

from __future__ import annotations

from chinchon.engine.cards import Card
from chinchon.game.actions import STOCK, Action, Discard, Draw
from chinchon.game.seat_view import view
from chinchon.game.state import GameState, Phase
from chinchon.views import coach

#: Your seat at the Play page (the bots sit at the others).
HUMAN = 0


def position(state: GameState, seat: int = HUMAN) -> coach.Position:
    """The coach's position for the seat to act, from what that seat may know only."""
    mine = view(state, seat)
    rules = state.rules
    if state.phase is Phase.DRAW:
        seen = tuple(mine.seen)
        top = mine.top
        if top is not None:
            rest = list(seen)
            rest.remove(top)
            seen = tuple(rest)
        return coach.Position(rules, mine.hand, top, seen, None, mine.first_round, mine.total)
    allowed = tuple(dict.fromkeys(a.card for a in mine.legal if isinstance(a, Discard)))
    return coach.Position(rules, mine.hand, None, tuple(mine.seen), allowed, mine.first_round,
                          mine.total)


def grade_action(state: GameState, action: Action, seat: int = HUMAN) -> coach.Verdict | None:
    """The coach's grade of ``action`` by ``seat`` in ``state``, from what that seat may know
    (None for a return decision)."""
    if isinstance(action, Draw):
        return coach.grade_draw(position(state, seat),
                                "take" if action.source != STOCK else "stock")
    if isinstance(action, Discard):
        return coach.grade_discard(position(state, seat), action.card, action.close)
    return None


def hint(state: GameState) -> tuple[Action, ...]:
    """The best moves of the seat to act (the coach's "Hint")."""
    moves = coach.best_moves(position(state))
    found: list[Action] = []
    for move in moves:
        if move.action == "take":
            found.append(Draw("pile"))
        elif move.action == "stock":
            found.append(Draw(STOCK))
        else:
            found.append(Discard(Card.parse(move.action), move.close))
    return tuple(found)


__all__ = ["HUMAN", "grade_action", "hint", "position"]
