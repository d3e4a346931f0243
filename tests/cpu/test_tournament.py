"""The tournament tool's arithmetic (payoff, SE by deal, games to 100, moons, quantiles)
and a tiny fixed-seed run.  The full tournament is a benchmark: `make tournament`."""

from __future__ import annotations

import math
import statistics

import pytest

from hearts.cpu import medium
from tools import tournament
from tools.tournament import Result, parse_pairing, quantile, run


def test_payoff_is_others_mean_minus_tested_with_the_deal_as_unit():
    # Deal 0: tested seat r takes 0 in every rotation, the others share 26.
    # Deal 1: tested takes 26 (rotation 0) or 0, and one moon by seat 2 against rotation 1.
    deal0 = [(0, 13, 13, 0), (13, 0, 0, 13), (10, 10, 0, 6), (2, 12, 12, 0)]
    deal1 = [(26, 0, 0, 0), (0, 26, 0, 0), (26, 26, 0, 26), (0, 0, 26, 0)]
    scores = [s for hand in deal0 + deal1 for s in hand]
    r = Result("hard", "medium", scores)
    per_deal = []
    for deal in (deal0, deal1):
        per_deal.append(statistics.fmean((sum(h) - h[i]) / 3 - h[i] for i, h in enumerate(deal)))
    mean, se = r.payoff()
    assert mean == pytest.approx(statistics.fmean(per_deal))
    assert se == pytest.approx(statistics.stdev(per_deal) / math.sqrt(2))
    assert r.moons() == (1, 0)  # rotation 2 shot it (seat 2 scored 0 of 78)


def test_games_chain_each_rotation_to_100():
    # In rotation r the tested seat r takes nothing; seat r+1 takes 13 a hand.
    def hand(r: int) -> list[int]:
        s = [0, 0, 0, 0]
        s[(r + 1) % 4], s[(r + 2) % 4], s[(r + 3) % 4] = 13, 7, 6
        return s

    r = Result("medium", "easy", [s for _ in range(12) for rot in range(4) for s in hand(rot)])
    assert r.games() == (4, 4, 0)  # one game per rotation: 8 hands take seat r+1 to 104


def test_quantile_of_a_histogram():
    hist = [0] * 10
    hist[2], hist[5] = 50, 50
    assert quantile(hist, 0.5) == 2.5
    assert quantile(hist, 0.99) == 5.5


def test_pairing_option():
    assert parse_pairing("hard:medium") == ("hard", "medium")
    with pytest.raises(Exception, match="pairing"):
        parse_pairing("hard-medium")


def test_a_tiny_fixed_run(capsys):
    results, times = run([("medium", "easy"), ("shooter", "hard")], deals=4, seed=1, workers=1)
    for r in results:
        assert r.deals == 4 and len(r.hand_scores) == 16
        assert all(sum(s) in (26, 78) for s in r.hand_scores)
    assert sum(times["medium"]) > 0 and sum(times["hard"]) > 0
    tournament.report(results, times)
    out = capsys.readouterr().out
    assert "medium vs 3 easy" in out and "moon in" in out and "median" in out


def test_paired_change_is_the_mean_of_per_deal_differences():
    # Two deals: in b the tested seat takes all 26 of both, in a only of deal 1.
    took_all = [26 if seat == r else 0 for r in range(4) for seat in range(4)]
    took_none = [26 if seat == (r + 1) % 4 else 0 for r in range(4) for seat in range(4)]
    a = Result("opportunist", "hard", took_none + took_all)
    b = Result("medium", "hard", took_all + took_all)
    change, se = tournament.paired_change(a, b)
    per_a, per_b = a.per_deal(), b.per_deal()
    assert per_b == [-26.0, -26.0] and per_a[1] == -26.0 and per_a[0] > 0
    assert change == pytest.approx((per_a[0] - per_b[0]) / 2)
    assert se == pytest.approx(statistics.stdev([per_a[0] - per_b[0], 0.0]) / math.sqrt(2))


def test_the_opportunist_shoots_only_with_a_strong_hand_and_while_the_moon_is_on():
    from hearts.cards import parse_cards
    from tools import scripted

    from .positions import view

    strong = "AH KH QH 9H 5H AS KS AD KD 2C 3C 4C 5C"
    assert scripted.moon_hand(parse_cards(strong))
    assert not scripted.moon_hand(parse_cards("KH QH JH 9H 5H AS KS AD KD 2C 3C 4C 5C"))
    # Trick 1 played: 2♣ from our hand; we hold the rest and lead.
    tricks = ["0:2C 1:6C 2:7C 3:8C"]
    rest = "AH KH QH 9H 5H AS KS AD KD 3C 4C 5C"
    v = view(0, rest, tricks)
    assert scripted.opportunist_play(v) == scripted.shooter_play(v) == parse_cards("AS")[0]
    # Once another seat has a point the moon is off: it plays Medium again.
    off = view(0, rest, tricks, points=(0, 1, 0, 0))
    assert scripted.opportunist_play(off) == medium.choose_play(off) != parse_cards("AS")[0]
