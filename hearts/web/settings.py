"""The settings record (``records.SETTINGS_KEY``): the language, the next game's
difficulty (R5), the four-colour deck (U11) and sound (U10), with its own kind and version
like every record.  A record written before the deck and sound switches existed has
neither field: it reads as both off (the defaults)."""

from __future__ import annotations

from typing import NamedTuple

from ..enums import LEVELS, Level
from ..errors import SaveError
from ..i18n import LANGS
from ..sealed import open_record, seal

SETTINGS_KIND = "hearts-settings"
SETTINGS_VERSION = 1


class Settings(NamedTuple):
    lang: str | None = None  # None: follow the browser
    level: Level = Level.MEDIUM  # difficulty of the next game (R5)
    four_colour: bool = False  # clubs green, diamonds blue (U11)
    sound: bool = False  # card sounds and cues (U10): off until the player turns them on

    def with_lang(self, lang: str) -> Settings:
        """The player's choice of language; ``ValueError`` for one the game does not speak."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        return self._replace(lang=lang)


FIELDS = {"kind", "v", "lang", "level"}
SWITCHES = ("four_colour", "sound")  # added later: optional when read


def deck_of(four_colour: bool) -> str:
    """The deck's name on the page (``<html data-deck>``; static/boot/deck.mjs ``deckOf``)."""
    return "four" if four_colour else "two"


def dump_settings(settings: Settings) -> str:
    body = {
        "kind": SETTINGS_KIND,
        "v": SETTINGS_VERSION,
        "lang": settings.lang,
        "level": settings.level,
        "four_colour": settings.four_colour,
        "sound": settings.sound,
    }
    return seal(body)


def load_settings(text: object) -> Settings:
    body = open_record(text, SETTINGS_KIND, SETTINGS_VERSION)
    if not FIELDS <= set(body) <= FIELDS.union(SWITCHES):
        raise SaveError("the saved settings have unexpected fields")
    lang, level = body["lang"], body["level"]
    if lang is not None and lang not in LANGS:
        raise SaveError("the saved language is unknown")
    if level not in LEVELS:
        raise SaveError("the saved difficulty is unknown")
    four_colour, sound = (body.get(name, False) for name in SWITCHES)
    if type(four_colour) is not bool or type(sound) is not bool:
        raise SaveError("a saved switch is not true or false")
    return Settings(lang=lang, level=Level(level), four_colour=four_colour, sound=sound)
