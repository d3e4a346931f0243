"""The end-of-hand and end-of-game summary (R4, R33, R38): points and totals, no tricks."""

from __future__ import annotations

from typing import NamedTuple

from .. import i18n, rules
from ..enums import Phase, Result
from ..game import Game
from .faces import Texts


class SummaryRow(NamedTuple):
    name: str
    hand: int
    total: int
    you: bool
    lowest: bool
    place: int = 0  # at game over: 1-4, seats with the same total share a place


class Summary(NamedTuple):
    kind: Phase  # hand over or game over
    title: str
    result: Result | None  # at game over
    result_text: str  # at game over: who won with how many points ("CPU 3 wins with 25 points.")
    place_text: str  # and after a loss your place ("You finish 4th with 102 points."), else ""
    columns: tuple[str, ...]  # (place at game over,) seat, this hand, total
    rows: tuple[SummaryRow, ...]
    moon: str
    next_text: str
    button: str
    action: str  # "continue" | "new_game"
    menu: str  # at game over the next game's difficulty is chosen in the menu (R5)
    update_text: str  # between hands is the safe moment to take a new version
    update_button: str
    target_text: str = ""  # what ends the game (R4), between hands only
    winner_label: str = ""  # "winner", beside the rows in first place (screen readers too)


def summary_of(game: Game, t: Texts) -> Summary | None:
    """The summary the table shows once a hand is over; ``None`` during a hand."""
    phase = game.phase
    if phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
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
    result = game.result
    columns: tuple[str, ...] = (t("summary.seat"), t("summary.hand"), t("summary.total"))
    if result is not None:  # places 1-4, the winner first (R4, R35)
        rows = tuple(
            r._replace(place=1 + sum(1 for other in scores if other < r.total))
            for r in sorted(rows, key=lambda r: r.total)
        )
        columns = (t("over.place"), *columns)
    place_text = target_text = ""
    if result is None:
        title = t("summary.title", n=game.hand_number)
        result_text = ""
        next_text = t(f"next_dir.{rules.pass_direction(game.hand_number + 1)}")
        button, action = t("continue"), "continue"
        target_text = t("target", n=rules.GAME_END_SCORE)
    else:  # the rule that ended the game is not said again once it has
        title, next_text = t("over.title"), ""
        result_text, place_text = result_sentences(scores, t)
        button, action = t("new_game"), "new_game"
    return Summary(
        kind=phase,
        title=title,
        result=result,
        result_text=result_text,
        place_text=place_text,
        columns=columns,
        rows=rows,
        moon=moon,
        next_text=next_text,
        button=button,
        action=action,
        menu=t("menu"),
        update_text=t("update.ready"),
        update_button=t("update.apply"),
        target_text=target_text,
        winner_label=t("over.winner"),
    )


def result_sentences(scores: tuple[int, ...], t: Texts) -> tuple[str, str]:
    """Who won with how many points, read from your seat (R4), and after a loss your place
    and points: ("CPU 3 wins with 25 points.", "You finish 4th with 102 points.").  Seats
    with the same total share a place: "Draw: you finish first with 25 points, level with
    CPU 2.", "CPU 1 and CPU 2 share first place with 23 points each."."""
    lang = t.lang
    lowest, mine = min(scores), scores[0]
    first = [seat for seat in range(1, 4) if scores[seat] == lowest]
    points = i18n.with_points(lang, lowest)
    if mine == lowest:
        if not first:
            return t("over.win", points=points), ""
        return t("over.draw", points=points, seats=_names(first, t)), ""
    if len(first) == 1:
        winner = t("over.loss", seat=t.seat(first[0]), points=points)
    else:
        winner = t("over.losses", seats=_names(first, t), points=points)
    place = t(f"place.{1 + sum(1 for other in scores if other < mine)}")
    level = [seat for seat in range(1, 4) if scores[seat] == mine]
    mine_text = i18n.with_points(lang, mine)
    if level:
        return winner, t("over.placed_level", place=place, points=mine_text, seats=_names(level, t))
    return winner, t("over.placed", place=place, points=mine_text)


def _names(seats: list[int], t: Texts) -> str:
    return i18n.joined(t.lang, (t.seat(seat) for seat in seats))
