"""Scripted deals for every rule edge (R3, R4, R7-R9, R12-R16, R19-R20, R32-R34)."""

import random

import pytest

from hearts import DECK, Card, Game, IllegalPlay, rules
from hearts.deal import deal
from hearts.driver import drive, hand_done, phase_is, random_choices, take_step
from hearts.enums import Direction
from hearts.save import dump_game, load_game
from tests.engine.scripted import hold_game, make_deal, play_out, play_trick

# Seat 1 is void in clubs and holds points: hearts, Q♠ and safe diamonds.
VOID_CLUBS = make_deal(
    s0="2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D",
    s1="6D 7D 8D QS 2H 3H 4H 5H 6H 7H 8H 9H TH",
)


def test_two_of_clubs_must_open_and_nothing_else() -> None:
    """R12."""
    game = Game.from_deal(VOID_CLUBS, hand_number=4)
    assert game.phase == "play" and game.to_act == 0
    assert game.legal_plays(0) == (Card.parse("2C"),)
    before = dump_game(game)
    with pytest.raises(IllegalPlay, match="2♣ must open"):
        game.play(0, "3C")
    assert dump_game(game) == before


def test_every_hand_deals_the_whole_deck_and_the_deal_alone_picks_the_leader() -> None:
    """R3: each hand deals all 52 cards, 13 a seat; no dealer, nobody chooses who leads:
    the seat the deal (and the pass) left holding 2♣ leads, hold hand included."""
    for seed in range(6):
        game, choices = Game.new(seed), random_choices(random.Random(seed))
        while game.phase != "game_over" and game.hand_number <= 5:
            hands = deal(seed, game.hand_number)
            assert [len(h) for h in hands] == [13] * 4
            assert sorted(c for h in hands for c in h) == sorted(DECK)
            assert [set(game.hand(s)) for s in range(4)] == [set(h) for h in hands]
            drive(game, choices, until=phase_is("play"))
            leader = game.to_act
            assert leader is not None and Card.parse("2C") in game.hand(leader)
            drive(game, choices, until=hand_done)
            if game.phase == "hand_over":
                game.next_hand()


def test_only_the_seat_to_act_has_legal_plays() -> None:
    game = Game.from_deal(VOID_CLUBS, hand_number=4)
    assert all(game.legal_plays(seat) == () for seat in (1, 2, 3))
    with pytest.raises(IllegalPlay, match="seat 0's turn"):
        game.play(1, "6D")


def test_first_trick_discard_refuses_points_when_void_in_clubs() -> None:
    """R14: void in clubs on trick 1, the seat may not shed hearts or Q♠."""
    game = Game.from_deal(VOID_CLUBS, hand_number=4)
    game.play(0, "2C")
    assert [str(c) for c in game.legal_plays(1)] == ["6D", "7D", "8D"]
    for card in ("QS", "2H"):
        with pytest.raises(IllegalPlay, match="first trick"):
            game.play(1, card)


def test_first_trick_rule_yields_when_only_hearts_and_queen_remain() -> None:
    """R14: with nothing but points the rule yields instead of blocking the hand."""
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC 2D 3D 4D",
        s1="QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    )
    game = Game.from_deal(deal, hand_number=4)
    game.play(0, "2C")
    assert len(game.legal_plays(1)) == 13
    game.play(1, "QS")
    assert not game.hearts_broken  # R16


def test_follow_suit_has_no_exception() -> None:
    """R13."""
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D", s1="JC 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H"
    )
    game = Game.from_deal(deal, hand_number=4)
    game.play(0, "2C")
    assert game.legal_plays(1) == (Card.parse("JC"),)
    with pytest.raises(IllegalPlay, match=r"follow suit \(♣ was led\)"):  # the engine says no words
        game.play(1, "AD")


def test_all_hearts_hand_may_lead_a_heart_before_they_are_broken() -> None:
    """R15 exception: a whole hand of hearts."""
    # Seat 1 holds 12 hearts + the A♣, wins trick 1 and must lead from hearts only.
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D",
        s1="AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    )
    game = Game.from_deal(deal, hand_number=4)
    assert play_trick(game, "2C", "AC", None, None) == 1
    assert not game.hearts_broken
    assert len(game.legal_plays(1)) == 12
    game.play(1, "2H")


def test_heart_lead_refused_before_broken() -> None:
    """R15."""
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D",
        s1="AC 4D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    )
    game = Game.from_deal(deal, hand_number=4)
    play_trick(game, "2C", "AC", None, None)
    assert [str(c) for c in game.legal_plays(1)] == ["4D"]
    with pytest.raises(IllegalPlay, match="hearts are not broken"):
        game.play(1, "QH")


def test_queen_plus_hearts_must_lead_the_queen_and_it_does_not_break_hearts() -> None:
    """R15 + R16: Q♠ may lead before hearts are broken, and leading it breaks nothing."""
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D",
        s1="AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    )
    game = Game.from_deal(deal, hand_number=4)
    play_trick(game, "2C", "AC", None, None)
    assert [str(c) for c in game.legal_plays(1)] == ["QS"]
    game.play(1, "QS")
    while game.to_act is not None:
        game.play(game.to_act, game.legal_plays(game.to_act)[0])
    game.gather_trick()
    assert not game.hearts_broken


def test_a_discarded_heart_breaks_hearts_for_the_next_trick() -> None:
    """R15: a heart that fell in an earlier trick allows heart leads."""
    deal = make_deal(
        s0="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        s1="AC KD AD 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        s2="2D 3D 4D 5D 6D 7D 8D 9D TD JD QD 2S 3S",
    )
    game = Game.from_deal(deal, hand_number=4)
    assert play_trick(game, "2C", "AC", "2D", "4S") == 1
    assert not game.hearts_broken
    assert [str(c) for c in game.legal_plays(1)] == ["KD", "AD"]
    game.play(1, "AD")
    game.play(2, "3D")
    game.play(3, "5S")
    game.play(0, "2H")  # void in diamonds: the discard breaks hearts
    assert game.hearts_broken
    assert game.gather_trick() == 1
    assert Card.parse("3H") in game.legal_plays(1)
    game.play(1, "3H")


def test_off_suit_high_card_never_wins() -> None:
    """R19: no trump."""
    assert (
        rules.trick_winner(
            [
                (0, Card.parse("2C")),
                (1, Card.parse("AS")),
                (2, Card.parse("AH")),
                (3, Card.parse("3C")),
            ]
        )
        == 3
    )
    assert (
        rules.trick_winner(
            [
                (2, Card.parse("5D")),
                (3, Card.parse("AC")),
                (0, Card.parse("4D")),
                (1, Card.parse("KH")),
            ]
        )
        == 2
    )


def test_finished_trick_waits_to_be_gathered() -> None:
    """R20: the 4 cards stay on the table until gathered; the winner leads next."""
    game = Game.from_deal(VOID_CLUBS, hand_number=4)
    for _ in range(4):
        take_step(game)  # the first legal card of the seat to act
    assert game.trick_waiting and game.to_act is None and len(game.current_trick) == 4
    assert all(game.legal_plays(seat) == () for seat in range(4))
    with pytest.raises(IllegalPlay, match="gathered first"):
        game.play(1, "6D")
    restored = load_game(dump_game(game))
    assert restored.trick_waiting and restored.current_trick == game.current_trick
    winner = game.gather_trick()
    assert game.to_act == winner and game.current_trick == () and len(game.tricks) == 1
    with pytest.raises(IllegalPlay):
        game.gather_trick()


def test_plain_hand_scoring_and_queen_alone_is_not_a_moon() -> None:
    """R32, R34."""
    assert rules.hand_score([13, 5, 8, 0]) == (13, 5, 8, 0)
    assert rules.shooter([13, 0, 13, 0]) is None


def test_moon_gives_the_other_three_26() -> None:
    """R33."""
    assert rules.hand_score([0, 26, 0, 0]) == (26, 0, 26, 26)
    # Seat 0 holds every heart, Q♠ and the top of every suit: it takes all 26 points.
    deal = make_deal(
        s0="AC KC QC AD KD QD AS KS QS AH KH QH JH",
        s1="2C 3C 4C 5C 2D 3D 4D 2S 3S 4S 2H 3H 4H",
        s2="6C 7C 8C 5D 6D 7D 5S 6S 7S 5H 6H 7H 8H",
        s3="9C TC JC 8D 9D TD JD 8S 9S TS JS 9H TH",
    )
    game = Game.from_deal(deal, hand_number=4)
    play_out(game)
    assert game.phase == "hand_over"
    assert game.moon_shooter == 0
    assert game.hand_points == (0, 26, 26, 26) and game.scores == (0, 26, 26, 26)
    assert game.points_taken == (26, 0, 0, 0)  # what the tricks gave, before the moon


def _first_legal_points(deal: list[str]) -> tuple[int, ...]:
    game = Game.from_deal(deal, hand_number=4)
    play_out(game)
    return game.hand_points


def test_game_ends_at_exactly_100_and_not_at_99() -> None:
    """R4: the game ends the moment a hand leaves any seat at 100 or more."""
    deal = make_deal(s0="2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D")
    points = _first_legal_points(deal)
    seat = max(range(4), key=lambda s: points[s])
    assert points[seat] > 0
    for start, expected in ((99, "hand_over"), (100, "game_over"), (120, "game_over")):
        scores = [0, 0, 0, 0]
        scores[seat] = start - points[seat]
        game = Game.from_deal(deal, hand_number=4, scores=tuple(scores))
        play_out(game)
        assert game.scores[seat] == start
        assert game.phase == expected
        assert (game.result is None) == (expected == "hand_over")


@pytest.mark.parametrize(
    ("scores", "result"),
    [
        ((40, 50, 60, 100), "win"),
        ((40, 40, 60, 100), "draw"),  # you tied for lowest
        ((40, 40, 40, 100), "draw"),
        ((50, 40, 40, 100), "loss"),  # two CPU seats tie for lowest below you
        ((50, 45, 60, 100), "loss"),  # one seat below you, though you beat two
        ((100, 20, 30, 40), "loss"),
    ],
)
def test_result_from_your_seat(scores: tuple[int, int, int, int], result: str) -> None:
    """R4."""
    assert rules.result_for_you(scores) == result


def test_game_result_only_when_over() -> None:
    game = hold_game()
    assert game.result is None


def test_pass_cycle_across_hands_one_to_eight() -> None:
    """R8: left, right, across, hold, then again."""
    expected = ["left", "right", "across", "hold"] * 2
    assert [rules.pass_direction(n) for n in range(1, 9)] == expected
    game = Game.new(11)
    seen = []
    while game.hand_number <= 8 and game.phase != "game_over":
        seen.append(game.pass_direction)
        assert game.phase == ("play" if game.pass_direction == "hold" else "pass")
        if game.phase == "pass":
            for seat in range(4):
                game.submit_pass(seat, game.hand(seat)[:3])
        play_out(game)
        if game.phase == "hand_over":
            game.next_hand()
    assert seen == expected[: len(seen)] and len(seen) >= 4


@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2)])
def test_pass_targets(direction: str, offset: int) -> None:
    """R1/R8: left is CPU 1, the next seat in play order."""
    for seat in range(4):
        assert rules.pass_target(seat, Direction(direction)) == (seat + offset) % 4


def test_exchange_happens_only_after_the_fourth_seat() -> None:
    """R9: nothing moves until all four have confirmed; then all 12 cards move at once."""
    game = Game.new(5)
    assert game.pass_direction == "left"
    before = [game.hand(s) for s in range(4)]
    chosen = {s: before[s][-3:] for s in range(4)}
    for seat in (3, 0, 1):
        game.submit_pass(seat, chosen[seat])
        assert game.has_passed(seat) and game.phase == "pass"
        assert [game.hand(s) for s in range(4)] == before
        assert game.to_act is None
    game.submit_pass(2, chosen[2])
    assert game.phase == "play"
    for seat in range(4):
        giver = (seat - 1) % 4
        assert game.received(seat) == chosen[giver]
        expected = sorted([c for c in before[seat] if c not in chosen[seat]] + list(chosen[giver]))
        assert list(game.hand(seat)) == expected
    assert game.to_act == next(s for s in range(4) if Card.parse("2C") in game.hand(s))


def test_bad_passes_are_refused_and_change_nothing() -> None:
    """R7: exactly three of your own, different cards, once."""
    game = Game.new(5)
    hand = game.hand(0)
    other = game.hand(1)[0]
    before = dump_game(game)
    for cards, why in (
        (hand[:2], "exactly three"),
        (hand[:4], "exactly three"),
        ([hand[0], hand[0], hand[1]], "exactly three"),
        ([hand[0], hand[1], other], "does not hold"),
    ):
        with pytest.raises(IllegalPlay, match=why):
            game.submit_pass(0, cards)
    assert dump_game(game) == before
    game.submit_pass(0, hand[:3])
    with pytest.raises(IllegalPlay, match="already passed"):
        game.submit_pass(0, game.hand(0)[3:6])


def test_no_pass_in_a_hold_hand() -> None:
    game = hold_game()
    with pytest.raises(IllegalPlay, match="no pass"):
        game.submit_pass(0, game.hand(0)[:3])


def test_from_deal_refuses_anything_but_a_full_deck() -> None:
    deal = make_deal()
    bad = [deal[0].replace("2C", "3C"), *deal[1:]]
    with pytest.raises(ValueError, match="exactly once"):
        Game.from_deal(bad)
    with pytest.raises(ValueError, match="four hands of 13"):
        Game.from_deal(deal[:3])
    with pytest.raises(ValueError, match="unknown level"):
        Game.from_deal(deal, level="brutal")


def test_next_hand_only_after_a_hand_is_over() -> None:
    game = hold_game()
    with pytest.raises(IllegalPlay, match="not over"):
        game.next_hand()
