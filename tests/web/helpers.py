"""Shared helpers of the web-layer tests: fake clock, controllers on fake storage, deals with
a known outcome, and driving a controller (CPU steps, your turn, a whole game)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from hearts import Game
from hearts.cards import DECK, SUITS, format_cards
from hearts.driver import drive, hand_done, phase_is
from hearts.save import dump_game
from hearts.sealed import seal
from hearts.web.announce import spoken
from hearts.web.controller import Controller
from hearts.web.params import Params
from hearts.web.records import game_storage
from hearts.web.safe_storage import SafeStorage
from hearts.web.schedule import Timing
from hearts.web.table_record import TABLE_KIND

from .memory import MemoryStorage

FAST = Timing(0, 0)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms


def controller(
    memory: MemoryStorage | None = None,
    *,
    seed: int | None = 5,
    clock: FakeClock | None = None,
    lang: str | None = "en",
    storage: SafeStorage | None = None,
    ids: Iterator[int] | None = None,
) -> Controller:
    """A controller on fake storage and clock; ``start()`` is left to the test.

    Game ids are ``g1``, ``g2``, … from ``ids`` (by default unique across the test run).
    """
    numbers = GAME_IDS if ids is None else ids
    return Controller(
        storage or game_storage(memory if memory is not None else MemoryStorage()),
        now=clock or FakeClock(),
        new_seed=lambda: 424242,
        params=Params(seed=seed, timing=FAST, lang=lang),
        browser_langs=["en-US"],
        new_id=lambda: f"g{next(numbers)}",
    )


GAME_IDS = count(1)  # unique across a test run, like the page's random ids


def v1_table(game: Game, counted: bool = False, selection: str = "") -> str:
    """A table record as version 1 stored it: no game id, a ``counted`` flag."""
    body = {
        "kind": TABLE_KIND,
        "v": 1,
        "game": dump_game(game),
        "selection": selection,
        "lifted": None,
        "counted": counted,
    }
    return seal(body)


def suit_hands(shooter: int) -> list[str]:
    """A deal where ``shooter`` holds all clubs: it leads and wins every trick (a moon)."""
    by_suit = {s: [c for c in DECK if str(c)[1] == s] for s in SUITS}
    others = [s for s in "HSD"]
    hands = [""] * 4
    hands[shooter] = format_cards(by_suit["C"])
    for seat in range(4):
        if seat != shooter:
            hands[seat] = format_cards(by_suit[others.pop(0)])
    return hands


def moon_game(shooter: int, scores: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Game:
    """A hold hand (no pass) that ``shooter`` shoots, played to its end."""
    game = Game.from_deal(suit_hands(shooter), hand_number=4, scores=scores, seed=9)
    return drive(game, until=hand_done)


def play_to(game: Game, phase: str) -> Game:
    """Play first-legal / first-three choices until ``game.phase == phase``."""
    return drive(game, until=phase_is(phase))


def run_cpu(ctl: Controller) -> list[str]:
    """Run every pending CPU step; what they announced."""
    said: list[str] = []
    while (step := ctl.pending()) is not None:
        outcome = ctl.run(step)
        assert outcome
        said += spoken(outcome.events, ctl.game, ctl.lang)
    return said


def to_my_turn(ctl: Controller) -> None:
    run_cpu(ctl)
    game = ctl.game
    if game.phase == "pass":
        for card in game.hand(0)[:3]:
            ctl.tap(str(card))
        assert ctl.confirm_pass()
        run_cpu(ctl)
    assert ctl.game.to_act == 0


def finish_game(ctl: Controller) -> None:
    while ctl.game.phase != "game_over":
        run_cpu(ctl)
        game = ctl.game
        if game.phase == "pass":
            chosen = [c for c in game.hand(0) if c not in ctl.record.selection]
            for card in chosen[: 3 - len(ctl.record.selection)]:  # on top of a resumed choice
                ctl.tap(str(card))
            assert ctl.confirm_pass()
        elif game.phase == "play" and game.to_act == 0:
            code = str(game.legal_plays(0)[0])
            ctl.tap(code)
            ctl.tap(code)
        elif game.phase == "hand_over":
            ctl.continue_hand()
