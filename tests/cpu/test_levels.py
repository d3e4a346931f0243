"""One test per notable heuristic of each level, on scripted positions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import StepKind, bots
from hearts.cards import Card, parse_cards
from hearts.cpu import choose_pass, choose_play, easy, hard, hard_passing, medium
from hearts.cpu.knowledge import Knowledge
from hearts.cpu.tables import BIT, mask_of

from .positions import LEVELS, advance, random_position, view

C = Card.parse
OPEN = ["0:2C 1:AC 2:3C 3:4C"]  # a first trick won by seat 1, no points


def passed(hand: str, level: str) -> set[str]:
    """The pass of ``level``; for "hard", its rule pass (the learned one may overrule it)."""
    v = view(0, hand, phase="pass", level=level)
    return {str(c) for c in (hard_passing.choose_pass(v) if level == "hard" else choose_pass(v))}


# ----------------------------------------------------------------------------- every level
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_decision_is_legal(seed):
    rng = random.Random(seed)
    game = random_position(rng)
    while (step := game.next_step) is not None:
        seat = step.seat
        if step.kind == StepKind.PASS and seat is not None:
            for level in LEVELS:
                cards = bots.cpu_pass(game, seat, level)
                assert len(set(cards)) == 3 and set(cards) <= set(game.hand(seat))
        elif step.kind == StepKind.PLAY and seat is not None:
            for level in LEVELS:
                assert bots.cpu_play(game, seat, level) in game.legal_plays(seat)
        if not advance(game, rng):
            break


def test_ties_are_broken_from_the_tiebreak_value():
    # Easy leading with four equally good cards: the choice depends on view.tiebreak only.
    hand = "5C 5D 5S 9H"
    picks = {choose_play(view(1, hand, OPEN, level="easy", tiebreak=t)) for t in range(40)}
    assert picks == set(parse_cards("5C 5D 5S"))  # never the heart, every other one
    same = {choose_play(view(1, hand, OPEN, level="easy", tiebreak=7)) for _ in range(5)}
    assert len(same) == 1


# ----------------------------------------------------------------------------- Easy
def test_easy_passes_its_three_highest_cards():
    assert passed("2C 3C 4C 5C 6C 2D 3D 4D 5S 6S 2H 3H KD", "easy") == {"KD", "6C", "6S"}


def test_easy_ducks_when_it_can():
    for t in range(20):
        card = choose_play(view(2, "5D 7D KD", OPEN, "1:9D", level="easy", tiebreak=t))
        assert card in parse_cards("5D 7D")


def test_easy_does_not_lead_points_when_it_has_another_card():
    for t in range(20):
        v = view(1, "QS 2H 3H 9C", [*OPEN, "1:5D 2:6D 3:7H 0:8D"], level="easy", tiebreak=t)
        assert choose_play(v) == C("9C")


# ----------------------------------------------------------------------------- Medium
def test_medium_passes_an_unguarded_queen_and_keeps_a_guarded_one():
    assert "QS" in passed("2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 3S QS", "medium")
    kept = passed("2C 3C 4C 5C 6C 7C 2D 3D 4D 2S 3S 4S QS", "medium")
    assert "QS" not in kept


def test_medium_passes_high_spades_without_the_queen():
    assert {"AS", "KS"} <= passed("2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 2S KS AS", "medium")


def test_medium_passes_high_hearts_and_clears_a_short_suit():
    got = passed("2C 3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 8D AH", "medium")
    assert got >= {"AH", "8D"}


def test_medium_leads_low_and_keeps_the_dangerous_spades():
    v = view(1, "QS KS AS 9C 7D", OPEN, level="medium")
    assert choose_play(v) == C("7D")


def test_medium_plays_the_highest_card_that_still_loses():
    v = view(2, "5D 7D KD AD", OPEN, "1:9D", level="medium")
    assert choose_play(v) == C("7D")


def test_medium_drops_the_queen_under_ace_or_king():
    v = view(3, "2S QS", OPEN, "1:KS 2:3S", level="medium")
    assert choose_play(v) == C("QS")


def test_medium_wins_a_pointless_trick_when_last_with_its_highest_safe_card():
    v = view(0, "3D 9D AD", OPEN, "1:5D 2:TD 3:6D", level="medium")
    assert choose_play(v) == C("AD")
    v = view(0, "3S QS AS", OPEN, "1:5S 2:TS 3:6S", level="medium")
    assert choose_play(v) == C("AS")  # never with Q♠


def test_medium_ducks_a_trick_with_points_even_when_last():
    v = view(0, "3D 9D AD", [*OPEN, "1:2D 2:7H 3:4D 0:5D"], "1:5D 2:TD 3:JH", level="medium")
    assert choose_play(v) == C("9D")


def test_medium_dumps_the_queen_then_high_hearts_when_void():
    assert choose_play(view(2, "QS AH 9C KC", OPEN, "1:5D", level="medium")) == C("QS")
    assert choose_play(view(2, "2S AH 9C KC", OPEN, "1:5D", level="medium")) == C("AH")


def test_medium_remembers_nothing_of_earlier_tricks():
    # The same trick and hand give the same decision whatever was played before.
    hand, current = "5D KD 9S", "1:9D"
    a = choose_play(view(2, hand, OPEN, current, level="medium"))
    b = choose_play(view(2, hand, [*OPEN, "1:2S 2:3S 3:QS 0:4S"], current, level="medium"))
    assert a == b == C("5D")


# ----------------------------------------------------------------------------- Hard
def test_knowledge_counts_played_cards_and_infers_voids():
    v = view(2, "5C 6C 9H", [*OPEN, "1:5D 2:6D 3:7H 0:8D", "0:3H 1:2H 2:4H 3:QS"])
    k = Knowledge(v)
    played = mask_of(parse_cards("2C AC 3C 4C 5D 6D 7H 8D 3H 2H 4H QS"))
    assert k.played == played
    assert k.mine == mask_of(v.hand)
    assert k.out == ((1 << 52) - 1) & ~played & ~k.mine
    assert bool(k.voids[3] >> 1 & 1) and bool(k.voids[3] >> 3 & 1)  # 7♥ on diamonds, Q♠ on hearts
    assert not bool(k.voids[0] >> 1 & 1) and not bool(k.voids[1] >> 3 & 1)
    assert not k.out & BIT[C("QS")]


def test_knowledge_reads_a_heart_lead_before_hearts_broke_as_all_hearts():
    k = Knowledge(view(0, "5C 6C", [*OPEN, "1:3H 2:4H 3:5H 0:6H"]))
    assert all(bool(k.voids[1] >> suit & 1) for suit in (0, 1, 2)) and not bool(k.voids[1] >> 3 & 1)


# Hard's play rules, below: its learned leads, follows and discards (hearts/cpu/hard_eval.py)
# may overrule them by their margin, so these read the rule layer
# (tests/cpu/test_learned.py checks the margin; the learned layer is judged at the table).


def test_hard_leads_the_highest_card_certain_to_lose():
    # Diamonds 2-9 are gone; T♦ is the lowest diamond left, so it cannot win.
    gone = "0:2D 1:3D 2:4D 3:5D", "0:6D 1:7D 2:8D 3:9D"
    v = view(0, "TD 2S 8C", [*OPEN, *gone], level="hard")
    assert hard.rule_play(v) == C("TD")
    assert choose_play(view(0, "TD 2S 8C", [*OPEN, *gone], level="medium")) == C("2S")


def test_hard_flushes_the_queen_with_low_spades_when_it_cannot_catch_her():
    v = view(1, "6S 9C 4D", OPEN, level="hard")
    assert hard.rule_play(v) == C("6S")
    v = view(1, "6S KS 9C 4D", OPEN, level="hard")  # K♠ could catch Q♠: no flush …
    assert hard.rule_play(v) == C("9C")  # … but a short side suit to void, the higher first


def test_hard_discards_high_spades_only_while_the_queen_is_out():
    out = view(2, "AS 2S JD 9H", OPEN, "1:5C", level="hard")
    assert hard.rule_play(out) == C("AS")
    gone = view(2, "AS 2S JD 9H", [*OPEN, "1:QS 2:3S 3:4S 0:5S"], "1:5C", level="hard")
    assert hard.rule_play(gone) != C("AS")


def test_hard_sheds_its_highest_card_when_it_wins_whatever_it_plays():
    # Seats 3 and 0 showed out of diamonds; seat 2 cannot duck the 2♦.
    voids = [*OPEN, "1:5D 2:6D 3:5S 0:6S", "1:7D 2:8D 3:7S 0:8S"]
    v = view(2, "9D KD 3C", voids, "1:2D", level="hard")
    assert hard.rule_play(v) == C("KD")


def test_hard_avoids_leading_a_suit_a_seat_has_shown_out_of():
    voids = [*OPEN, "1:5D 2:6D 3:5S 0:7D"]  # seat 3 is void in diamonds
    v = view(0, "9D 9C", voids, level="hard")
    assert hard.rule_play(v) == C("9C")


def test_levels_are_pure_functions_of_the_view():
    v = view(2, "5D 7D KD AD QS 9C", OPEN, "1:9D", level="hard")
    for module in (easy, medium, hard):
        assert module.choose_play(v) == module.choose_play(v)


def test_hard_passes_a_short_side_suit_out_to_make_a_void():
    hand = "2C 3C 4C 5C 6C 7C 2D 5D 8D 2S 3S 4S 2H"
    assert passed(hand, "hard") == {"2D", "5D", "8D"}
    assert passed(hand, "medium") == {"8D", "7C", "6C"}


def test_hard_voids_clubs_with_one_pass_fewer_since_trick_one_takes_a_club():
    hand = "3C 4C 5C 2D TD JD QD 2S 3S 4S 5S 2H 3H"
    assert passed(hand, "hard") == {"5C", "4C", "QD"}  # 3♣ goes on trick 1
    assert passed(hand, "medium") == {"QD", "JD", "TD"}


def test_hard_keeps_the_queen_with_two_low_spades():
    hand = "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 2S 3S QS"
    assert "QS" not in passed(hand, "hard")
    assert "QS" in passed(hand, "medium")


def test_hard_sheds_its_highest_club_on_the_first_trick():
    v = view(2, "5C 9C KC 7D", (), "0:2C 1:8C", level="hard")
    assert choose_play(v) == C("KC")  # no points can fall on trick 1 (R14)
    assert choose_play(view(2, "5C 9C KC 7D", (), "0:2C 1:8C", level="medium")) == C("5C")


def test_hard_wins_low_when_it_cannot_duck_and_seats_are_still_to_play():
    v = view(1, "9D KD 3C", OPEN, "0:5D", level="hard")
    assert hard.rule_play(v) == C("9D")  # T♦…A♦ are out: leave room to be overtaken
    assert choose_play(view(1, "9D KD 3C", OPEN, "0:5D", level="medium")) == C("KD")


def test_hard_with_the_queen_leads_its_short_suit_to_make_a_void():
    burdened = view(1, "QS 4S 8D 5C 6C 7C", OPEN, level="hard")
    assert hard.rule_play(burdened) == C("8D")
    queen_gone = [*OPEN, "1:KS 2:QS 3:3S 0:5S"]
    free = view(1, "JS 4S 2S 8D 9D TD 5C 6C 7C", queen_gone, level="hard")
    assert hard.rule_play(free) == C("7C")  # no plan: the highest club certain to lose


def test_hard_with_the_queen_gone_sheds_a_high_card_of_a_short_suit_before_its_exits():
    queen_gone = [*OPEN, "1:KS 2:QS 3:3S 0:5S"]
    # Two spades left, J♠ above spades still out: it goes while everyone can follow.
    assert hard.rule_play(view(1, "JS 4S 8D 5C 6C 7C", queen_gone, level="hard")) == C("JS")
    # While Q♠ is out, J♠ could draw her: the flush plan's low spade goes instead.
    assert hard.rule_play(view(1, "JS 4S 8D 5C 6C 7C", OPEN, level="hard")) == C("4S")
    # A seat has shown it holds no spades (it could dump hearts on J♠): the exit again.
    void_shown = [*OPEN, "1:KS 2:QS 3:3S 0:5D"]
    assert hard.rule_play(view(1, "JS 4S 8D 9D TD 5C 6C 7C", void_shown, level="hard")) == C("7C")
    # Three spades left is not a short suit.
    three = view(1, "JS 4S 2S 8D 9D TD 5C 6C 7C", queen_gone, level="hard")
    assert hard.rule_play(three) == C("7C")


def test_hard_holding_the_queen_ducks_a_clean_spade_trick_it_is_last_to():
    spade_trick = "2:3S 3:5S 0:8S"
    # Last to play on a trick without points: not holding Q♠, the highest spade wins it …
    assert hard.rule_play(view(1, "KS 4S 9D", OPEN, spade_trick, level="hard")) == C("KS")
    # … but with Q♠ in hand K♠ stays to guard her and the lead stays away: duck.
    assert hard.rule_play(view(1, "KS QS 4S 9D", OPEN, spade_trick, level="hard")) == C("4S")


def test_hard_third_to_a_clean_side_suit_trick_sheds_its_highest_while_the_queen_is_out():
    # Seat 1 cannot duck 3♦ and one seat (2) is still to play.
    assert hard.rule_play(view(1, "5D KD 9S", OPEN, "3:2D 0:3D", level="hard")) == C("KD")
    # Q♠ gone: the lowest card leaves seat 2 room to overtake, as before.
    queen_gone = [*OPEN, "1:KS 2:QS 3:3S 0:5S"]
    assert hard.rule_play(view(1, "5D KD 9S", queen_gone, "3:2D 0:3D", level="hard")) == C("5D")
    # Two seats still to play: the lowest card, as before.
    assert hard.rule_play(view(1, "5D KD 9S", OPEN, "0:2D", level="hard")) == C("5D")


def test_hard_defends_only_against_a_seat_that_wins_the_tricks():
    # Seat 1 took Q♠ when seat 0 dumped it: every point taken, but one trick of three.
    start = ["0:2C 1:3C 2:4C 3:AC", "3:5D 0:QS 1:AD 2:7D"]
    v = view(2, "9C 9D 9S 9H", [*start, "1:8C 2:TC 3:JC 0:KC"], level="hard")
    assert v.points_taken == (0, 13, 0, 0) and hard.apparent_shooter(v) is None
    # The same 13 points, but with two tricks of three won: that looks like a moon.
    v = view(2, "9C 9D 9S 9H", [*start, "1:KC 2:TC 3:JC 0:8C"], level="hard")
    assert hard.apparent_shooter(v) == 1


def test_hard_keeps_a_certain_exit_while_it_can_flush_the_queen():
    # 5♣ cannot win (every lower club is gone) but is the only such exit: 6♠ flushes Q♠.
    assert hard.rule_play(view(1, "6S 5C 9D", OPEN, level="hard")) == C("6S")
    queen_gone = [*OPEN, "1:KS 2:QS 3:3S 0:5S"]
    # No flush; 9♦ and 6♠ are high cards of short suits, shed before the exit.
    assert hard.rule_play(view(1, "6S 5C 9D", queen_gone, level="hard")) == C("9D")
