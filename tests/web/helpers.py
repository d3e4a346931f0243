"""Shared fakes for the web-layer tests: storage, clock, and deals with a known outcome."""

from __future__ import annotations

from hearts import Game
from hearts.cards import DECK, SUITS, format_cards
from hearts.web.controller import Controller, Params
from hearts.web.schedule import Timing
from hearts.web.store import MemoryStorage, SafeStorage
from tools.driver import drive, hand_done, phase_is

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
) -> Controller:
    """A controller on fake storage and clock; ``start()`` is left to the test."""
    return Controller(
        storage or SafeStorage(memory if memory is not None else MemoryStorage()),
        now=clock or FakeClock(),
        new_seed=lambda: 424242,
        params=Params(seed=seed, timing=FAST, lang=lang),
        browser_langs=["en-US"],
    )


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
