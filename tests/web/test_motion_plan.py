"""The motion plan: built once, from the controller's events, for static/motion.mjs.

Each event kind is one move (a card to the trick, a trick to its winner's pile, the
exchange, a deal); the page hands the plan to the DOM around the very paint that shows
the change; a start, a restored game, a resume and a redraw without events fly nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from hearts import rules
from hearts.cards import Card
from hearts.enums import Direction, Level, Phase
from hearts.steps import StepKind
from hearts.web.controller import Controller
from hearts.web.drawing import motion_speed
from hearts.web.events import (
    CpuPlayed,
    Dealt,
    Event,
    Exchanged,
    HandOver,
    NewGame,
    TrickTaken,
    YouPlayed,
)
from hearts.web.motion import plan
from hearts.web.schedule import Timing

from .helpers import controller, run_cpu, to_my_turn
from .memory import MemoryStorage
from .pages import Tab, open_tab

QS, TWO, AH, KD = (Card.parse(code) for code in ("QS", "2C", "AH", "KD"))


def moves(events: list[Event]) -> list[dict[str, object]]:
    found = plan(events, 1.0)
    assert found is not None and found["speed"] == 1.0
    listed = found["moves"]
    assert isinstance(listed, list)
    return listed


@pytest.mark.parametrize(
    ("event", "move"),
    [
        (YouPlayed(QS), {"kind": "play", "seat": 0, "card": "QS"}),
        (CpuPlayed(2, TWO), {"kind": "play", "seat": 2, "card": "2C"}),
        (
            TrickTaken(3, 14, (TWO, QS, AH, KD)),
            {"kind": "gather", "seat": 3, "cards": ["2C", "QS", "AH", "KD"]},
        ),
        (
            Exchanged((AH, KD, TWO), (QS, Card.parse("3D"), Card.parse("4D")), 1, 3),
            {
                "kind": "exchange",
                "passed": ["QS", "3D", "4D"],
                "to": 1,
                "received": ["AH", "KD", "2C"],
                "from": 3,
            },
        ),
        (Dealt((TWO, QS)), {"kind": "deal", "cards": ["2C", "QS"]}),
    ],
)
def test_each_event_kind_is_one_move(event: Event, move: dict[str, object]) -> None:
    assert moves([event]) == [move]


def test_events_that_move_no_card_make_a_plan_without_moves() -> None:
    # Still a plan: the cards that stay in your hand slide to where they are drawn.
    assert plan([HandOver(1), NewGame(Level.EASY)], 1.0) == {"speed": 1.0, "moves": []}
    assert plan([], 0.5) == {"speed": 0.5, "moves": []}


def test_no_plan_without_motion() -> None:
    assert motion_speed(Timing.from_cadence(0)) == 0.0
    assert plan([YouPlayed(QS)], 0.0) is None  # ?cadence=0
    tab = open_tab(MemoryStorage())  # the tests' controllers run at cadence 0
    tab.my_move()
    assert tab.dom.motions == []


def test_several_events_keep_their_order_and_speed() -> None:
    found = plan([NewGame(Level.EASY), Dealt((QS,))], 0.5)
    assert found == {"speed": 0.5, "moves": [{"kind": "deal", "cards": ["QS"]}]}
    last: list[Event] = [CpuPlayed(1, TWO), TrickTaken(1, 0, (QS, TWO, AH, KD)), HandOver(1)]
    assert [m["kind"] for m in moves(last)] == ["play", "gather"]


# ---------------------------------------------------------------- the controller's events
def test_your_play_and_a_cpu_play_name_the_card_and_the_seat() -> None:
    ctl = controller(seed=8)
    ctl.start()
    to_my_turn(ctl)
    code = str(ctl.game.legal_plays(0)[0])
    ctl.tap(code)
    played = ctl.tap(code)
    assert played is not None
    assert moves(list(played.events)) == [{"kind": "play", "seat": 0, "card": code}]
    step = ctl.pending()
    assert step is not None and step.kind == StepKind.PLAY
    cpu = ctl.run(step)
    assert cpu is not None
    seat, card = ctl.game.current_trick[-1]
    assert moves(list(cpu.events)) == [{"kind": "play", "seat": seat, "card": str(card)}]


def play_first_legal(ctl: Controller) -> None:
    code = str(ctl.game.legal_plays(0)[0])
    ctl.tap(code)
    assert ctl.tap(code) is not None


def test_a_gather_flies_the_trick_that_lay_there_to_its_winner() -> None:
    ctl = controller(seed=8)
    ctl.start()
    to_my_turn(ctl)
    play_first_legal(ctl)
    while (step := ctl.pending()) is not None and step.kind != StepKind.GATHER:
        ctl.run(step)
    assert step is not None and ctl.game.trick_waiting
    trick = ctl.game.current_trick
    outcome = ctl.run(step)
    assert outcome is not None
    winner = rules.trick_winner(trick)
    assert moves(list(outcome.events)) == [
        {"kind": "gather", "seat": winner, "cards": [str(card) for _seat, card in trick]}
    ]


def pass_first_three(ctl: Controller) -> dict[str, object]:
    run_cpu(ctl)
    chosen = ctl.game.hand(0)[:3]
    for card in chosen:
        ctl.tap(str(card))
    outcome = ctl.confirm_pass()
    assert outcome is not None
    (move,) = moves(list(outcome.events))
    assert move["passed"] == [str(c) for c in chosen]
    assert move["received"] == [str(c) for c in ctl.game.received(0)]
    assert not set(chosen) & set(ctl.game.hand(0))
    return move


def test_the_exchange_goes_to_the_receiving_seat_and_comes_from_the_passing_one() -> None:
    ctl = controller(seed=3)
    ctl.start()
    seen = {}
    while ctl.game.hand_number <= 3:  # left, right, across (R8)
        direction = ctl.game.pass_direction
        move = pass_first_three(ctl)
        seen[direction] = (move["to"], move["from"])
        while ctl.game.phase != Phase.HAND_OVER:
            run_cpu(ctl)
            if ctl.game.phase == Phase.PLAY:
                play_first_legal(ctl)
        dealt = ctl.continue_hand()
        assert dealt is not None
        hand = [str(c) for c in ctl.game.hand(0)]
        assert moves(list(dealt.events)) == [{"kind": "deal", "cards": hand}]
    assert seen == {Direction.LEFT: (1, 3), Direction.RIGHT: (3, 1), Direction.ACROSS: (2, 2)}


def test_a_new_game_is_a_deal() -> None:
    ctl = controller()
    ctl.start()
    outcome = ctl.new_game(Level.HARD)
    assert outcome.events[0] == NewGame(Level.HARD)
    assert moves(list(outcome.events)) == [
        {"kind": "deal", "cards": [str(c) for c in ctl.game.hand(0)]}
    ]


# ---------------------------------------------------------------- the page hands it over
def moving_tab(memory: MemoryStorage, seed: int = 5) -> Tab:
    """A tab whose painter flies cards (the tests' controllers run at cadence 0)."""
    tab = open_tab(memory, claim=False, seed=seed)
    tab.page.drawing.painter.motion_speed = 1.0
    tab.page.run_safely(tab.ownership.claim)
    return tab


def flown(tab: Tab) -> list[dict[str, Any]]:
    """Every move the page handed to the DOM, in order (each plan around one paint)."""
    assert not tab.dom.motion_open  # every plan was played after its paint
    found: list[dict[str, Any]] = []
    for handed in tab.dom.motions:
        assert handed["speed"] == 1.0 and isinstance(handed["moves"], list)
        found += handed["moves"]
    return found


def test_a_fresh_start_flies_nothing_and_the_first_moves_do() -> None:
    tab = moving_tab(MemoryStorage(), seed=8)
    assert tab.dom.motions == []  # dealt, but nothing was shown before: it just shows
    tab.my_move()  # the pass, then the CPU seats' plays from the timer up to your turn
    tab.my_move()  # your card; the trick is gathered
    tab.my_move()
    kinds = [m["kind"] for m in flown(tab)]
    assert kinds[0] == "exchange" and "gather" in kinds
    seats = {m["seat"] for m in flown(tab) if m["kind"] == "play"}
    assert seats == {0, 1, 2, 3}
    assert all(len(m["cards"]) == 4 for m in flown(tab) if m["kind"] == "gather")


def test_a_restored_game_yields_no_plan() -> None:
    memory = MemoryStorage()
    first = moving_tab(memory)
    first.my_move()
    code = first.playable()[0]
    first.tap(code)  # lifted
    reloaded = moving_tab(memory)  # a reload mid-flight: the settled table, no flight
    assert reloaded.state()["game"] == first.state()["game"]
    assert reloaded.dom.motions == []
    reloaded.tap(code)  # the second tap on the card still lifted plays it
    assert flown(reloaded)[0] == {"kind": "play", "seat": 0, "card": code}


def test_a_resumed_tab_flies_nothing() -> None:
    tab = moving_tab(MemoryStorage())
    tab.my_move()
    tab.dom.motions.clear()
    tab.page.resume()
    assert tab.dom.motions == []


def test_a_redraw_without_events_moves_no_card() -> None:
    tab = moving_tab(MemoryStorage())
    tab.settle()  # the CPU seats' passes: no card moves either
    tab.dom.motions.clear()
    tab.tap(tab.hand()[0])  # a selection: the card rises in your hand, nothing travels
    tab.page.draw()
    assert tab.dom.motions == [{"speed": 1.0, "moves": []}] * 2 and flown(tab) == []
