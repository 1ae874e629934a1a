"""Live questions: in the store, ten students answering at once from threads and again (each
counted once); then ten websocket clients of a real server (the load benchmark's client) throw
a card of the question on the Class page at once: every answer counted once, each also an
attempt in the class's dashboard."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pytest

from chinchon.puzzles import find_puzzle
from chinchon.store.class_checks import ClassError
from chinchon.store.class_live import LiveQuestions
from chinchon.store.classes import Classes
from chinchon.store.store import Store
from harness.server import StreamlitServer
from harness.streamlit_protocol import Session, open_stream

PUZZLE = "barajamos-017"
STUDENTS = 10


def a_class(store: Store) -> tuple[Classes, LiveQuestions, str, str, list[str]]:
    classes = Classes(store)
    made = classes.create("Live", "barajamos", "en")
    learners = [store.new_learner() for _ in range(STUDENTS)]
    for n, learner in enumerate(learners):
        classes.join(made.join_code, learner, f"s{n}")
    return classes, LiveQuestions(classes), made.id, made.key, learners


def test_ten_at_once_and_again_are_counted_once_each(tmp_path: Path) -> None:
    classes, live, class_id, key, learners = a_class(Store(f"sqlite:///{tmp_path}/live.db"))
    question = live.ask(class_id, key, PUZZLE)
    cards = [c.code() for c in find_puzzle(PUZZLE).hand]
    counted: list[bool] = []

    def throw(n: int) -> None:
        for _ in range(2):  # a double tap
            counted.append(live.answer(question.id, learners[n], cards[n % len(cards)]))

    threads = [threading.Thread(target=throw, args=(n,)) for n in range(STUDENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counted) == [False] * STUDENTS + [True] * STUDENTS
    assert sum(live.answers(question.id).values()) == STUDENTS
    now = live.current(class_id)
    assert now is not None and now.version == 1 + STUDENTS
    live.reveal(class_id, key, question.id)
    with pytest.raises(ClassError):
        live.answer(question.id, learners[0], cards[0])  # revealed: no more throws
    stranger = classes.store.new_learner()
    second = live.ask(class_id, key, PUZZLE)  # a new question closes the old one
    with pytest.raises(ClassError) as refused:
        live.answer(second.id, stranger, cards[0])
    assert refused.value.reason == "not-member"
    assert live.current(class_id) == second
    with pytest.raises(ClassError):
        live.ask(class_id, "x" * 24, PUZZLE)


async def _throw(url: str, query: str, learner: str, seed: int) -> list[str]:
    """One phone: open the Class page as ``learner`` (his cookie) and tap a card twice (the
    card chosen by ``seed``)."""
    async with open_stream(url, {"Cookie": f"chinchon_learner={learner}"}) as ws:
        session = Session(ws, random.Random(seed))
        await session.rerun(page="")
        session.query = query
        await session.open("Class")
        for _ in range(2):
            if await session.click_card("class_live_cards") is None:
                return ["no card buttons on the page"]
        return session.widgets.exceptions


@pytest.mark.slow
def test_ten_websocket_clients_answer_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/live.db"
    store = Store(url)
    classes, live, class_id, key, learners = a_class(store)
    question = live.ask(class_id, key, PUZZLE)
    with StreamlitServer(env={"CHINCHON_DB_URL": url}) as server:
        async def everyone() -> list[list[str]]:
            return await asyncio.gather(*(_throw(server.url, f"class={class_id}&lang=en", s, n)
                                          for n, s in enumerate(learners)))
        problems = asyncio.run(everyone())
    assert problems == [[]] * STUDENTS
    assert sum(live.answers(question.id).values()) == STUDENTS
    for learner in learners:
        assert live.has_answered(question.id, learner) is not None
        assert [a.puzzle_id for a in store.attempts(learner)] == [PUZZLE]
    board = classes.dashboard_data(class_id, key)
    assert sum(len(a) for a in board.attempts.values()) == STUDENTS
