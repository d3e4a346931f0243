"""View models of the dialogs: menu, new game, statistics, help, notices, other tab.

Like the table's view model, each is plain values with every text in the chosen language,
built from the game, the settings and the statistics; the HTML is made from these alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .. import i18n
from ..enums import LEVELS, Level
from ..stats import Stats
from .faces import Texts


class Choice(NamedTuple):
    """One option of a group (a language button, a difficulty radio)."""

    value: str
    label: str
    chosen: bool


class Chrome(NamedTuple):
    """The labels outside the regions: menu button and landmarks."""

    lang: str
    menu: str
    your_hand: str
    table: str
    trick: str


class MenuView(NamedTuple):
    title: str
    new_game: str
    stats: str
    help: str
    language: str
    langs: tuple[Choice, ...]
    options: str
    switches: tuple[Choice, ...]  # value: the switch's action (U10, U11)
    close: str


class NewGameView(NamedTuple):
    title: str
    legend: str
    levels: tuple[Choice, ...]
    applies: str
    current: str  # the level the game in progress keeps (R5); "" when none is in progress
    confirming: bool  # ask before abandoning a game in progress (R37)
    confirm: str
    abandon: str
    keep: str
    start: str
    close: str


class StatsRow(NamedTuple):
    label: str
    played: int
    won: int
    lost: int
    drawn: int
    bar_label: str = ""  # its bar for screen readers: "Medium: 3 wins, 1 draw, 2 losses"


class StatsView(NamedTuple):
    title: str
    level_heading: str
    columns: tuple[str, str, str, str]
    rows: tuple[StatsRow, ...]
    results: str  # the heading of the row of bars
    time_text: str
    confirming: bool  # ask before resetting
    reset: str
    confirm: str
    reset_yes: str
    cancel: str
    close: str


class HelpView(NamedTuple):
    title: str
    rules_title: str
    rules: tuple[str, ...]
    controls: str
    fair: str  # the CPU seats see only their own cards and what was played (U12, R23)
    tips_title: str
    tips: tuple[str, ...]
    close: str


class NoticesView(NamedTuple):
    messages: tuple[str, ...]
    dismiss: str


class TabView(NamedTuple):
    """The game is open in another tab: say so and offer to play here."""

    title: str
    message: str
    take_over: str


def chrome(lang: str) -> Chrome:
    t = Texts(lang)
    return Chrome(lang, t("menu"), t("your_hand"), t("table"), t("trick"))


def menu(lang: str, four_colour: bool = False, sound: bool = False) -> MenuView:
    t = Texts(lang)
    langs = tuple(Choice(code, t(f"lang.{code}"), code == lang) for code in i18n.LANGS)
    switches = (
        Choice("four-colour", t("menu.four_colour"), four_colour),
        Choice("sound", t("menu.sound"), sound),
    )
    return MenuView(
        title=t("menu.title"),
        new_game=t("menu.new_game"),
        stats=t("menu.stats"),
        help=t("menu.help"),
        language=t("menu.language"),
        langs=langs,
        options=t("menu.options"),
        switches=switches,
        close=t("close"),
    )


def new_game(
    lang: str, next_level: Level, current_level: Level | None, confirming: bool
) -> NewGameView:
    t = Texts(lang)
    levels = tuple(Choice(lvl, t(f"level.{lvl}"), lvl == next_level) for lvl in LEVELS)
    current = ""
    if current_level is not None:
        current = t("newgame.current", level=t(f"level.{current_level}"))
    return NewGameView(
        title=t("newgame.title"),
        legend=t("newgame.level"),
        levels=levels,
        applies=t("newgame.applies"),
        current=current,
        confirming=confirming,
        confirm=t("newgame.confirm"),
        abandon=t("newgame.abandon"),
        keep=t("newgame.keep"),
        start=t("newgame.start"),
        close=t("close"),
    )


def stats(lang: str, s: Stats, confirming: bool) -> StatsView:
    """Per difficulty: played, won, lost, drawn, and a bar of the finished games' results;
    the total playing time (R36: no streak, no best)."""
    t = Texts(lang)
    rows = tuple(
        StatsRow(
            t(f"level.{lvl}"),
            counts.played,
            counts.won,
            counts.lost,
            counts.drawn,
            t(
                "stats.bar",
                level=t(f"level.{lvl}"),
                won=i18n.counted(lang, "wins", counts.won),
                drawn=i18n.counted(lang, "draws", counts.drawn),
                lost=i18n.counted(lang, "losses", counts.lost),
            ),
        )
        for lvl, counts in ((lvl, s.level(lvl)) for lvl in LEVELS)
    )
    return StatsView(
        title=t("stats.title"),
        level_heading=t("stats.level"),
        columns=(t("stats.played"), t("stats.won"), t("stats.lost"), t("stats.drawn")),
        rows=rows,
        results=t("stats.results"),
        time_text=t("stats.time", time=i18n.duration(lang, s.time_ms)),
        confirming=confirming,
        reset=t("stats.reset"),
        confirm=t("stats.confirm"),
        reset_yes=t("stats.reset_yes"),
        cancel=t("cancel"),
        close=t("close"),
    )


def help_view(lang: str) -> HelpView:
    t = Texts(lang)
    return HelpView(
        title=t("help.title"),
        rules_title=t("help.rules_title"),
        rules=tuple(i18n.paragraphs(lang, "help.rules")),
        controls=t("help.controls"),
        fair=t("help.fair"),
        tips_title=t("help.tips_title"),
        tips=tuple(i18n.paragraphs(lang, "help.tips")),
        close=t("close"),
    )


def notices(lang: str, keys: Sequence[str]) -> NoticesView:
    t = Texts(lang)
    return NoticesView(tuple(t(key) for key in keys), t("dismiss"))


def other_tab(lang: str, taken: bool) -> TabView:
    """``taken``: another tab took the game over; otherwise it had it when this one opened."""
    t = Texts(lang)
    return TabView(t("tab.title"), t("tab.taken" if taken else "tab.elsewhere"), t("tab.take_over"))
