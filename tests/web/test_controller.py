"""Intents, persistence and statistics through the controller, with fake storage and clock
(R5, R7, R9-R11, R17, R18, R36, R37 and resuming after a reload)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from hearts import Game, Stats
from hearts.cards import Card
from hearts.enums import Level
from hearts.save import dump_game
from hearts.stats import FINISHED, Fold
from hearts.web.announce import spoken
from hearts.web.events import Exchanged, Outcome, PassFull, YouPlayed
from hearts.web.params import Params
from hearts.web.records import GAME_KEY, SETTINGS_KEY, STATS_KEY
from hearts.web.safe_storage import SafeStorage
from hearts.web.schedule import Timing
from hearts.web.timing import facts

from .helpers import FakeClock, controller, finish_game, run_cpu, to_my_turn, v1_table
from .memory import MemoryStorage


def test_first_start_deals_a_game_and_counts_it_as_played():
    memory = MemoryStorage()
    ctl = controller(memory, seed=5)
    outcome = ctl.start()
    assert ctl.game.seed == 5 and ctl.game.level == "medium"
    assert ctl.stats.medium.played == 1
    assert Stats.from_json(memory.data[STATS_KEY]).medium.played == 1
    assert GAME_KEY in memory.data
    assert outcome.notices == ()


def test_reload_resumes_exactly_and_counts_nothing_twice():
    """U1: a reload picks up the game exactly where it was, timer pending included."""
    memory = MemoryStorage()
    ctl = controller(memory)
    ctl.start()
    to_my_turn(ctl)
    before = dump_game(ctl.game)
    again = controller(memory)
    again.start()
    assert dump_game(again.game) == before
    assert again.stats.medium.played == 1
    assert again.pending() == ctl.pending()


def test_pass_selection_survives_a_reload():
    memory = MemoryStorage()
    ctl = controller(memory)
    ctl.start()
    hand = ctl.game.hand(0)
    assert ctl.tap(str(hand[0])) and ctl.tap(str(hand[5]))
    again = controller(memory)
    again.start()
    assert again.record.selection == (hand[0], hand[5])


def test_selection_is_at_most_three_and_can_be_undone():
    ctl = controller()
    ctl.start()
    hand = ctl.game.hand(0)
    for card in hand[:3]:
        assert ctl.tap(str(card))
    # A fourth card changes nothing (R7) but says what to do instead.
    assert ctl.tap(str(hand[3])) == Outcome((PassFull(hand[3]),))
    assert ctl.record.selection == tuple(hand[:3]) and ctl.refused == 1
    assert ctl.tap(str(hand[1]))  # deselect
    assert ctl.record.selection == (hand[0], hand[2]) and ctl.refused == 0
    assert not ctl.tap("ZZ") and not ctl.tap(str(ctl.game.hand(1)[0]))


def test_confirm_needs_three_and_cpu_passes_go_first():
    ctl = controller()
    ctl.start()
    hand = ctl.game.hand(0)
    ctl.tap(str(hand[0]))
    ctl.tap(str(hand[1]))
    assert not ctl.confirm_pass()  # 2 cards are not a pass (R7)
    ctl.tap(str(hand[2]))
    outcome = ctl.confirm_pass()
    assert outcome
    actions = ctl.game.actions
    assert [(a.kind, a.seat) for a in actions[:4]] == [("pass", s) for s in (1, 2, 3, 0)]  # R11
    assert ctl.game.phase == "play"
    passed = (hand[0], hand[1], hand[2])  # hand 1 passes left: to CPU 1, from CPU 3 (R8)
    assert outcome.events == (Exchanged(ctl.game.received(0), passed, 1, 3),)
    assert not set(passed) & set(ctl.game.hand(0))
    said = spoken(outcome.events, ctl.game, "en")
    assert said[0].startswith("Cards exchanged. You received")


def test_two_taps_play_a_card_and_a_tap_moves_the_lift():
    ctl = controller(seed=8)
    ctl.start()
    to_my_turn(ctl)
    legal = ctl.game.legal_plays(0)
    first = str(legal[0])
    assert ctl.tap(first)
    assert ctl.record.lifted == legal[0]
    assert len(ctl.game.hand(0)) == 13  # not played yet
    if len(legal) > 1:
        assert ctl.tap(str(legal[1]))
        assert ctl.record.lifted == legal[1]
        first = str(legal[1])
    assert ctl.tap(first)
    assert ctl.record.lifted is None
    assert len(ctl.game.hand(0)) == 12


def test_blocked_cards_ignore_taps():
    ctl = controller(seed=8)
    ctl.start()
    for _ in range(200):
        to_my_turn(ctl)
        blocked = [c for c in ctl.game.hand(0) if c not in ctl.game.legal_plays(0)]
        if blocked:
            break
        card = str(ctl.game.legal_plays(0)[0])
        ctl.tap(card)
        ctl.tap(card)
    before = dump_game(ctl.game)
    assert not ctl.tap(str(blocked[0]))
    assert not ctl.tap(str(blocked[0]))
    assert ctl.record.lifted is None and dump_game(ctl.game) == before


def test_stale_cpu_steps_are_refused():
    ctl = controller()
    ctl.start()
    step = ctl.pending()
    assert step is not None and ctl.run(step)
    assert not ctl.run(step)


def test_finished_game_is_counted_exactly_once_even_across_reloads():
    memory = MemoryStorage()
    ctl = controller(memory, seed=13)
    ctl.start()
    finish_game(ctl)
    result = ctl.game.result
    level = ctl.stats.medium
    assert level.played == 1 and level.won + level.lost + level.drawn == 1
    assert result is not None
    assert {"win": level.won, "loss": level.lost, "draw": level.drawn}[result] == 1
    for _ in range(2):
        again = controller(memory)
        again.start()
        assert again.stats.medium == level
        assert again.stats.counted(again.record.game_id) == FINISHED


class CountingStorage(MemoryStorage):
    """Memory storage that logs every key written, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[str] = []

    def set(self, key: str, value: str) -> None:
        self.written.append(key)
        super().set(key, value)


def test_each_intent_writes_the_statistics_at_most_once():
    """One transaction per intent (R36, R37): the move that ends a game writes
    its result and the playing time up to it in one statistics record, and dealing the
    next game over an abandoned one counts it and the old one's time in one write too
    (both were two writes)."""
    memory, clock = CountingStorage(), FakeClock()
    ctl = controller(memory, seed=13, clock=clock)
    ctl.start()
    stats_writes: dict[str, list[int]] = {}

    def counted(name: str, intent: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object) -> object:
            clock.advance(700)  # the player (or the timer) takes a moment before each
            before = len(memory.written)
            outcome = intent(*args)
            stats_writes.setdefault(name, []).append(memory.written[before:].count(STATS_KEY))
            return outcome

        return run

    for name in ("tap", "confirm_pass", "continue_hand", "run", "new_game"):
        setattr(ctl, name, counted(name, getattr(ctl, name)))
    finish_game(ctl)
    over = Stats.from_json(memory.data[STATS_KEY])
    assert over.counted(ctl.record.game_id) == FINISHED and over.time_ms == ctl.stats.time_ms
    assert stats_writes["run"][-1] == 1  # the gather that ended the game: result and time
    ctl.new_game()  # from the final summary: the clock had stopped
    ctl.new_game()  # abandoning the game just dealt: its playing time and the new deal
    assert stats_writes["new_game"] == [1, 1]
    assert all(n <= 1 for counts in stats_writes.values() for n in counts), stats_writes
    assert Stats.from_json(memory.data[STATS_KEY]) == ctl.stats
    assert ctl.stats.medium.played == 3 and ctl.stats.time_ms == over.time_ms + 700


def test_a_start_that_failed_half_way_writes_nothing_when_the_page_is_hidden():
    """The start raised after reading the records (the boot module then offers the way on);
    hiding or closing that page must not write the empty statistics of a controller that
    never loaded over the stored ones (tests/e2e/test_no_dead_end.py found it)."""
    memory, clock = MemoryStorage(), FakeClock()
    first = controller(memory, clock=clock)
    first.start()
    saved = dict(memory.data)

    def reading(key: str | None) -> None:
        if key is None:
            raise RuntimeError("injected: the start fails after reading")

    ctl = controller(memory, clock=clock)
    ctl.records.reading = reading
    with pytest.raises(RuntimeError, match="injected"):
        ctl.start()
    clock.advance(5_000)
    ctl.set_visible(False)
    ctl.flush()
    assert memory.data == saved


def test_a_crash_between_game_over_and_counting_is_repaired_on_start():
    memory = MemoryStorage()
    ctl = controller(memory, seed=13)
    ctl.start()
    finish_game(ctl)
    # The statistics as they were before the last move, as if the tab died between the
    # table write and the statistics write.
    memory.data[STATS_KEY] = Stats().fold(Fold(ctl.record.game_id, Level.MEDIUM)).to_json()
    again = controller(memory)
    again.start()
    assert again.stats.medium.played == 1
    assert again.stats.medium.won + again.stats.medium.lost + again.stats.medium.drawn == 1
    assert Stats.from_json(memory.data[STATS_KEY]) == again.stats


def test_a_version_1_save_keeps_its_counts_and_is_counted_once_more_only_when_it_ends():
    """A table and statistics saved before game ids: the game was counted as played at its
    deal; after the update it is not counted again, and its result is counted once."""
    game = Game.new(13)
    old_stats = Stats().game_started("medium")
    memory = MemoryStorage({GAME_KEY: v1_table(game), STATS_KEY: old_stats.to_json()})
    ctl = controller(memory)
    ctl.start()
    assert ctl.stats.medium == old_stats.medium and dump_game(ctl.game) == dump_game(game)
    assert json.loads(memory.data[GAME_KEY])["v"] == 2
    finish_game(ctl)
    again = controller(memory)
    again.start()
    medium = again.stats.medium
    assert medium.played == 1 and medium.won + medium.lost + medium.drawn == 1


# Written by the version-1 page itself (commit 90a61b1^, before game ids), not rebuilt by
# today's code: the first hand, seat 0 to play with the three of clubs lifted.
V1_SAVED_TABLE = (
    r'{"counted":false,"game":"{\"actions\":[\"P1 2D 9S 5H\",\"P2 4D JD 2H\",'
    r'\"P3 7D 2S 5S\",\"P0 7C 8S TH\",\"1 2C\",\"2 6C\",\"3 4C\",\"0 5C\",\"G\",'
    r'\"2 7S\",\"3 KS\",\"0 2S\",\"1 4S\",\"G\",\"3 KC\"],\"kind\":\"hearts-game\",'
    r'\"level\":\"medium\",\"seed\":21,\"start\":null,\"v\":1,'
    r'\"check\":\"48cfa5ed8c5fae82\"}","kind":"hearts-table","lifted":"3C","selection":"",'
    r'"v":1,"check":"28954a34e515d376"}'
)


def test_a_table_the_version_1_page_saved_resumes_and_stays_under_its_key():
    """The key names the slot (``.v1``), the record inside carries its own version: what
    the first page stored under GAME_KEY resumes exactly, and is rewritten there as the
    current version (never under another key, never set aside)."""
    memory = MemoryStorage({GAME_KEY: V1_SAVED_TABLE})
    ctl = controller(memory)
    assert ctl.start().notices == ()
    game = ctl.game
    assert (game.seed, game.phase, game.hand_number, game.to_act) == (21, "play", 1, 0)
    assert len(game.actions) == 15 and len(game.hand(0)) == 11
    assert ctl.record.lifted == Card.parse("3C") and ctl.record.game_id.startswith("v1-")
    stored = json.loads(memory.data[GAME_KEY])
    assert stored["kind"] == "hearts-table" and stored["v"] == 2
    slot = GAME_KEY.rsplit(".", 1)[0]  # the table's slot under any version, or set aside
    assert [key for key in memory.data if key.startswith(slot)] == [GAME_KEY]


def test_abandoning_is_not_a_loss():
    memory = MemoryStorage()
    ctl = controller(memory)
    ctl.start()
    to_my_turn(ctl)
    ctl.new_game()
    medium = ctl.stats.medium
    assert (medium.played, medium.won, medium.lost, medium.drawn) == (2, 0, 0, 0)
    assert ctl.game.actions == ()
    assert Stats.from_json(memory.data[STATS_KEY]).medium.played == 2


def test_difficulty_change_applies_only_to_the_next_game():
    memory = MemoryStorage()
    ctl = controller(memory)
    ctl.start()
    ctl.set_next_level("hard")
    assert ctl.game.level == "medium"
    again = controller(memory)
    again.start()
    assert again.game.level == "medium" and again.settings.level == "hard"
    again.new_game()
    assert again.game.level == "hard"
    assert again.stats.hard.played == 1 and again.stats.medium.played == 1
    assert SETTINGS_KEY in memory.data


def test_seed_hook_applies_to_the_next_new_game_only():
    ctl = controller(seed=77)
    ctl.start()
    assert ctl.game.seed == 77
    ctl.new_game()
    assert ctl.game.seed == 424242


def test_language_choice_is_remembered_and_beats_the_url():
    memory = MemoryStorage()
    ctl = controller(memory, lang="en")
    ctl.start()
    assert ctl.lang == "en"
    ctl.set_lang("de")
    assert ctl.lang == "de"
    again = controller(memory, lang=None)
    again.start()
    assert again.lang == "de"
    fresh = controller(MemoryStorage(), lang=None)
    fresh.browser_langs = ("de-CH",)
    fresh.start()
    assert fresh.lang == "de"


def test_playing_time_runs_only_while_visible_and_in_progress():
    clock = FakeClock()
    memory = MemoryStorage()
    ctl = controller(memory, clock=clock)
    ctl.start()
    clock.advance(10_000)
    ctl.set_visible(False)
    assert ctl.stats.time_ms == 10_000
    clock.advance(50_000)  # hidden: not counted
    ctl.set_visible(True)
    assert ctl.stats.time_ms == 10_000
    clock.advance(5_000)
    ctl.flush()
    assert ctl.stats.time_ms == 15_000
    assert Stats.from_json(memory.data[STATS_KEY]).time_ms == 15_000
    finish_game(ctl)  # no clock advance while playing here
    clock.advance(60_000)  # game over: not in progress, not counted
    ctl.flush()
    assert ctl.stats.time_ms == 15_000


def test_a_bad_saved_game_is_set_aside_with_a_message_and_stats_survive():
    stats = Stats().game_started("easy").game_finished("easy", "draw")
    memory = MemoryStorage({GAME_KEY: '{"kind":"hearts-table"}', STATS_KEY: stats.to_json()})
    ctl = controller(memory)
    assert "notice.bad_game" in ctl.start().notices
    assert memory.data[GAME_KEY + ".bad"] == '{"kind":"hearts-table"}'
    assert ctl.stats.easy == stats.easy
    assert ctl.stats.medium.played == 1  # the new game that replaced it


def test_storage_unavailable_says_so_once():
    ctl = controller(storage=SafeStorage(None))
    notices = ctl.start().notices + ctl.new_game().notices
    assert notices == ("notice.storage_unavailable",)


def test_announcements_for_cpu_plays_and_tricks():
    ctl = controller(seed=3)
    ctl.start()
    to_my_turn(ctl)
    card = str(ctl.game.legal_plays(0)[0])
    ctl.tap(card)
    played = ctl.tap(card)
    assert played and played.events[0] == YouPlayed(Card.parse(card))
    said = " ".join(spoken(played.events, ctl.game, ctl.lang) + tuple(run_cpu(ctl)))
    assert "You play" in said and "CPU 1 plays" in said
    assert "takes the trick" in said or "You take the trick" in said


def test_params_from_the_query_string():
    p = Params.from_query({"seed": "42", "cadence": "0", "lang": "de"})
    assert p.seed == 42 and p.timing == Timing(0, 0) and p.lang == "de"
    bad = Params.from_query({"seed": "-1", "cadence": "fast", "lang": "fr"})
    assert bad.seed is None and bad.timing == Timing() and bad.lang is None
    # As static/boot.js reads it before Python runs: the table painted in German must not
    # turn English when Python takes over (?lang=DE did).
    for tag in ("DE", "de-AT", "de_CH", " de "):
        assert Params.from_query({"lang": tag}).lang == "de", tag


def test_debug_state_is_plain_json():
    ctl = controller()
    ctl.start()
    state = json.loads(json.dumps(facts(ctl)))
    kind, seat, _delay = state["pending"]
    assert state["phase"] == "pass" and kind == "pass" and seat in (1, 2, 3)
