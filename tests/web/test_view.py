"""The view model: what the table shows, built only from the engine (R1, R4, R7-R11, R17,
R18, R20, R29, R33, R35, R38; U7, U14)."""

from __future__ import annotations

import pytest

from hearts import Card, Game, rules
from hearts.driver import FIRST_VS_CPU, drive, take_step
from hearts.enums import Phase
from hearts.save import dump_game, load_game
from hearts.view import POSITIONS, TableView, Texts, build, received_marks, row_of
from hearts.view.summary import result_sentences

from .helpers import moon_game, play_to


def new_play_game() -> Game:
    game = Game.new(7)
    for seat in range(4):
        game.submit_pass(seat, game.hand(seat)[:3])
    return game


def test_seats_sit_where_r1_puts_them():
    view = build(Game.new(1), "en")
    assert POSITIONS == ("bottom", "left", "top", "right")
    assert [p.name for p in view.plates] == ["You", "CPU 1", "CPU 2", "CPU 3"]
    assert all(p.cards == 13 and p.score == 0 for p in view.plates)


def test_pass_direction_is_always_shown():
    def shown(view: TableView) -> str:
        return f"{view.passing_label} {view.direction_label}".strip()

    game = Game.new(1)
    assert shown(build(game, "en")) == "Pass: left"
    game = play_to(Game.new(1), "hand_over")
    game.next_hand()
    assert shown(build(game, "de")) == "Weitergabe: rechts"
    hold = Game.from_deal([game.hand(s) for s in range(4)], hand_number=4)
    assert shown(build(hold, "en")) == "No passing"
    assert build(hold, "en").passing_label == ""
    assert build(hold, "en").pass_panel is None


def test_pass_confirm_needs_exactly_three_cards():
    game = Game.new(1)
    hand = game.hand(0)
    for n in range(4):
        panel = build(game, "en", hand[:n]).pass_panel
        assert panel is not None
        assert panel.enabled is (n == 3), n
        assert panel.button == "Pass left"
    panel = build(game, "en").pass_panel
    assert panel is not None and "CPU 1" in panel.prompt  # left = CPU 1


def test_pass_phase_every_card_is_selectable_and_nothing_is_blocked():
    game = Game.new(1)
    view = build(game, "en", game.hand(0)[:2])
    assert all(c.playable and not c.blocked and not c.inert for c in view.hand)
    assert [c.selected for c in view.hand[:3]] == [True, True, False]


def test_cpu_seats_show_that_they_have_passed():
    game = Game.new(1)
    assert [p.status for p in build(game, "en").plates[1:]] == ["choosing"] * 3
    game.submit_pass(2, game.hand(2)[:3])
    assert [p.status for p in build(game, "en").plates] == ["", "choosing", "passed", "choosing"]
    assert build(game, "de").plates[2].status_text == "Gegeben"


def test_blocked_cards_are_exactly_what_legal_plays_forbids():
    game = drive(new_play_game(), until=lambda g: 0 < len(g.legal_plays(0)) < len(g.hand(0)))
    legal = set(game.legal_plays(0))
    for lang, word in (("en", "blocked"), ("de", "gesperrt")):
        view = build(game, lang)
        for card in view.hand:
            allowed = Card.parse(card.face.code) in legal
            assert card.blocked is not allowed
            assert card.playable is allowed
            assert (word in card.label) is not allowed


def test_allowed_cards_all_look_alike():
    """R28/R29: nothing but the rules' verdict distinguishes allowed cards."""
    game = new_play_game()
    game = play_to(game, "play")
    drive(game, until=lambda g: g.to_act == 0)  # first legal cards up to your turn
    flags = {
        (c.playable, c.blocked, c.inert, c.selected, c.lifted)
        for c in build(game, "en").hand
        if c.playable
    }
    assert len(flags) == 1


def test_when_it_is_not_your_turn_nothing_is_blocked():
    game = new_play_game()
    if game.to_act == 0:
        game.play(0, game.legal_plays(0)[0])
    view = build(game, "en")
    assert all(c.inert and not c.blocked and "blocked" not in c.label for c in view.hand)
    assert view.prompt.startswith("Waiting for CPU")


def test_lifted_card_and_prompt():
    game = new_play_game()
    drive(game, until=lambda g: g.to_act == 0)  # first legal cards up to your turn
    card = game.legal_plays(0)[0]
    view = build(game, "en", lifted=card)
    assert [c.face.code for c in view.hand if c.lifted] == [str(card)]
    assert "again" in view.prompt


def test_received_cards_are_marked_until_your_first_play():
    """U14."""
    game = new_play_game()
    received = set(game.received(0))
    assert len(received) == 3
    marked = {Card.parse(c.face.code) for c in build(game, "en").hand if c.received}
    assert marked == received == set(received_marks(game))
    assert all("received" in c.label for c in build(game, "en").hand if c.received)
    drive(game, until=lambda g: g.has_played(0))
    assert not any(c.received for c in build(game, "en").hand)


def test_finished_trick_shows_its_winner_then_goes_to_its_pile():
    # Its flight to the pile is the motion plan's (tests/web/test_motion_plan.py).
    game = new_play_game()
    drive(game, until=lambda g: g.trick_waiting)
    view = build(game, "en")
    assert len(view.trick) == 4 and sum(c.winner for c in view.trick) == 1
    winner = next(c for c in view.trick if c.winner)
    assert "take" in view.prompt or "takes" in view.prompt
    piles = [p.tricks for p in view.plates]
    game.gather_trick()
    view = build(game, "en")
    assert view.trick == ()
    assert [p.tricks for p in view.plates] == [
        n + (seat == winner.seat) for seat, n in enumerate(piles)
    ]


def test_hand_summary_shows_points_totals_and_next_direction_not_tricks():
    game = play_to(Game.new(3), "hand_over")
    summary = build(game, "en").summary
    assert summary is not None and summary.kind == "hand_over"
    assert [r.hand for r in summary.rows] == list(game.hand_points)
    assert [r.total for r in summary.rows] == list(game.scores)
    assert summary.next_text == "Next hand: pass right"
    assert summary.button == "Continue" and summary.action == "continue"
    assert not hasattr(summary, "tricks")  # R38: no review of the hand


def test_moon_is_announced():
    game = moon_game(shooter=2)
    summary = build(game, "en").summary
    assert summary is not None
    assert summary.moon == "CPU 2 shot the moon! Every other seat takes 26 points."
    assert [r.hand for r in summary.rows] == [26, 26, 0, 26]
    mine = build(moon_game(shooter=0), "de").summary
    assert mine is not None and mine.moon.startswith("Du hast den Mond geschossen")


def test_game_over_reads_the_result_from_your_seat():
    """R4, R35; U7: places 1-4, the lowest total first, ties sharing a place; the result in
    plain words: who won with how many points, and after a loss your place and points."""
    win = build(moon_game(0, (0, 90, 90, 90)), "en").summary
    assert win is not None and win.result == "win"
    assert (win.result_text, win.place_text) == ("You win with 0 points.", "")
    assert win.action == "new_game"
    loss = build(moon_game(1, (74, 0, 80, 80)), "en").summary
    assert loss is not None and loss.result == "loss"
    assert loss.result_text == "CPU 1 wins with 0 points."
    assert loss.place_text == "You finish 2nd with 100 points."
    draw = build(moon_game(2, (0, 0, 80, 80)), "de").summary
    assert draw is not None and draw.result == "draw"
    assert draw.result_text == (
        "Unentschieden: Du landest mit 26 Punkten auf dem ersten Platz, gleichauf mit CPU 1."
    )
    assert draw.place_text == ""
    places = [[(r.place, r.name, r.total) for r in s.rows] for s in (win, loss, draw)]
    assert places == [
        [(1, "You", 0), (2, "CPU 1", 116), (2, "CPU 2", 116), (2, "CPU 3", 116)],
        [(1, "CPU 1", 0), (2, "You", 100), (3, "CPU 2", 106), (3, "CPU 3", 106)],
        [(1, "Du", 26), (1, "CPU 1", 26), (3, "CPU 2", 80), (4, "CPU 3", 106)],
    ]
    assert win.columns == ("Place", "Player", "This hand", "Total")
    assert win.winner_label == "winner"
    # The rule that ends a game is said between hands, not once the game has ended.
    between = build(play_to(Game.new(3), "hand_over"), "en").summary
    assert between is not None and "100 points" in between.target_text
    assert not any(s.target_text for s in (win, loss, draw))


@pytest.mark.parametrize(
    ("scores", "en", "de"),
    [
        ((25, 40, 60, 101), ("You win with 25 points.", ""), ("Du gewinnst mit 25 Punkten.", "")),
        ((1, 40, 60, 101), ("You win with 1 point.", ""), ("Du gewinnst mit 1 Punkt.", "")),
        (
            (25, 25, 25, 101),
            ("Draw: you finish first with 25 points, level with CPU 1 and CPU 2.", ""),
            (
                "Unentschieden: Du landest mit 25 Punkten auf dem ersten Platz, gleichauf mit "
                "CPU 1 und CPU 2.",
                "",
            ),
        ),
        (
            (102, 40, 60, 25),
            ("CPU 3 wins with 25 points.", "You finish 4th with 102 points."),
            ("CPU 3 gewinnt mit 25 Punkten.", "Du landest mit 102 Punkten auf dem vierten Platz."),
        ),
        (
            (60, 23, 23, 101),
            (
                "CPU 1 and CPU 2 share first place with 23 points each.",
                "You finish 3rd with 60 points.",
            ),
            (
                "CPU 1 und CPU 2 teilen sich den ersten Platz mit je 23 Punkten.",
                "Du landest mit 60 Punkten auf dem dritten Platz.",
            ),
        ),
        (
            (60, 23, 60, 101),
            ("CPU 1 wins with 23 points.", "You finish 2nd with 60 points, level with CPU 2."),
            (
                "CPU 1 gewinnt mit 23 Punkten.",
                "Du landest mit 60 Punkten auf dem zweiten Platz, gleichauf mit CPU 2.",
            ),
        ),
        (
            (100, 1, 1, 1),
            (
                "CPU 1, CPU 2 and CPU 3 share first place with 1 point each.",
                "You finish 4th with 100 points.",
            ),
            (
                "CPU 1, CPU 2 und CPU 3 teilen sich den ersten Platz mit je 1 Punkt.",
                "Du landest mit 100 Punkten auf dem vierten Platz.",
            ),
        ),
    ],
)
def test_the_game_over_sentences_name_places_and_ties_in_both_languages(scores, en, de):
    """R4: a draw for first place, CPU seats sharing it, your place shared: each reads
    right, with its ordinal, in English and German."""
    assert result_sentences(scores, Texts("en")) == en
    assert result_sentences(scores, Texts("de")) == de


def test_each_plate_counts_the_tricks_its_seat_took_and_says_so_as_a_fact():
    game = drive(new_play_game(), until=lambda g: len(g.tricks) == 5 and not g.current_trick)
    plates = build(game, "en").plates
    taken = [sum(1 for t in game.tricks if rules.trick_winner(t) == s) for s in range(4)]
    assert [p.tricks for p in plates] == taken and sum(taken) == 5
    for p in plates:
        who = "You" if p.seat == 0 else f"CPU {p.seat}"
        word = "1 trick" if p.tricks == 1 else f"{p.tricks} tricks"
        assert p.pile_label == f"{who}, {word}"
    de = build(game, "de").plates
    assert de[0].pile_label.startswith("Du, ") and "Stich" in de[0].pile_label
    assert [p.tricks for p in build(Game.new(7), "en").plates] == [0, 0, 0, 0]


def test_your_own_trick_card_is_played_by_you_not_by_a_seat_name():
    game = new_play_game()
    game = drive(game, until=lambda g: any(s == 0 for s, _ in g.current_trick))
    labels = {c.seat: c.label for c in build(game, "de").trick}
    assert labels[0].endswith(", von dir gespielt")
    assert all(labels[s].endswith(f", von CPU {s} gespielt") for s in labels if s)
    mine = [c.label for c in build(game, "en").trick if c.seat == 0]
    assert mine[0].endswith(", played by you")


def _rows(game: Game) -> dict[str, int]:
    return {c.face.code: c.row for c in build(game, "en").hand}


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_no_card_changes_its_phone_row_during_a_hand(seed):
    """(U4 on a phone): the rows are those of the hand as dealt, then as sorted
    anew after the exchange, and stay so to the last trick; 7 cards above, 6 below, each
    row in the hand's order (R30)."""
    game = Game.new(seed)
    for number in (1, 2):  # a hand passing left, then one passing right
        assert game.phase == Phase.PASS and game.hand_number == number
        dealt = _rows(game)
        assert list(dealt.values()) == [0] * 7 + [1] * 6
        while game.phase == Phase.PASS:
            assert _rows(game) == dealt  # the CPU seats' passes change nothing
            take_step(game, FIRST_VS_CPU)
        begun = _rows(game)
        assert list(begun.values()) == [0] * 7 + [1] * 6
        assert set(begun) == {str(c) for c in game.hand(0)}
        while game.phase == Phase.PLAY:
            now = _rows(game)
            assert now == {code: begun[code] for code in now}, (number, len(now))
            take_step(game, FIRST_VS_CPU)
        assert _rows(game) == {}
        game.next_hand()


def test_phone_rows_survive_a_resume():
    """The rows are a function of the saved game alone: a reload mid-hand shows them again."""
    game = drive(new_play_game(), until=lambda g: len(g.hand(0)) == 7 and bool(g.current_trick))
    rows = _rows(game)
    # Not the split of the 7 cards left (4 above, 3 below): that of the 13 the hand began with.
    by_count = {str(c): row_of(i, len(game.hand(0))) for i, c in enumerate(game.hand(0))}
    assert rows != by_count
    assert _rows(load_game(dump_game(game))) == rows
    assert [c.row for c in build(game, "en").hand] == [rows[str(c)] for c in game.hand(0)]
