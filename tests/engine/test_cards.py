"""Card value type: text form, order, names (R2, R30)."""

import pytest

from hearts import DECK, Card, format_cards, parse_cards
from hearts.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS


def test_every_card_round_trips_through_its_text_form() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert f"{card}" == str(card) and len(str(card)) == 2


@pytest.mark.parametrize("text", ["", "Q", "QSX", "1S", "QX", "10H", "ZZ", " QS"])
def test_unknown_card_strings_are_refused_with_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="unknown card"):
        Card.parse(text)


def test_non_string_is_refused() -> None:
    with pytest.raises(ValueError):
        Card.parse(12)  # type: ignore[arg-type]


def test_display_order_is_suit_then_rank_with_alternating_colours() -> None:
    """R30: clubs, diamonds, spades, hearts, each low to high."""
    assert format_cards(sorted(parse_cards("AH 2S KD 3C TC QS 2H"))) == "3C TC KD 2S QS 2H AH"
    assert str(DECK[0]) == "2C" and str(DECK[-1]) == "AH"


def test_points_and_attributes() -> None:
    """R2: every heart 1, Q♠ 13, 26 in all."""
    assert sum(c.points for c in DECK) == 26
    assert QUEEN_OF_SPADES.points == 13 and Card.parse("KS").points == 0
    assert Card.parse("AH").rank == 14 and Card.parse("2C") is TWO_OF_CLUBS
