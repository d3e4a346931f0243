"""The HTML of the table's regions: your hand, the centre (pass panel or trick), the plates
and the status bar, each built in one piece from the view model."""

from __future__ import annotations

from collections.abc import Sequence

from ...enums import Direction, Phase
from ...view import HandCard, Plate, TableView, row_of
from .card_html import RECEIVED_BADGE, escape, hand_card, trick_card
from .words import unbroken

ARROWS = {Direction.LEFT: "←", Direction.RIGHT: "→", Direction.ACROSS: "↑", Direction.HOLD: "•"}
STATUS_ICONS = {"passed": "✓ "}  # before a seat's status text


def hand(cards: Sequence[HandCard], focus_code: str | None) -> str:
    """Your 13 (or fewer) cards as buttons; exactly one has tabindex 0 (roving focus).

    The tab stop stays on ``focus_code`` unless that card is blocked while another can be
    played: your turn never starts with the focus on a card the rules forbid.
    """
    codes = [c.face.code for c in cards]
    usable = {c.face.code for c in cards if not c.blocked}
    if focus_code not in codes or (focus_code not in usable and usable):
        focus_code = next(
            (c.face.code for c in cards if c.lifted),
            next((c.face.code for c in cards if c.playable), codes[0] if codes else None),
        )
    return "".join(hand_card(c, c.face.code == focus_code) for c in cards)


def facedown_hand(count: int) -> str:
    """Your hand before the game is loaded: face-down cards, not buttons (nothing to tap),
    in the rows a dealt hand of ``count`` cards has."""
    return "".join(
        f'<span class="card hcard facedown row{row_of(i, count)}" aria-hidden="true"></span>'
        for i in range(count)
    )


def hand_class(cards: Sequence[HandCard]) -> str:
    """How many cards, and how many in each of a phone's two rows (its CSS spreads each row
    by its own count: static/css/hearts/80-small-screens.css)."""
    return _hand_class([c.row for c in cards])


def facedown_hand_class(count: int) -> str:
    """:func:`hand_class` of :func:`facedown_hand` (index.html, static/boot.js)."""
    return _hand_class([row_of(i, count) for i in range(count)])


def _hand_class(rows: Sequence[int]) -> str:
    below = sum(rows)
    return f"hand n{len(rows)} row0-{len(rows) - below} row1-{below}"


def center(v: TableView) -> str:
    """The middle of the felt: the pass panel, or the trick (and the one just gathered)."""
    panel = v.pass_panel
    if panel is not None:
        disabled = "" if panel.enabled else " disabled"
        # Each refused fourth card pulses the count anew: the class alternates (a CSS
        # animation restarts when its name changes).
        full = f" full nudge-{panel.nudge % 2}" if panel.full else ""
        return (
            f'<div class="pass-panel dir-{escape(panel.direction)}">'
            f'<p class="pass-prompt">{unbroken(panel.prompt)}</p>'
            f'<p class="pass-count{full}">{_by_pointer(panel.count_text, panel.count_touch)}</p>'
            f'<button type="button" class="btn primary pass-btn" data-intent="confirm-pass"'
            f"{disabled}>"
            f'<span class="arrow" aria-hidden="true">{ARROWS[panel.direction]}</span> '
            f"{escape(panel.button)}</button></div>"
        )
    return f'<div class="trick">{"".join(trick_card(c) for c in v.trick)}</div>'


def _by_pointer(mouse: str, touch: str) -> str:
    """``mouse``, or with ``touch`` beside it the words of each pointer, of which the
    stylesheet shows (and so lets a screen reader read) the primary pointer's: a desktop
    says "click" where a phone says "tap" (static/css/hearts/52-pointer-words.css)."""
    if not touch:
        return escape(mouse)
    by_mouse = f'<span class="by-mouse">{escape(mouse)}</span>'
    return f'{by_mouse}<span class="by-touch">{escape(touch)}</span>'


def prompt(v: TableView) -> str:
    """The line over your hand: the cards you received (until your first play), then
    whose turn it is."""
    note = ""
    if v.received_note:
        star = f'<span class="star" aria-hidden="true">{RECEIVED_BADGE}</span> '  # as marked
        note = f'<span class="received-note">{star}{unbroken(v.received_note)}</span> '
    return note + unbroken(v.prompt)


def plate(p: Plate) -> str:
    status = ""
    if p.status:
        icon = STATUS_ICONS.get(p.status, "")
        status = f'<p class="seat-status st-{p.status}">{icon}{escape(p.status_text)}</p>'
    elif p.seat != 0:  # the line kept free: a badge coming or going never moves the table
        status = '<p class="seat-status st-idle" aria-hidden="true">&#160;</p>'
    meta = escape(p.cards_text) if p.seat != 0 else ""
    fan = ""
    if p.seat != 0:
        fan = (
            f'<div class="backs n{p.cards}" aria-hidden="true">'
            + '<span class="back"></span>' * p.cards
            + "</div>"
        )
    return (
        f'<div class="plate{" active" if p.status == "to_act" else ""}">'
        f'<h2 class="seat-name">{escape(p.name)}</h2>'
        f'<p class="seat-score"><span class="num">{p.score}</span> '
        f'<span class="unit">{escape(score_unit(p.score_text, p.score))}</span></p>'
        + (f'<p class="seat-meta">{meta}</p>' if meta else "")
        + status
        + "</div>"
        + fan
        + pile(p)
    )


def pile(p: Plate) -> str:
    """The tricks a seat has taken this hand, face down in front of it: a count, no cards
    (R38: what fell is not shown again)."""
    if not p.tricks:
        return ""
    stack = '<span class="back"></span>' * min(p.tricks, 3)
    return (
        f'<div class="pile" role="img" aria-label="{escape(p.pile_label)}">'
        f'<span class="pile-stack" aria-hidden="true">{stack}</span>'
        f'<span class="pile-count" aria-hidden="true">{p.tricks}</span></div>'
    )


def score_unit(score_text: str, score: int) -> str:
    """The unit of a score text ("points" of "12 points"): the number is drawn large."""
    return score_text.replace(str(score), "", 1).strip()


def status_bar(v: TableView) -> str:
    """Hand, pass direction (emphasised only while passing), level and the game's target."""
    now = " now" if v.phase == Phase.PASS else ""
    # "Pass:" in a span of its own: a phone's top bar hides it from sight (not from a screen
    # reader), so this hand's facts stay on one row (static/css/hearts/10-layout.css, .dir-what).
    what = f'<span class="dir-what">{escape(v.passing_label)}</span> ' if v.passing_label else ""
    return (
        f'<span class="hand-no">{escape(v.hand_label)}</span>'
        f'<span class="dir dir-{escape(v.direction)}{now}"><span class="arrow" aria-hidden="true">'
        f"{ARROWS[v.direction]}</span> {what}{escape(v.direction_label)}</span>"
        f'<span class="level">{escape(v.level_label)}</span>'
        f'<span class="goal">{escape(v.target_label)}</span>'
    )
