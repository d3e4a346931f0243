"""The view model: everything the table shows, as plain values built from the game.

Pure: no browser imports, no HTML.  Whether a card can be played comes only from the
engine's ``legal_plays`` (R18, R28); this module never re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import i18n, rules
from .cards import HEARTS, RANK_OF, SUIT_OF, SUITS, Card
from .game import Game

POSITIONS = ("bottom", "left", "top", "right")  # seat 0 you, 1 left, 2 across, 3 right (R1)


@dataclass(frozen=True, slots=True)
class CardFace:
    """How one card looks: text form, suit letter, rank, corner index, colour, name."""

    code: str
    suit: str
    rank: int
    index: str
    red: bool
    name: str


@dataclass(frozen=True, slots=True)
class HandCard:
    face: CardFace
    label: str  # accessible name: the card in words, plus "blocked"/"received" facts
    playable: bool  # a tap does something now
    blocked: bool  # the rules forbid it right now: it sinks, aria-disabled (R18, R29)
    inert: bool  # not your turn: taps do nothing, but nothing is blocked either
    selected: bool  # chosen for the pass
    lifted: bool  # first tap of the two (R17)
    received: bool  # came in this hand's exchange; marked until your first play


@dataclass(frozen=True, slots=True)
class Plate:
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


@dataclass(frozen=True, slots=True)
class TrickCard:
    seat: int
    position: str
    face: CardFace
    label: str
    winner: bool
    last: bool


@dataclass(frozen=True, slots=True)
class PassPanel:
    prompt: str
    count_text: str
    button: str
    enabled: bool
    direction: str


@dataclass(frozen=True, slots=True)
class SummaryRow:
    name: str
    hand: int
    total: int
    you: bool
    lowest: bool


@dataclass(frozen=True, slots=True)
class Summary:
    kind: str  # "hand_over" | "game_over"
    title: str
    result: str | None  # "win" | "draw" | "loss" at game over
    result_text: str
    rows: tuple[SummaryRow, ...]
    moon: str
    next_text: str
    button: str
    action: str  # "continue" | "new_game"


@dataclass(frozen=True, slots=True)
class TableView:
    lang: str
    phase: str
    hand_number: int
    hand_label: str
    direction: str
    direction_label: str
    level_label: str
    plates: tuple[Plate, ...]
    trick: tuple[TrickCard, ...]
    gathered: tuple[TrickCard, ...]  # the trick just gathered, flying to its winner (R20)
    gathered_to: str
    pass_panel: PassPanel | None
    prompt: str
    hand: tuple[HandCard, ...]
    summary: Summary | None


def face(card: Card, lang: str) -> CardFace:
    suit = SUIT_OF[card]
    return CardFace(
        code=str(card),
        suit=SUITS[suit],
        rank=RANK_OF[card],
        index=i18n.RANK_INDEX.get(lang, i18n.RANK_INDEX["en"])[RANK_OF[card] - 2],
        red=suit in (1, HEARTS),
        name=card.name(lang if lang in i18n.LANGS else "en"),
    )


def pass_target(direction: str) -> int:
    return rules.pass_target(0, direction)


def build(
    game: Game,
    lang: str,
    selection: Sequence[Card] = (),
    lifted: Card | None = None,
) -> TableView:
    """The whole table for ``game`` as seen from your seat."""
    t = _Texts(lang)
    phase = game.phase
    direction = game.pass_direction
    return TableView(
        lang=lang,
        phase=phase,
        hand_number=game.hand_number,
        hand_label=t("hand_no", n=game.hand_number),
        direction=direction,
        direction_label=t(f"passing.{direction}"),
        level_label=t("level_label", level=t(f"level.{game.level}")),
        plates=tuple(_plate(game, seat, t) for seat in range(4)),
        trick=_trick(game, t),
        gathered=_gathered(game, t),
        gathered_to=_gathered_to(game),
        pass_panel=_pass_panel(game, selection, t),
        prompt=_prompt(game, lifted, t),
        hand=_hand(game, selection, lifted, t),
        summary=_summary(game, t),
    )


class _Texts:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        return i18n.text(self.lang, key, **fields)

    def seat(self, seat: int) -> str:
        return i18n.seat_name(self.lang, seat)


def _plate(game: Game, seat: int, t: _Texts) -> Plate:
    status = ""
    if game.phase == "pass" and seat != 0:
        status = "passed" if game.has_passed(seat) else "choosing"
    elif game.phase == "play" and game.to_act == seat:
        status = "to_act"
    status_text = {
        "passed": t("seat.passed"),
        "choosing": t("seat.choosing"),
        "to_act": t("seat.to_act"),
    }.get(status, "")
    count = len(game.hand(seat))
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
    )


def _trick_cards(
    plays: Sequence[tuple[int, Card]], winner: int | None, t: _Texts
) -> tuple[TrickCard, ...]:
    cards = []
    for i, (seat, card) in enumerate(plays):
        f = face(card, t.lang)
        cards.append(
            TrickCard(
                seat=seat,
                position=POSITIONS[seat],
                face=f,
                label=f"{f.name}, {t('played_by', seat=t.seat(seat))}",
                winner=winner == seat,
                last=i == len(plays) - 1,
            )
        )
    return tuple(cards)


def _trick(game: Game, t: _Texts) -> tuple[TrickCard, ...]:
    plays = game.current_trick
    winner = rules.trick_winner(plays) if game.trick_waiting else None
    return _trick_cards(plays, winner, t)


def _just_gathered(game: Game) -> bool:
    return (
        game.phase == "play"
        and not game.current_trick
        and bool(game.tricks)
        and bool(game.actions)
        and game.actions[-1] == "G"
    )


def _gathered(game: Game, t: _Texts) -> tuple[TrickCard, ...]:
    if not _just_gathered(game):
        return ()
    return _trick_cards(game.tricks[-1], None, t)


def _gathered_to(game: Game) -> str:
    if not _just_gathered(game):
        return ""
    return POSITIONS[rules.trick_winner(game.tricks[-1])]


def _pass_panel(game: Game, selection: Sequence[Card], t: _Texts) -> PassPanel | None:
    if game.phase != "pass":
        return None
    direction = game.pass_direction
    n = len(selection)
    return PassPanel(
        prompt=t("pass_prompt", dir=t(f"dir.{direction}"), target=t.seat(pass_target(direction))),
        count_text=t("pass_count", n=n),
        button=t(f"pass_button.{direction}"),
        enabled=n == 3 and not game.has_passed(0),  # R7: 2 cards are not a pass
        direction=direction,
    )


def _prompt(game: Game, lifted: Card | None, t: _Texts) -> str:
    if game.phase != "play":
        return ""
    if game.trick_waiting:
        winner = rules.trick_winner(game.current_trick)
        return t("you_take_trick") if winner == 0 else t("trick_taken_by", seat=t.seat(winner))
    if game.to_act == 0:
        return t("your_turn_lifted") if lifted is not None else t("your_turn")
    if game.to_act is not None:
        return t("waiting_for", seat=t.seat(game.to_act))
    return ""


def received_marks(game: Game) -> frozenset[Card]:
    """The cards you received, until your first play of the hand."""
    if game.phase != "play" or game.has_played(0):
        return frozenset()
    return frozenset(game.received(0))


def _hand(
    game: Game, selection: Sequence[Card], lifted: Card | None, t: _Texts
) -> tuple[HandCard, ...]:
    phase = game.phase
    chosen = set(selection)
    received = received_marks(game)
    my_turn = phase == "play" and game.to_act == 0
    legal = set(game.legal_plays(0)) if my_turn else set()
    choosing = phase == "pass" and not game.has_passed(0)
    cards = []
    for card in game.hand(0):
        f = face(card, t.lang)
        blocked = my_turn and card not in legal
        playable = choosing or (my_turn and card in legal)
        facts = [f.name]
        if blocked:
            facts.append(t("blocked"))
        if card in received:
            facts.append(t("received"))
        cards.append(
            HandCard(
                face=f,
                label=", ".join(facts),
                playable=playable,
                blocked=blocked,
                inert=not playable and not blocked,
                selected=choosing and card in chosen,
                lifted=my_turn and card == lifted,
                received=card in received,
            )
        )
    return tuple(cards)


def _summary(game: Game, t: _Texts) -> Summary | None:
    phase = game.phase
    if phase not in ("hand_over", "game_over"):
        return None
    scores = game.scores
    lowest = min(scores)
    rows = tuple(
        SummaryRow(
            name=t.seat(seat),
            hand=game.hand_points[seat],
            total=scores[seat],
            you=seat == 0,
            lowest=scores[seat] == lowest,
        )
        for seat in range(4)
    )
    shooter = game.moon_shooter
    moon = ""
    if shooter is not None:
        moon = t("moon.you") if shooter == 0 else t("moon.cpu", seat=t.seat(shooter))
    if phase == "hand_over":
        return Summary(
            kind="hand_over",
            title=t("summary.title", n=game.hand_number),
            result=None,
            result_text="",
            rows=rows,
            moon=moon,
            next_text=t(f"next_dir.{rules.pass_direction(game.hand_number + 1)}"),
            button=t("continue"),
            action="continue",
        )
    result = game.result or "loss"
    if result == "loss":
        below = next(seat for seat in range(1, 4) if scores[seat] == lowest)
        result_text = t("over.loss", seat=t.seat(below))
    else:
        result_text = t(f"over.{result}")
    return Summary(
        kind="game_over",
        title=t("over.title"),
        result=result,
        result_text=result_text,
        rows=rows,
        moon=moon,
        next_text="",
        button=t("new_game"),
        action="new_game",
    )
