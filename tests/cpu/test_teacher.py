"""The PIMC teacher of (tools/teacher.py): consistent worlds, reproducible choices,
and a seat that reads only what it may know (its view, its own pass) except for sampling."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from hearts import bots, rules
from hearts.cards import DECK, SUIT_OF, Card
from hearts.errors import IllegalPlay
from hearts.game import Game
from hearts.steps import StepKind
from tools import frozen_hard, teacher
from tools.teacher import TeacherView, constraints, sample_world, teacher_view

from .positions import random_position


def play_positions(count: int, seed: int) -> list[tuple[Game, int]]:
    """Random positions in the play phase with a decision of more than one card pending."""
    rng = random.Random(seed)
    found: list[tuple[Game, int]] = []
    while len(found) < count:
        game = random_position(rng)
        seat = game.to_act
        if game.phase == "play" and seat is not None and len(game.legal_plays(seat)) > 1:
            found.append((game, seat))
    return found


def played_by(game: Game) -> list[list[Card]]:
    played: list[list[Card]] = [[], [], [], []]
    for trick in (*game.tricks, game.current_trick):
        for s, card in trick:
            played[s].append(card)
    return played


def check_world(tv: TeacherView, hands: list[list[Card]], game: Game) -> None:
    """``hands`` could be the real world as far as ``tv.view.seat`` can tell."""
    seat = tv.view.seat
    played = played_by(game)
    assert hands[seat] == list(tv.view.hand)
    assert sorted([*(c for h in hands for c in h), *(c for p in played for c in p)]) == list(DECK)
    for s in range(4):
        assert len(hands[s]) + len(played[s]) == 13
    k = constraints(tv)
    for s in range(4):
        for c in hands[s]:
            if s != seat:
                assert not k.voids[s] >> SUIT_OF[c] & 1, (s, c)
    for c in tv.passed:
        if c not in played[tv.passed_to or 0]:
            assert tv.passed_to is not None and c in hands[tv.passed_to]


def test_sampled_worlds_respect_voids_known_cards_and_counts():
    voids_seen = placed_seen = 0
    for game, seat in play_positions(120, seed=24):
        tv = teacher_view(game, seat)
        k = constraints(tv)
        voids_seen += any(k.voids)
        placed_seen += bool(k.placed)
        real = [list(game.hand(s)) for s in range(4)]
        check_world(tv, real, game)  # the real deal satisfies the constraints read
        rng = random.Random(seat)
        for _ in range(5):
            check_world(tv, sample_world(tv, k, rng), game)
    assert voids_seen >= 30 and placed_seen >= 30  # the constraints were really exercised


def test_a_heart_led_before_hearts_broke_means_nothing_but_hearts():
    # Seat 1 wins trick 1 with A♣ and leads a heart before any heart fell (R15).
    game = Game.from_deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
            "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "AH 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ],
        hand_number=4,
    )
    assert constraints(teacher_view(game, 0)).voids == (0, 0, 0, 0)
    for seat, card in ((0, "2C"), (1, "AC"), (2, "3D"), (3, "2S")):
        game.play(seat, card)
    game.gather_trick()
    game.play(1, "2H")
    k = constraints(teacher_view(game, 0))
    assert k.voids == (0, 0b0111, 0b0001, 0b0001)  # seat 1: only hearts; 2 and 3: no clubs
    hands = sample_world(teacher_view(game, 0), k, random.Random(1))
    assert all(SUIT_OF[c] == 3 for c in hands[1])


def test_the_teacher_is_deterministic_from_its_seed():
    for game, seat in play_positions(6, seed=5):
        tv = teacher_view(game, seat)
        a = teacher.evaluate(tv, worlds=4, seed=1)
        assert a == teacher.evaluate(tv, worlds=4, seed=1)
        assert set(a) == set(tv.view.legal)
        assert teacher.choose_play(tv, 4, 1) == teacher.choose_play(tv, 4, 1)
        assert teacher.choose_play(tv, 4, 1) in tv.view.legal


def twin_keeping_own_pass(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A world ``seat`` cannot tell apart, its own pass and receipt kept: other hands and the
    other passes re-dealt by the teacher's own sampler, the action log replayed in it."""
    tv = teacher_view(game, seat)
    hands = sample_world(tv, constraints(tv), rng)
    played = played_by(game)
    post = [hands[s] + played[s] for s in range(4)]
    state = game.state()
    direction = game.pass_direction
    passes: dict[int, list[Card]] = {}
    start = post
    if direction != "hold":
        for giver in range(4):
            target = rules.pass_target(giver, direction)
            if giver == seat:
                passes[giver] = sorted(tv.passed)
            elif target == seat:
                passes[giver] = sorted(tv.received)
            else:
                passes[giver] = sorted(rng.sample(post[target], 3))
        start = []
        for s in range(4):
            giver = next(u for u in range(4) if rules.pass_target(u, direction) == s)
            start.append(sorted([c for c in post[s] if c not in passes[giver]] + passes[s]))
    alt = Game.from_deal(
        start, hand_number=game.hand_number, scores=game.scores, seed=game.seed, level=game.level
    )
    try:
        for action in game.actions:
            if action.kind == StepKind.PASS and action.seat is not None:
                alt.submit_pass(action.seat, passes[action.seat])
            else:
                alt.apply(action)
    except IllegalPlay:
        return None
    assert state["hand_number"] == alt.hand_number
    return alt


def test_the_teacher_reads_only_its_seat_except_for_sampling():
    rng = random.Random(7)
    compared = changed = 0
    for game, seat in play_positions(25, seed=11):
        alt = None
        while alt is None:
            alt = twin_keeping_own_pass(game, seat, rng)
        assert teacher_view(alt, seat) == teacher_view(game, seat)
        changed += alt.state()["hands"] != game.state()["hands"]
        compared += 1
        assert teacher.choose_play(teacher_view(alt, seat), 3) == teacher.choose_play(
            teacher_view(game, seat), 3
        )
    assert changed >= compared * 0.8  # the twins really moved hidden cards


def test_a_view_that_peeks_is_caught():
    # The comparison above can fail: a "view" holding another seat's hand tells twins apart.
    rng = random.Random(3)
    told_apart = 0
    for game, seat in play_positions(10, seed=12):
        alt = None
        while alt is None:
            alt = twin_keeping_own_pass(game, seat, rng)
        told_apart += alt.hand((seat + 1) % 4) != game.hand((seat + 1) % 4)
    assert told_apart >= 8


def test_the_frozen_hard_is_todays_hard_at_its_commit():
    hard = frozen_hard.hard()
    assert hard.__name__ == "hearts._frozen_hard.hard"
    assert hard.__file__ is not None
    assert frozen_hard.COMMIT in hard.__file__ or frozen_hard.COMMIT[:10] in hard.__file__
    for game, seat in play_positions(20, seed=13):
        card = hard.choose_play(bots.seat_view(game, seat, "hard"))
        assert card in game.legal_plays(seat)


def test_the_frozen_copies_are_the_recorded_files_and_nothing_else():
    for commit, blobs in frozen_hard.BLOBS.items():
        folder = frozen_hard.FROZEN_COPIES / commit[:12]
        assert {p.name for p in folder.iterdir()} == {f"{m}.py.txt" for m in blobs}
        for module in blobs:  # each file checked against its commit's blob id
            assert frozen_hard.frozen_source(module, commit).startswith('"""')


def test_an_edited_frozen_copy_is_refused(tmp_path: Path) -> None:
    commit = frozen_hard.COMMIT
    shutil.copytree(frozen_hard.FROZEN_COPIES / commit[:12], tmp_path / commit[:12])
    edited = tmp_path / commit[:12] / "hard.py.txt"
    edited.write_text(edited.read_text().replace("def ", "def  ", 1))
    assert frozen_hard.frozen_source("tiebreak", commit, tmp_path)
    with pytest.raises(ValueError, match="hard at 6f9d6081579c"):
        frozen_hard.frozen_source("hard", commit, tmp_path)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_hard_at_another_commit_is_read_from_git(tmp_path: Path) -> None:
    """A repository of its own, holding the first learned Hard: no history of this one."""
    frozen = "ae8ed3611e4d76b936367c3e5fb40a7a8ee902a4"
    cpu = tmp_path / "hearts" / "cpu"
    cpu.mkdir(parents=True)
    for module in frozen_hard.BLOBS[frozen]:
        (cpu / f"{module}.py").write_text(frozen_hard.frozen_source(module, frozen))
    identity = ["-c", "user.name=test", "-c", "user.email=test@example.invalid"]
    frozen_hard.git(tmp_path, "init", "-q")
    frozen_hard.git(tmp_path, "add", ".")
    frozen_hard.git(tmp_path, *identity, "commit", "-q", "-m", "first learned Hard")
    commit = frozen_hard.git(tmp_path, "rev-parse", "HEAD").strip()
    assert commit not in frozen_hard.BLOBS  # read from git, not from a frozen copy
    old = frozen_hard.hard_at("HEAD", tmp_path)
    assert old.__name__ == f"hearts._frozen_hard_{commit[:10]}.hard"
    assert old.hard_eval.FEATURES == 24
    for game, seat in play_positions(5, seed=16):
        assert old.choose_play(bots.seat_view(game, seat, "hard")) in game.legal_plays(seat)


def test_the_teacher_tournament_reports_the_same_with_workers_as_in_one_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tools import teacher_tournament

    def table(workers: int) -> list[str]:
        teacher_tournament.main(["--deals", "3", "--worlds", "1", "--workers", str(workers)])
        lines = capsys.readouterr().out.splitlines()
        return [line for line in lines if line.startswith(("| hard", "| teacher", "  hard"))]

    one, two = table(1), table(2)
    assert len(one) == len(two) == 3  # both pairings and Hard's decision times
    assert two[:2] == one[:2]  # the same deals, in the same order, the same scores
    assert two[2].rsplit("over", 1)[1] == one[2].rsplit("over", 1)[1]  # no deal's times lost
