"""The live region's sentences for what an intent did (:mod:`hearts.web.events`).

The one place the page's events become words, in the player's language: a screen reader
hears each move, each trick taken, the exchange and the end of a hand with its totals.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import i18n, view
from ..game import Game
from .events import (
    CpuPlayed,
    Dealt,
    Event,
    Exchanged,
    HandOver,
    HeartsBroken,
    NewGame,
    PassFull,
    TrickTaken,
    YouPlayed,
)


def spoken(events: Iterable[Event], game: Game, lang: str) -> tuple[str, ...]:
    """What to announce, in order.  ``game`` is the game the events happened in, as it
    stands right after them (a hand's end is told with the summary it shows)."""
    said: list[str] = []
    for event in events:
        said += _sentences(event, game, lang)
    return tuple(said)


def _sentences(event: Event, game: Game, lang: str) -> list[str]:
    t = i18n.text
    if isinstance(event, YouPlayed):
        return [t(lang, "say.you_play", card=i18n.card_name(lang, event.card))]
    if isinstance(event, CpuPlayed):
        seat = i18n.seat_name(lang, event.seat)
        return [t(lang, "say.cpu_plays", seat=seat, card=i18n.card_name(lang, event.card))]
    if isinstance(event, TrickTaken):
        worth = i18n.points(lang, event.points)
        if event.seat == 0:
            return [t(lang, "say.you_take", points=worth)]
        return [t(lang, "say.cpu_takes", seat=i18n.seat_name(lang, event.seat), points=worth)]
    if isinstance(event, Exchanged):
        names = ", ".join(i18n.card_name(lang, card) for card in event.received)
        return [t(lang, "say.exchange", cards=names)]
    if isinstance(event, Dealt | HeartsBroken):
        return []  # the cards in your hand say it (a new game is told as such)
    if isinstance(event, PassFull):
        return [t(lang, "pass_full_said")]  # by mouse, finger or key alike
    if isinstance(event, NewGame):
        return [t(lang, "say.new_game", level=t(lang, f"level.{event.level}"))]
    if isinstance(event, HandOver):
        said = [t(lang, "say.hand_over", n=event.number)]
        summary = view.summary_of(game, view.Texts(lang))
        if summary is not None:
            said.append("; ".join(f"{r.name} {r.hand} / {r.total}" for r in summary.rows) + ".")
            said += [text for text in (summary.moon, summary.result_text) if text]
        return said
    raise TypeError(f"not an event: {event!r}")
