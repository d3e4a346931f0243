"""Helpers for CPU tests: scripted SeatViews from card strings, and games played to a point."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts import bots, rules
from hearts.cards import HEARTS, POINTS_OF, SUIT_OF, Card, parse_cards
from hearts.cpu import SeatView
from hearts.driver import Policy, hand_done, take_step
from hearts.enums import Direction, Level, Phase, level_of
from hearts.game import Game

LEVELS = ("easy", "medium", "hard")


def parse_trick(text: str) -> tuple[tuple[int, Card], ...]:
    """``"1:AD 2:3C"`` → ((1, AD), (2, 3C))."""
    plays = []
    for part in text.split():
        seat, card = part.split(":")
        plays.append((int(seat), Card.parse(card)))
    return tuple(plays)


def view(
    seat: int,
    hand: str,
    tricks: Sequence[str] = (),
    current: str = "",
    *,
    level: Level | str = Level.MEDIUM,
    points: tuple[int, int, int, int] | None = None,
    tiebreak: int = 12345,
    phase: Phase | str = Phase.PLAY,
) -> SeatView:
    """A SeatView for ``seat`` holding ``hand``; points and legal cards follow the rules."""
    done = tuple(parse_trick(t) for t in tricks)
    trick = parse_trick(current)
    cards = tuple(sorted(parse_cards(hand)))
    if points is None:
        taken = [0, 0, 0, 0]
        for t in done:
            taken[rules.trick_winner(t)] += sum(POINTS_OF[c] for _, c in t)
        points = (taken[0], taken[1], taken[2], taken[3])
    broken = any(SUIT_OF[c] == HEARTS for t in (*done, trick) for _, c in t)
    legal = (
        rules.legal_plays(cards, [c for _, c in trick], not done, broken) if phase == "play" else ()
    )
    return SeatView(
        seat=seat,
        level=level_of(level),
        phase=Phase(phase),
        hand_number=4 if phase == "play" else 1,
        pass_direction=Direction.HOLD if phase == "play" else Direction.LEFT,
        hand=cards,
        legal=legal,
        tricks=done,
        current_trick=trick,
        hearts_broken=broken,
        points_taken=points,
        scores=(0, 0, 0, 0),
        tiebreak=tiebreak,
    )


def random_position(rng: random.Random, levels=LEVELS) -> Game:
    """A single-hand game (random deal, hand number and scores) played a random way in."""
    deck = list(range(52))
    rng.shuffle(deck)
    from hearts.cards import DECK

    hands = [[DECK[i] for i in deck[s * 13 : (s + 1) * 13]] for s in range(4)]
    scores = tuple(rng.randrange(0, 90) for _ in range(4))
    game = Game.from_deal(
        hands,
        hand_number=rng.randrange(1, 5),
        scores=scores,
        seed=rng.randrange(1 << 30),
        level=rng.choice(levels),
    )
    steps = rng.randrange(0, 62)
    for _ in range(steps):
        if not advance(game, rng):
            break
    return game


def mixed(rng: random.Random) -> Policy:
    """Half the passes and 70 % of the plays by a CPU of a random level, the rest at random."""

    def choose_pass(game: Game, seat: int) -> tuple[Card, ...]:
        if rng.random() < 0.5:
            return bots.cpu_pass(game, seat, rng.choice(LEVELS))
        return tuple(rng.sample(game.hand(seat), 3))

    def choose_play(game: Game, seat: int) -> Card:
        if rng.random() < 0.7:
            return bots.cpu_play(game, seat, rng.choice(LEVELS))
        return rng.choice(game.legal_plays(seat))

    return Policy(choose_pass, choose_play)


def advance(game: Game, rng: random.Random) -> bool:
    """One action (a pass, a play or a gather); False once the hand is over."""
    if hand_done(game):
        return False
    take_step(game, mixed(rng))
    return not hand_done(game)
