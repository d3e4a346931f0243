"""The end-of-hand and end-of-game summary (R4, R33, R38): points and totals, no tricks."""

from __future__ import annotations

from typing import NamedTuple

from .. import rules
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
    result_text: str
    columns: tuple[str, ...]  # (place at game over,) seat, this hand, total
    rows: tuple[SummaryRow, ...]
    moon: str
    next_text: str
    button: str
    action: str  # "continue" | "new_game"
    menu: str  # at game over the next game's difficulty is chosen in the menu (R5)
    update_text: str  # between hands is the safe moment to take a new version
    update_button: str
    target_text: str = ""  # what ends the game (R4)
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
    if result is None:
        title = t("summary.title", n=game.hand_number)
        result_text = ""
        next_text = t(f"next_dir.{rules.pass_direction(game.hand_number + 1)}")
        button, action = t("continue"), "continue"
    else:
        title, next_text = t("over.title"), ""
        tied = [t.seat(seat) for seat in range(1, 4) if scores[seat] == lowest]
        if result == Result.LOSS:
            result_text = t("over.loss", seat=tied[0])
        elif result == Result.DRAW:
            result_text = t("over.draw", seats=", ".join(tied))
        else:
            result_text = t(f"over.{result}")
        button, action = t("new_game"), "new_game"
    return Summary(
        kind=phase,
        title=title,
        result=result,
        result_text=result_text,
        columns=columns,
        rows=rows,
        moon=moon,
        next_text=next_text,
        button=button,
        action=action,
        menu=t("menu"),
        update_text=t("update.ready"),
        update_button=t("update.apply"),
        target_text=t("target", n=rules.GAME_END_SCORE),
        winner_label=t("over.winner"),
    )
