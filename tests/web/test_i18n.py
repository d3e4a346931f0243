"""Both languages say everything (U3: German and English, following the browser): same keys,
same fields, card names."""

from __future__ import annotations

import string

import pytest

from hearts import DECK, LEVELS, Card, i18n


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_german_and_english_have_the_same_keys():
    assert set(i18n.TABLES["en"]) == set(i18n.TABLES["de"])


@pytest.mark.parametrize("key", sorted(i18n.TABLES["en"]))
def test_each_string_has_the_same_fields_in_both_languages(key):
    assert fields(i18n.TABLES["en"][key]) == fields(i18n.TABLES["de"][key]), key
    assert i18n.TABLES["en"][key].strip() and i18n.TABLES["de"][key].strip()


def test_keys_built_from_game_values_exist():
    for direction in ("left", "right", "across", "hold"):
        for lang in i18n.LANGS:
            assert i18n.text(lang, f"passing.{direction}")
            assert i18n.text(lang, f"next_dir.{direction}")
            if direction != "hold":
                assert i18n.text(lang, f"pass_button.{direction}")
                assert i18n.text(lang, f"dir.{direction}")
    for level in LEVELS:
        assert i18n.text("de", f"level.{level}") != i18n.text("en", f"level.{level}")
    for result in ("win", "draw", "loss"):
        assert i18n.text("de", f"over.{result}", seat="CPU 1", seats="CPU 1", points="1 Punkt")
    for place in range(1, 5):
        assert i18n.text("en", f"place.{place}") != i18n.text("de", f"place.{place}")


def test_names_are_joined_as_each_language_lists_them():
    assert i18n.joined("en", ["CPU 1"]) == "CPU 1"
    assert i18n.joined("en", ["CPU 1", "CPU 3"]) == "CPU 1 and CPU 3"
    assert i18n.joined("de", ["CPU 1", "CPU 2", "CPU 3"]) == "CPU 1, CPU 2 und CPU 3"
    assert [i18n.with_points("de", n) for n in (0, 1, 2)] == ["0 Punkten", "1 Punkt", "2 Punkten"]


def test_pass_buttons_are_named_for_the_direction():
    assert i18n.text("en", "pass_button.left") == "Pass left"
    assert i18n.text("de", "pass_button.left") == "Nach links geben"


def test_card_names_in_words_are_distinct_in_both_languages():
    for lang in i18n.LANGS:
        names = {i18n.card_name(lang, card) for card in DECK}
        assert len(names) == 52
    queen = next(c for c in DECK if str(c) == "QS")
    assert i18n.card_name("en", queen) == "Queen of spades"
    assert i18n.card_name("de", queen) == "Pik-Dame"


def test_card_names_are_the_ones_players_hear() -> None:
    """The words live here, not in the engine's Card."""
    assert i18n.card_name("en", Card.parse("TH")) == "10 of hearts"
    assert i18n.card_name("de", Card.parse("TH")) == "Herz 10"
    assert i18n.card_name("en", Card.parse("2C")) == "2 of clubs"
    assert i18n.card_name("de", Card.parse("AC")) == "Kreuz-Ass"
    assert i18n.card_name("de", Card.parse("JD")) == "Karo-Bube"
    assert i18n.card_name("en", Card.parse("KS")) == "King of spades"
    assert i18n.card_name("fr", Card.parse("QS")) == "Queen of spades"  # English otherwise
    assert not hasattr(Card, "name")


def test_blocked_words_are_the_ones_screen_readers_hear():
    assert i18n.text("en", "blocked") == "blocked"
    assert i18n.text("de", "blocked") == "gesperrt"


@pytest.mark.parametrize(
    ("prefs", "lang"),
    [
        (["de-AT", "en"], "de"),
        (["en-GB"], "en"),
        (["fr-FR", "de"], "de"),
        (["fr", "es"], "en"),
        ([], "en"),
        (["DE_ch"], "de"),
    ],
)
def test_language_follows_the_browser(prefs, lang):
    assert i18n.pick_language(prefs) == lang


def test_duration_in_seconds_minutes_or_hours_and_minutes():
    """R36; a 45 s game showed "0 min"."""
    assert i18n.duration("en", 0) == "0 s"
    assert i18n.duration("en", 45_000) == "45 s" and i18n.duration("de", 45_999) == "45 Sek."
    assert i18n.duration("en", 59_999) == "59 s"
    assert i18n.duration("en", 60_000) == "1 min"
    assert i18n.duration("en", 3 * 3_600_000 + 5 * 60_000) == "3 h 5 min"
    assert i18n.duration("de", 61 * 60_000) == "1 Std. 1 Min."


def test_help_has_as_many_paragraphs_in_both_languages():
    for key in ("help.rules", "help.tips"):
        assert len(i18n.paragraphs("en", key)) == len(i18n.paragraphs("de", key)) > 2


def test_plural_forms():
    assert i18n.points("en", 1) == "1 point"
    assert i18n.points("de", 13) == "13 Punkte"
    assert i18n.cards("de", 1) == "1 Karte"
