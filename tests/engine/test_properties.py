"""Property tests over seeded random legal games (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import Game
from hearts.driver import random_choices, take_step
from hearts.save import dump_game, load_game

seeds = st.integers(min_value=0, max_value=2**63)


def step(game: Game, rng: random.Random) -> None:
    """Apply one random legal action."""
    if game.to_act is not None:
        assert game.legal_plays(game.to_act), "the seat to act always has a legal play"
    take_step(game, random_choices(rng))


def check_finished_hand(game: Game) -> None:
    tricks = game.tricks
    assert len(tricks) == 13 and all(len(t) == 4 for t in tricks)
    cards = [c for t in tricks for _, c in t]
    assert len(set(cards)) == 52
    for trick in tricks:
        assert sorted(seat for seat, _ in trick) == [0, 1, 2, 3]
    points = game.hand_points
    assert sum(points) in (26, 78)
    if sum(points) == 78:
        assert sorted(points) == [0, 26, 26, 26] and game.moon_shooter is not None
    assert all(len(game.hand(s)) == 0 for s in range(4))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, choices=st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game.new(seed, rng.choice(["easy", "medium", "hard"]))
    totals = [0, 0, 0, 0]
    hands = 0
    while game.phase != "game_over":
        before = game.phase
        step(game, rng)
        if game.phase in ("hand_over", "game_over") and before == "play":
            check_finished_hand(game)
            totals = [t + p for t, p in zip(totals, game.hand_points, strict=True)]
            assert list(game.scores) == totals
            hands += 1
            # Round trip at every hand boundary of full games.
            assert load_game(dump_game(game)).state() == game.state()
    assert max(game.scores) >= 100 and game.result in ("win", "draw", "loss")
    assert 4 <= hands <= 40


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, choices=st.integers(min_value=0, max_value=2**32))
def test_json_round_trip_is_identical_at_every_step(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game.new(seed)
    for _ in range(150):  # two full hands: pass, 52 plays, 13 gathers, next hand …
        text = dump_game(game)
        restored = load_game(text)
        assert restored.state() == game.state()
        assert dump_game(restored) == text
        step(game, rng)


@settings(max_examples=20, deadline=None)
@given(seed=seeds, choices=st.integers(min_value=0, max_value=2**32))
def test_replaying_seed_and_actions_gives_the_same_json(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game.new(seed, "hard")
    for _ in range(rng.randrange(1, 400)):
        if game.phase == "game_over":
            break
        step(game, rng)
    replayed = Game.new(seed, "hard")
    for action in game.actions:
        replayed.apply(action)
    assert dump_game(replayed) == dump_game(game)
    assert replayed.state() == game.state()
    assert game.copy().state() == game.state()


def test_deals_are_fixed_by_the_seed() -> None:
    """Deals must not change across Python versions or runtimes (pinned values)."""
    from hearts.deal import deal

    assert " ".join(str(c) for c in deal(0, 1)[0]) == _PINNED_SEED0_HAND1_SEAT0
    assert deal(12345, 7) == deal(12345, 7)
    assert deal(12345, 7) != deal(12345, 8)


# Pinned once from the documented scheme: a change here breaks every saved game.
_PINNED_SEED0_HAND1_SEAT0 = "8C 3D 4D 6D 7D 8D JD 3S 7S 8S 9S 5H JH"
