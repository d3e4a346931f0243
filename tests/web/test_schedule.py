"""The scheduler's decisions (R11, R20, R22): what is pending, after what delay, one timer."""

from __future__ import annotations

from hearts import Game, bots
from hearts.steps import StepKind
from hearts.web.schedule import CADENCE_MS, TRICK_PAUSE_MS, Pending, TimerPlan, Timing, pending

from .helpers import controller, play_to


def test_default_timing_is_the_450_ms_cadence_and_a_one_second_trick_pause():
    assert Timing() == Timing(CADENCE_MS, TRICK_PAUSE_MS) == Timing(450, 1000)
    assert Timing.from_cadence(0) == Timing(0, 0)
    assert Timing.from_cadence(450) == Timing(450, 1000)
    assert Timing.from_cadence(10**9).cadence_ms == 10_000


def test_cpu_seats_pass_one_after_another_while_you_choose():
    game = Game.new(1)
    seen = []
    while (step := pending(game)) is not None:
        assert step.kind == StepKind.PASS and step.delay_ms == 450
        assert step.seat is not None
        seen.append(step.seat)
        game.submit_pass(step.seat, bots.cpu_pass(game, step.seat))
    assert seen == [1, 2, 3]
    assert game.phase == "pass"  # your three cards are the last (R11)


def test_play_phase_cadence_and_trick_pause():
    game = play_to(Game.new(2), "play")
    kinds = []
    while game.phase == "play":
        step = pending(game)
        if game.to_act == 0:
            assert step is None  # the table waits for you, no timer
            game.play(0, game.legal_plays(0)[0])
            continue
        assert step is not None
        kinds.append(step.kind)
        if step.kind == StepKind.GATHER:
            assert game.trick_waiting and step.delay_ms == TRICK_PAUSE_MS
            game.gather_trick()
        else:
            assert step.seat is not None and step.seat == game.to_act
            assert step.delay_ms == CADENCE_MS
            game.play(step.seat, bots.cpu_play(game, step.seat))
    assert kinds.count(StepKind.GATHER) == 13
    assert kinds.count(StepKind.PLAY) == 39
    assert pending(game) is None  # the summary waits for Continue


def test_keys_are_unique_per_step():
    game = Game.new(1)
    first = pending(game)
    assert first == pending(game)  # asking twice schedules nothing new
    game.submit_pass(1, bots.cpu_pass(game, 1))
    step = pending(game)
    assert first is not None and step is not None and step.key != first.key


def test_timer_plan_keeps_cancels_and_sets():
    plan = TimerPlan()
    a = Pending(StepKind.PASS, 1, 450, (0, StepKind.PASS, 1))
    b = Pending(StepKind.PASS, 2, 450, (1, StepKind.PASS, 2))
    assert plan.sync(a) == (False, a)
    assert plan.sync(a) == (False, None)  # same step: keep the timer running
    assert plan.sync(b) == (True, b)  # a different step replaces it
    assert plan.sync(None) == (True, None)
    assert plan.sync(None) == (False, None)
    plan.sync(a)
    assert plan.fired() == a and plan.current is None


class FakeTimers:
    """setTimeout/clearTimeout with a virtual clock; counts what is pending."""

    def __init__(self) -> None:
        self.pending: dict[int, tuple[float, object]] = {}
        self.next_id = 0
        self.max_pending = 0
        self.now = 0.0

    def set(self, callback, delay):
        self.next_id += 1
        self.pending[self.next_id] = (self.now + delay, callback)
        self.max_pending = max(self.max_pending, len(self.pending))
        return self.next_id

    def clear(self, timer_id: int) -> None:
        self.pending.pop(timer_id, None)

    def run_next(self) -> bool:
        if not self.pending:
            return False
        timer_id = min(self.pending, key=lambda k: self.pending[k][0])
        when, callback = self.pending.pop(timer_id)
        self.now = max(self.now, when)
        callback()  # type: ignore[operator]
        return True


def test_a_whole_game_never_has_more_than_one_timer_and_no_move_twice():
    """The shell's loop in miniature: sync after every change, run steps from timers."""
    ctl = controller(seed=21)
    ctl.start()
    timers = FakeTimers()
    plan = TimerPlan()
    current: dict[str, int | None] = {"id": None}
    cpu_moves = 0

    def sync() -> None:
        cancel, step = plan.sync(ctl.pending())
        if cancel and current["id"] is not None:
            timers.clear(current["id"])
            current["id"] = None
        if step is not None:
            current["id"] = timers.set(fire, step.delay_ms)

    def fire() -> None:
        nonlocal cpu_moves
        current["id"] = None
        step = plan.fired()
        assert step is not None
        assert ctl.run(step)
        assert not ctl.run(step)  # a stale step is never applied twice
        cpu_moves += 1
        sync()

    sync()
    while ctl.game.phase != "game_over":
        if timers.run_next():
            continue
        game = ctl.game
        if game.phase == "pass":
            for card in game.hand(0)[:3]:
                ctl.tap(str(card))
                sync()
            assert ctl.confirm_pass()
        elif game.phase == "play":
            code = str(game.legal_plays(0)[0])
            ctl.tap(code)
            ctl.tap(code)
        else:
            assert ctl.continue_hand()
        sync()
    assert timers.max_pending == 1
    actions = ctl.game.actions
    cpu_actions = [a for a in actions if a.seat in (1, 2, 3) or a.kind == "gather"]
    assert cpu_moves == len(cpu_actions)
