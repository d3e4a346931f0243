"""The settings record (``records.SETTINGS_KEY``): the language and the next game's
difficulty (R5), with its own kind and version like every record."""

from __future__ import annotations

from typing import NamedTuple

from ..enums import LEVELS, Level
from ..errors import SaveError
from ..i18n import LANGS
from ..record import open_record, seal

SETTINGS_KIND = "hearts-settings"
SETTINGS_VERSION = 1


class Settings(NamedTuple):
    lang: str | None = None  # None: follow the browser
    level: Level = Level.MEDIUM  # difficulty of the next game (R5)

    def with_lang(self, lang: str) -> Settings:
        """The player's choice of language; ``ValueError`` for one the game does not speak."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}")
        return self._replace(lang=lang)



def dump_settings(settings: Settings) -> str:
    body = {
        "kind": SETTINGS_KIND,
        "v": SETTINGS_VERSION,
        "lang": settings.lang,
        "level": settings.level,
    }
    return seal(body)


def load_settings(text: object) -> Settings:
    body = open_record(text, SETTINGS_KIND, SETTINGS_VERSION)
    if set(body) != {"kind", "v", "lang", "level"}:
        raise SaveError("the saved settings have unexpected fields")
    lang, level = body["lang"], body["level"]
    if lang is not None and lang not in LANGS:
        raise SaveError("the saved language is unknown")
    if level not in LEVELS:
        raise SaveError("the saved difficulty is unknown")
    return Settings(lang=lang, level=Level(level))
