"""Helpers for scripted deals written as card strings."""

from __future__ import annotations

from hearts import DECK, Game, parse_cards
from hearts.driver import drive, hand_done


def make_deal(**hands: str) -> list[str]:
    """Four hands from ``s0="2C 3C …"``-style keywords; unnamed seats share the rest in order."""
    given = {int(key[1:]): parse_cards(text) for key, text in hands.items()}
    used = {card for cards in given.values() for card in cards}
    rest = [card for card in DECK if card not in used]
    result = []
    for seat in range(4):
        if seat in given:
            result.append(" ".join(str(c) for c in given[seat]))
        else:
            take, rest = rest[:13], rest[13:]
            result.append(" ".join(str(c) for c in take))
    return result


def hold_game(scores: tuple[int, int, int, int] = (0, 0, 0, 0), **hands: str) -> Game:
    """A game in a hold hand (hand 4: no passing) with the given deal; play starts at once."""
    return Game.from_deal(make_deal(**hands), hand_number=4, scores=scores)


def play_trick(game: Game, *cards: str | None) -> int:
    """Play the given cards in turn order (``None``: the first legal card), then gather."""
    for card in cards:
        seat = game.to_act
        assert seat is not None
        game.play(seat, card if card is not None else game.legal_plays(seat)[0])
    return game.gather_trick()


def play_out(game: Game) -> None:
    """Finish the current hand, every seat playing its first legal card."""
    drive(game, until=hand_done)
