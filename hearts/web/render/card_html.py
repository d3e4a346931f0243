"""The HTML of a card: its face (corner indices, pips or court), in your hand or on the table.

No ``style=`` attributes anywhere: the CSP (netlify.toml) has no 'unsafe-inline' for
styles, so every look is a class in static/css/hearts/.  All text is escaped.
"""

from __future__ import annotations

from functools import lru_cache

from ...view import CardFace, HandCard, TrickCard
from ..names import Card

# Pip positions of the number cards: (column, row) on a 3 × 13 grid, rows 0…12 (R30 look).
_SIDES = (("l", 0), ("r", 0), ("l", 12), ("r", 12))
PIPS: dict[int, tuple[tuple[str, int], ...]] = {
    2: (("c", 0), ("c", 12)),
    3: (("c", 0), ("c", 6), ("c", 12)),
    4: _SIDES,
    5: (*_SIDES, ("c", 6)),
    6: (*_SIDES, ("l", 6), ("r", 6)),
    7: (*_SIDES, ("l", 6), ("r", 6), ("c", 3)),
    8: (*_SIDES, ("l", 6), ("r", 6), ("c", 3), ("c", 9)),
    9: (*_SIDES, ("l", 4), ("r", 4), ("l", 8), ("r", 8), ("c", 6)),
    10: (*_SIDES, ("l", 4), ("r", 4), ("l", 8), ("r", 8), ("c", 2), ("c", 10)),
}


RECEIVED_BADGE = "★"  # on a card you received, until your first play

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def escape(value: object) -> str:
    """``value`` as HTML text or attribute value: html.escape(quote=True), without importing
    the html package (its entity table costs ~50 ms at start-up in the browser)."""
    text = str(value)
    for char, entity in _ESCAPES:
        text = text.replace(char, entity)
    return text


def suit_svg(suit: str, cls: str = "pip") -> str:
    return f'<svg class="{cls}" focusable="false"><use href="#s-{suit}"></use></svg>'


@lru_cache(maxsize=512)  # 52 cards × 2 languages: built once, reused on every draw
def card_face(f: CardFace) -> str:
    """The inside of a card: two corner indices and the centre (pips, court or ace)."""
    corner = f'<b class="rk">{escape(f.rank_text)}</b>{suit_svg(f.suit, "pip ix")}'
    if f.rank in PIPS:
        pips = "".join(
            f'<span class="p px-{x} py-{y}{" flip" if y > 6 else ""}">{suit_svg(f.suit)}</span>'
            for x, y in PIPS[f.rank]
        )
        middle = f'<span class="pips">{pips}</span>'
    elif f.rank == 14:
        middle = f'<span class="ace">{suit_svg(f.suit)}</span>'
    else:
        middle = court(f)
    return f'<span class="corner tl">{corner}</span>{middle}<span class="corner br">{corner}</span>'


def court(f: CardFace) -> str:
    """A court card's centre: the figure of the English-pattern deck (a background of
    the stylesheet, from the sprite scripts/build_courts.mjs builds: decorative, loaded
    without holding up a paint) and the suit in its frame, drawn in the suit's colour."""
    code = f"{_COURT_RANKS[f.rank]}{f.suit}"
    return (
        f'<span class="court fig-{code}">'
        f"{suit_svg(f.suit, 'pip cp')}{suit_svg(f.suit, 'pip cp2')}</span>"
    )


# The figure's name by rank, whatever the language's letters (B/D/K, J/Q/K).
_COURT_RANKS = {11: "J", 12: "Q", 13: "K"}


def _colour(f: CardFace) -> str:
    return "red" if f.red else "black"


def hand_card(card: HandCard, focus: bool) -> str:
    f = card.face
    classes = ["card", "hcard", _colour(f), f"s-{f.suit}", f"row{card.row}"]
    attrs = [f'data-card="{escape(f.code)}"', f'aria-label="{escape(card.label)}"']
    if card.blocked:
        classes.append(Card.blocked)
    if card.lifted:
        classes.append(Card.lifted)
    if card.selected:
        classes.append(Card.selected)
    if card.received:
        classes.append("received")
    if card.blocked or card.inert:
        attrs.append('aria-disabled="true"')
    if card.playable:
        attrs.append(f'aria-pressed="{"true" if card.selected or card.lifted else "false"}"')
    attrs.append(f'tabindex="{0 if focus else -1}"')
    badge = f'<span class="rcv" aria-hidden="true">{RECEIVED_BADGE}</span>' if card.received else ""
    return (
        f'<button type="button" class="{" ".join(classes)}" {" ".join(attrs)}>'
        f'<span class="face" aria-hidden="true">{card_face(f)}</span>{badge}</button>'
    )


def trick_card(card: TrickCard) -> str:
    """A card on the table; static/motion.mjs finds it by ``data-card`` to fly it in from
    where the motion plan says it came (``data-seat``: who played it, for the tests)."""
    classes = ["card", "tcard", _colour(card.face), f"s-{card.face.suit}", f"at-{card.position}"]
    if card.winner:
        classes.append(Card.winner)
    return (
        f'<div class="{" ".join(classes)}" data-card="{escape(card.face.code)}" '
        f'data-seat="{card.seat}" role="img" aria-label="{escape(card.label)}">'
        f'<span class="face" aria-hidden="true">{card_face(card.face)}</span></div>'
    )
