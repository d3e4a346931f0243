"""The table's view model: hand, plates, trick, pass panel, prompt, as seen from your seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import i18n, rules
from ..cards import Card
from ..enums import Direction, Phase
from ..game import Game
from .faces import POSITIONS, CardFace, Texts, face
from .summary import Summary, summary_of


class HandCard(NamedTuple):
    face: CardFace
    label: str  # accessible name: the card in words, plus "blocked"/"received" facts
    playable: bool  # a tap does something now
    blocked: bool  # the rules forbid it right now: it sinks, aria-disabled (R18, R29)
    inert: bool  # not your turn: taps do nothing, but nothing is blocked either
    selected: bool  # chosen for the pass
    lifted: bool  # first tap of the two (R17)
    received: bool  # came in this hand's exchange; marked until your first play
    row: int = 0  # 0 or 1: where a phone's two rows put it for the whole hand (:func:`rows`)


class Plate(NamedTuple):
    seat: int
    position: str
    name: str
    score: int
    hand_points: int
    cards: int
    cards_text: str
    score_text: str
    status: str  # "", "passed", "choosing", "to_act"
    status_text: str
    tricks: int = 0  # taken this hand: the face-down pile in front of the seat
    pile_label: str = ""  # "CPU 1, 3 tricks": a fact, for screen readers


class TrickCard(NamedTuple):
    seat: int
    position: str
    face: CardFace
    label: str
    winner: bool


class PassPanel(NamedTuple):
    prompt: str
    count_text: str
    button: str
    enabled: bool
    direction: Direction
    full: bool = False  # a fourth card was chosen: count_text says what to do instead
    nudge: int = 0  # how many times: each one pulses the count anew
    count_touch: str = ""  # when full: count_text's words for a finger ("tap", not "click")


class TableView(NamedTuple):
    lang: str
    phase: Phase
    hand_number: int
    hand_label: str
    direction: Direction
    passing_label: str  # "Pass:" ("" with no passing): its own span, a phone hides it from sight
    direction_label: str  # "left", or "No passing"
    level_label: str
    target_label: str  # "Game to 100": what ends the game, always in view (R4)
    plates: tuple[Plate, ...]
    trick: tuple[TrickCard, ...]
    pass_panel: PassPanel | None
    prompt: str
    hand: tuple[HandCard, ...]
    summary: Summary | None
    received_note: str = ""  # "You received 7♣ Q♥ 2♦ from CPU 3.", until your first play


# A seat's status badge -> its text's key.
STATUS_TEXTS = {"passed": "seat.passed", "choosing": "seat.choosing", "to_act": "seat.to_act"}


def hand_card_label(t: Texts, name: str, blocked: bool, received: bool) -> str:
    """A card of your hand for screen readers: its name, and "blocked", "received"."""
    facts = [name, *([t("blocked")] if blocked else []), *([t("received")] if received else [])]
    return ", ".join(facts)


def trick_card_label(t: Texts, name: str, seat: int) -> str:
    """A card on the table for screen readers: its name and who played it."""
    return f"{name}, {t.played_by(seat)}"


def pass_target(direction: Direction) -> int:
    return rules.pass_target(0, direction)


def build(
    game: Game,
    lang: str,
    selection: Sequence[Card] = (),
    lifted: Card | None = None,
    refused: int = 0,
) -> TableView:
    """The whole table for ``game`` as seen from your seat; ``refused``: fourth cards
    tapped since the pass selection last changed (the controller's count)."""
    t = Texts(lang)
    phase = game.phase
    direction = game.pass_direction
    return TableView(
        lang=lang,
        phase=phase,
        hand_number=game.hand_number,
        hand_label=t("hand_no", n=game.hand_number),
        direction=direction,
        passing_label="" if direction == Direction.HOLD else t("passing.label"),
        direction_label=t(f"passing.{direction}"),
        level_label=t("level_label", level=t(f"level.{game.level}")),
        target_label=t("target_short", n=rules.GAME_END_SCORE),
        plates=tuple(_plate(game, seat, t) for seat in range(4)),
        trick=_trick(game, t),
        pass_panel=_pass_panel(game, selection, refused, t),
        prompt=_prompt(game, lifted, t),
        hand=_hand(game, selection, lifted, t),
        summary=summary_of(game, t),
        received_note=_received_note(game, t),
    )


def neutral_plates(lang: str) -> tuple[Plate, ...]:
    """The plates before any game is known: every seat at 0 points with 13 cards."""
    t = Texts(lang)
    return tuple(
        Plate(
            seat=seat,
            position=POSITIONS[seat],
            name=t.seat(seat),
            score=0,
            hand_points=0,
            cards=13,
            cards_text=i18n.cards(lang, 13),
            score_text=i18n.points(lang, 0),
            status="",
            status_text="",
        )
        for seat in range(4)
    )


def _plate(game: Game, seat: int, t: Texts) -> Plate:
    status = ""
    if game.phase == Phase.PASS and seat != 0:
        status = "passed" if game.has_passed(seat) else "choosing"
    elif game.phase == Phase.PLAY and game.to_act == seat:
        status = "to_act"
    status_text = t(STATUS_TEXTS[status]) if status else ""
    count = len(game.hand(seat))
    taken = sum(1 for trick in game.tricks if rules.trick_winner(trick) == seat)
    tricks = i18n.tricks(t.lang, taken)
    if seat == 0:
        pile = t("pile_you", tricks=tricks)
    else:
        pile = t("pile", seat=t.seat(seat), tricks=tricks)
    return Plate(
        seat=seat,
        position=POSITIONS[seat],
        name=t.seat(seat),
        score=game.scores[seat],
        hand_points=game.hand_points[seat],
        cards=count,
        cards_text=i18n.cards(t.lang, count),
        score_text=i18n.points(t.lang, game.scores[seat]),
        status=status,
        status_text=status_text,
        tricks=taken,
        pile_label=pile,
    )


def _trick_cards(
    plays: Sequence[tuple[int, Card]], winner: int | None, t: Texts
) -> tuple[TrickCard, ...]:
    cards = []
    for seat, card in plays:
        f = face(card, t.lang)
        cards.append(
            TrickCard(
                seat=seat,
                position=POSITIONS[seat],
                face=f,
                label=trick_card_label(t, f.name, seat),
                winner=winner == seat,
            )
        )
    return tuple(cards)


def _trick(game: Game, t: Texts) -> tuple[TrickCard, ...]:
    plays = game.current_trick
    winner = rules.trick_winner(plays) if game.trick_waiting else None
    return _trick_cards(plays, winner, t)


def _pass_panel(game: Game, selection: Sequence[Card], refused: int, t: Texts) -> PassPanel | None:
    if game.phase != Phase.PASS:
        return None
    direction = game.pass_direction
    n = len(selection)
    full = n == 3 and refused > 0
    return PassPanel(
        prompt=t("pass_prompt", dir=t(f"dir.{direction}"), target=t.seat(pass_target(direction))),
        count_text=t("pass_full") if full else t("pass_count", n=n),
        button=t(f"pass_button.{direction}"),
        enabled=n == 3 and not game.has_passed(0),  # R7: 2 cards are not a pass
        direction=direction,
        full=full,
        nudge=refused if full else 0,
        count_touch=t("pass_full_tap") if full else "",
    )


def _prompt(game: Game, lifted: Card | None, t: Texts) -> str:
    if game.phase != Phase.PLAY:
        return ""
    if game.trick_waiting:
        winner = rules.trick_winner(game.current_trick)
        return t("you_take_trick") if winner == 0 else t("trick_taken_by", seat=t.seat(winner))
    if game.to_act == 0:
        return t("your_turn_lifted") if lifted is not None else t("your_turn")
    if game.to_act is not None:
        return t("waiting_for", seat=t.seat(game.to_act))
    return ""


def _received_note(game: Game, t: Texts) -> str:
    """The cards you received and who gave them, named once while they are marked (U14)."""
    received = [card for card in game.hand(0) if card in received_marks(game)]
    if not received:
        return ""
    direction = game.pass_direction
    giver = next(seat for seat in range(1, 4) if rules.pass_target(seat, direction) == 0)
    return received_text(t, received, giver)


def received_text(t: Texts, received: Sequence[Card], giver: int) -> str:
    """The note "You received 7♣ Q♥ 2♦ from CPU 3." (hearts/web/phrases.py makes its words)."""
    cards = " ".join(i18n.card_short(t.lang, card) for card in received)
    return t("received_from", cards=cards, seat=t.seat(giver))


def received_marks(game: Game) -> frozenset[Card]:
    """The cards you received, until your first play of the hand."""
    if game.phase != Phase.PLAY or game.has_played(0):
        return frozenset()
    return frozenset(game.received(0))


def hand_as_begun(game: Game) -> tuple[Card, ...]:
    """Your hand as it stood when this hand's play began (as dealt while passing): what you
    hold now and what you have played of it, in display order (R30)."""
    played = [card for trick in (*game.tricks, game.current_trick) for s, card in trick if s == 0]
    return tuple(sorted((*game.hand(0), *played)))


def rows(game: Game) -> dict[Card, int]:
    """Each card of your hand by its row on a phone (0 above, 1 below): the first half of the
    hand as it began goes above (7 of 13), the rest below.  A function of that hand alone, so
    a card never changes row while the hand is played, and a reload shows the same rows."""
    begun = hand_as_begun(game)
    return {card: row_of(i, len(begun)) for i, card in enumerate(begun)}


def row_of(index: int, count: int) -> int:
    """The phone row of the ``index``-th card of a hand of ``count`` (the longer row above)."""
    return 0 if index < (count + 1) // 2 else 1


def _hand(
    game: Game, selection: Sequence[Card], lifted: Card | None, t: Texts
) -> tuple[HandCard, ...]:
    phase = game.phase
    chosen = set(selection)
    received = received_marks(game)
    row = rows(game)
    my_turn = phase == Phase.PLAY and game.to_act == 0
    legal = set(game.legal_plays(0)) if my_turn else set()
    choosing = phase == Phase.PASS and not game.has_passed(0)
    cards = []
    for card in game.hand(0):
        f = face(card, t.lang)
        blocked = my_turn and card not in legal
        playable = choosing or (my_turn and card in legal)
        cards.append(
            HandCard(
                face=f,
                label=hand_card_label(t, f.name, blocked, card in received),
                playable=playable,
                blocked=blocked,
                inert=not playable and not blocked,
                selected=choosing and card in chosen,
                lifted=my_turn and card == lifted,
                received=card in received,
                row=row[card],
            )
        )
    return tuple(cards)
