"""The words of the game in English and German: one table per language, same keys.

Pure data plus three helpers; no browser imports.  Strings use ``str.format`` fields
(``{seat}``, ``{n}``…); :func:`text` fills them.  Card names come from
:meth:`hearts.cards.Card.name`, so the engine and the interface say the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable

LANGS = ("en", "de")
DEFAULT_LANG = "en"

EN: dict[str, str] = {
    "title": "Hearts",
    "loading": "Loading…",
    "menu": "Menu",
    "close": "Close",
    "you": "You",
    "cpu": "CPU {n}",
    "hand_no": "Hand {n}",
    "level_label": "Level: {level}",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    # pass direction (R8)
    "dir.left": "left",
    "dir.right": "right",
    "dir.across": "across",
    "passing.left": "Pass: left",
    "passing.right": "Pass: right",
    "passing.across": "Pass: across",
    "passing.hold": "No passing",
    "pass_button.left": "Pass left",
    "pass_button.right": "Pass right",
    "pass_button.across": "Pass across",
    "pass_prompt": "Choose 3 cards to pass {dir} to {target}.",
    "pass_count": "{n} of 3 chosen",
    "pass_done": "Passed. Waiting for the exchange…",
    "next_dir.left": "Next hand: pass left",
    "next_dir.right": "Next hand: pass right",
    "next_dir.across": "Next hand: pass across",
    "next_dir.hold": "Next hand: no passing",
    # seats
    "seat.passed": "Passed",
    "seat.choosing": "Choosing…",
    "seat.to_act": "To play",
    "cards.one": "1 card",
    "cards.many": "{n} cards",
    "points.one": "1 point",
    "points.many": "{n} points",
    "score": "Score",
    "this_hand": "This hand: {n}",
    # hand and play
    "your_hand": "Your hand",
    "table": "Card table",
    "trick": "Cards on the table",
    "your_turn": "Your turn: tap a card to lift it, tap it again to play.",
    "your_turn_lifted": "Your turn: tap the lifted card again to play it.",
    "waiting_for": "Waiting for {seat}…",
    "trick_taken_by": "{seat} takes the trick.",
    "you_take_trick": "You take the trick.",
    "blocked": "blocked",
    "received": "received",
    "lifted": "lifted",
    "played_by": "played by {seat}",
    # announcements (polite live region)
    "say.cpu_plays": "{seat} plays {card}.",
    "say.you_play": "You play {card}.",
    "say.cpu_takes": "{seat} takes the trick with {points}.",
    "say.you_take": "You take the trick with {points}.",
    "say.exchange": "Cards exchanged. You received {cards}.",
    "say.hand_over": "Hand {n} is over.",
    "say.new_game": "New game, level {level}.",
    # hand summary (R33, R38)
    "summary.title": "Hand {n} is over",
    "summary.seat": "Seat",
    "summary.hand": "This hand",
    "summary.total": "Total",
    "moon.you": "You shot the moon! Every other seat takes 26 points.",
    "moon.cpu": "{seat} shot the moon! Every other seat takes 26 points.",
    "continue": "Continue",
    # game over (R4)
    "over.title": "Game over",
    "over.win": "You win!",
    "over.draw": "A draw: you share the lowest score.",
    "over.loss": "You lose: {seat} finished lower.",
    "over.final": "Final scores",
    "new_game": "New game",
    # menu
    "menu.title": "Menu",
    "menu.new_game": "New game…",
    "menu.stats": "Statistics",
    "menu.help": "How to play",
    "menu.language": "Language",
    # new game dialog (R5, R37)
    "newgame.title": "New game",
    "newgame.level": "Difficulty of the CPU seats",
    "newgame.applies": "The difficulty applies to the next game you start.",
    "newgame.current": "The game in progress keeps its level: {level}.",
    "newgame.start": "Start new game",
    "newgame.confirm": (
        "Abandon the game in progress? It stays counted as played, but it is not a loss."
    ),
    "newgame.abandon": "Abandon and start",
    "newgame.keep": "Keep playing",
    # statistics (R36)
    "stats.title": "Statistics",
    "stats.level": "Difficulty",
    "stats.played": "Played",
    "stats.won": "Won",
    "stats.lost": "Lost",
    "stats.drawn": "Drawn",
    "stats.time": "Total playing time: {time}",
    "stats.reset": "Reset statistics…",
    "stats.confirm": "Reset all statistics? This cannot be undone.",
    "stats.reset_yes": "Reset",
    "cancel": "Cancel",
    "time.hm": "{h} h {m} min",
    "time.m": "{m} min",
    # storage and errors
    "notice.storage": (
        "This browser does not let the game save. You can play, but progress "
        "will be lost when you close the tab."
    ),
    "notice.bad_game": (
        "Your saved game could not be loaded and was set aside. Your statistics are "
        "kept. A new game has started."
    ),
    "notice.bad_stats": (
        "The saved statistics could not be read; they were set aside and counting starts again."
    ),
    "notice.bad_settings": "Saved settings could not be read; the defaults are used.",
    "notice.error": "Something went wrong. Your game is saved; reload the page to continue.",
    "dismiss": "Dismiss",
    # how to play
    "help.title": "How to play",
    "help.rules_title": "The rules",
    "help.tips_title": "Tips",
    "help.rules": (
        "You play against three CPU seats: CPU 1 on your left, CPU 2 across, CPU 3 on "
        "your right. Play goes clockwise, aces are high and there are no trumps.|"
        "Before most hands every seat passes 3 cards: left, right, across, then no "
        "passing, and the cycle repeats. Tap 3 cards and press the pass button.|"
        "The seat holding the 2 of clubs leads it. You must follow the suit that was led "
        "if you can; the highest card of that suit takes the trick, and its taker leads "
        "next.|"
        "Every heart you take costs 1 point, the queen of spades 13. On the first trick "
        "nobody may play points unless they have nothing else.|"
        "Hearts may not be led until a heart has been played in an earlier trick, unless "
        "you hold only hearts. The queen of spades does not break hearts.|"
        "Take all 26 points in one hand and you shoot the moon: you score 0 and every "
        "other seat scores 26.|"
        "The game ends when a seat reaches 100 points. The lowest score wins; sharing "
        "the lowest score with a CPU seat is a draw."
    ),
    "help.controls": (
        "Playing a card takes two taps: the first lifts it, the second plays it. Cards "
        "the rules do not allow right now sink and do not respond. With a keyboard, the "
        "arrow keys move between cards and Enter or Space lifts and then plays."
    ),
    "help.tips": (
        "Pass away the queen, king and ace of spades unless you hold many low spades.|"
        "Getting rid of a whole suit early lets you discard points when that suit is led.|"
        "Keep low cards to duck under tricks that carry points.|"
        "Watch who is collecting points: if one seat has all of them, take a heart "
        "yourself to stop a moon."
    ),
    "lang.en": "English",
    "lang.de": "Deutsch",
    "update.ready": "A new version of Hearts is ready. Your game is saved and continues.",
    "update.apply": "Update now",
    # the same game in two tabs (issue 6)
    "tab.title": "Open in another tab",
    "tab.elsewhere": (
        "This game is already open in another tab or window, which plays and saves it. "
        "Play there, or take it over here."
    ),
    "tab.taken": (
        "The game was taken over in another tab or window; this tab stopped so that "
        "nothing is lost. Take it back to continue here."
    ),
    "tab.take_over": "Play here",
}

DE: dict[str, str] = {
    "title": "Hearts",
    "loading": "Wird geladen…",
    "menu": "Menü",
    "close": "Schließen",
    "you": "Du",
    "cpu": "CPU {n}",
    "hand_no": "Runde {n}",
    "level_label": "Stufe: {level}",
    "level.easy": "Leicht",
    "level.medium": "Mittel",
    "level.hard": "Schwer",
    "dir.left": "nach links",
    "dir.right": "nach rechts",
    "dir.across": "nach gegenüber",
    "passing.left": "Weitergabe: links",
    "passing.right": "Weitergabe: rechts",
    "passing.across": "Weitergabe: gegenüber",
    "passing.hold": "Keine Weitergabe",
    "pass_button.left": "Nach links geben",
    "pass_button.right": "Nach rechts geben",
    "pass_button.across": "Nach gegenüber geben",
    "pass_prompt": "Wähle 3 Karten, die du {dir} an {target} gibst.",
    "pass_count": "{n} von 3 gewählt",
    "pass_done": "Gegeben. Warte auf den Tausch…",
    "next_dir.left": "Nächste Runde: nach links geben",
    "next_dir.right": "Nächste Runde: nach rechts geben",
    "next_dir.across": "Nächste Runde: nach gegenüber geben",
    "next_dir.hold": "Nächste Runde: keine Weitergabe",
    "seat.passed": "Gegeben",
    "seat.choosing": "Wählt…",
    "seat.to_act": "Am Zug",
    "cards.one": "1 Karte",
    "cards.many": "{n} Karten",
    "points.one": "1 Punkt",
    "points.many": "{n} Punkte",
    "score": "Punkte",
    "this_hand": "Diese Runde: {n}",
    "your_hand": "Deine Karten",
    "table": "Spieltisch",
    "trick": "Karten auf dem Tisch",
    "your_turn": "Du bist dran: Tippe eine Karte an, um sie anzuheben, und noch einmal, "
    "um sie zu spielen.",
    "your_turn_lifted": "Du bist dran: Tippe die angehobene Karte noch einmal an, um sie "
    "zu spielen.",
    "waiting_for": "Warte auf {seat}…",
    "trick_taken_by": "{seat} nimmt den Stich.",
    "you_take_trick": "Du nimmst den Stich.",
    "blocked": "gesperrt",
    "received": "erhalten",
    "lifted": "angehoben",
    "played_by": "gespielt von {seat}",
    "say.cpu_plays": "{seat} spielt {card}.",
    "say.you_play": "Du spielst {card}.",
    "say.cpu_takes": "{seat} nimmt den Stich mit {points}.",
    "say.you_take": "Du nimmst den Stich mit {points}.",
    "say.exchange": "Karten getauscht. Du hast {cards} erhalten.",
    "say.hand_over": "Runde {n} ist vorbei.",
    "say.new_game": "Neues Spiel, Stufe {level}.",
    "summary.title": "Runde {n} ist vorbei",
    "summary.seat": "Platz",
    "summary.hand": "Diese Runde",
    "summary.total": "Gesamt",
    "moon.you": "Du hast den Mond geschossen! Alle anderen bekommen 26 Punkte.",
    "moon.cpu": "{seat} hat den Mond geschossen! Alle anderen bekommen 26 Punkte.",
    "continue": "Weiter",
    "over.title": "Spielende",
    "over.win": "Du gewinnst!",
    "over.draw": "Unentschieden: Du teilst dir die niedrigste Punktzahl.",
    "over.loss": "Verloren: {seat} hat weniger Punkte.",
    "over.final": "Endstand",
    "new_game": "Neues Spiel",
    "menu.title": "Menü",
    "menu.new_game": "Neues Spiel…",
    "menu.stats": "Statistik",
    "menu.help": "Spielregeln",
    "menu.language": "Sprache",
    "newgame.title": "Neues Spiel",
    "newgame.level": "Spielstärke der CPU-Plätze",
    "newgame.applies": "Die Spielstärke gilt für das nächste Spiel, das du beginnst.",
    "newgame.current": "Das laufende Spiel behält seine Stufe: {level}.",
    "newgame.start": "Neues Spiel beginnen",
    "newgame.confirm": (
        "Das laufende Spiel abbrechen? Es zählt weiter als gespielt, aber nicht als verloren."
    ),
    "newgame.abandon": "Abbrechen und neu beginnen",
    "newgame.keep": "Weiterspielen",
    "stats.title": "Statistik",
    "stats.level": "Stufe",
    "stats.played": "Gespielt",
    "stats.won": "Gewonnen",
    "stats.lost": "Verloren",
    "stats.drawn": "Unentschieden",
    "stats.time": "Gesamte Spielzeit: {time}",
    "stats.reset": "Statistik zurücksetzen…",
    "stats.confirm": "Die gesamte Statistik zurücksetzen? Das lässt sich nicht rückgängig machen.",
    "stats.reset_yes": "Zurücksetzen",
    "cancel": "Abbrechen",
    "time.hm": "{h} Std. {m} Min.",
    "time.m": "{m} Min.",
    "notice.storage": (
        "Dieser Browser lässt das Spiel nicht speichern. Du kannst spielen, aber der "
        "Spielstand geht verloren, wenn du den Tab schließt."
    ),
    "notice.bad_game": (
        "Dein gespeichertes Spiel konnte nicht geladen werden und wurde beiseitegelegt. "
        "Deine Statistik bleibt erhalten. Ein neues Spiel hat begonnen."
    ),
    "notice.bad_stats": (
        "Die gespeicherte Statistik war nicht lesbar; sie wurde beiseitegelegt und die "
        "Zählung beginnt neu."
    ),
    "notice.bad_settings": (
        "Die gespeicherten Einstellungen waren nicht lesbar; es gelten die Standardwerte."
    ),
    "notice.error": (
        "Etwas ist schiefgegangen. Dein Spiel ist gespeichert; lade die Seite neu, um "
        "weiterzuspielen."
    ),
    "dismiss": "Ausblenden",
    "help.title": "Spielregeln",
    "help.rules_title": "Die Regeln",
    "help.tips_title": "Tipps",
    "help.rules": (
        "Du spielst gegen drei CPU-Plätze: CPU 1 links von dir, CPU 2 gegenüber, CPU 3 "
        "rechts. Gespielt wird im Uhrzeigersinn, das Ass ist die höchste Karte, Trumpf "
        "gibt es nicht.|"
        "Vor den meisten Runden gibt jeder Platz 3 Karten weiter: nach links, nach rechts, "
        "nach gegenüber, dann keine Weitergabe, und der Zyklus beginnt von vorn. Tippe 3 "
        "Karten an und drücke den Knopf zum Geben.|"
        "Wer die Kreuz 2 hat, spielt sie aus. Die ausgespielte Farbe muss bedient werden, "
        "wenn du kannst; die höchste Karte dieser Farbe gewinnt den Stich, und wer ihn "
        "nimmt, spielt als Nächstes aus.|"
        "Jedes Herz, das du nimmst, kostet 1 Punkt, die Pik-Dame 13. Im ersten Stich darf "
        "niemand Punkte abwerfen, außer er hat nichts anderes.|"
        "Herz darf erst ausgespielt werden, wenn in einem früheren Stich ein Herz gefallen "
        "ist, außer du hast nur noch Herz. Die Pik-Dame bricht Herz nicht.|"
        "Nimmst du in einer Runde alle 26 Punkte, schießt du den Mond: Du bekommst 0 und "
        "alle anderen 26 Punkte.|"
        "Das Spiel endet, sobald ein Platz 100 Punkte erreicht. Die niedrigste Punktzahl "
        "gewinnt; teilst du sie mit einem CPU-Platz, ist es unentschieden."
    ),
    "help.controls": (
        "Eine Karte spielst du mit zwei Tipps: Der erste hebt sie an, der zweite spielt "
        "sie. Karten, die die Regeln gerade nicht erlauben, sinken ab und reagieren "
        "nicht. Mit der Tastatur wechseln die Pfeiltasten zwischen den Karten, Eingabe "
        "oder Leertaste hebt an und spielt dann."
    ),
    "help.tips": (
        "Gib Pik-Dame, Pik-König und Pik-Ass weiter, außer du hast viele niedrige Pik.|"
        "Wer eine Farbe früh los ist, kann Punkte abwerfen, wenn sie ausgespielt wird.|"
        "Behalte niedrige Karten, um unter Stichen mit Punkten durchzutauchen.|"
        "Achte darauf, wer Punkte sammelt: Hat ein Platz alle, nimm selbst ein Herz, um "
        "den Mond zu verhindern."
    ),
    "lang.en": "English",
    "lang.de": "Deutsch",
    "update.ready": "Eine neue Version von Hearts ist bereit. Dein Spiel ist gespeichert und "
    "geht weiter.",
    "update.apply": "Jetzt aktualisieren",
    "tab.title": "In einem anderen Tab geöffnet",
    "tab.elsewhere": (
        "Dieses Spiel ist schon in einem anderen Tab oder Fenster geöffnet, das es spielt "
        "und speichert. Spiel dort weiter oder übernimm es hier."
    ),
    "tab.taken": (
        "Das Spiel wurde in einem anderen Tab oder Fenster übernommen; dieser Tab hat "
        "angehalten, damit nichts verloren geht. Hol es zurück, um hier weiterzuspielen."
    ),
    "tab.take_over": "Hier spielen",
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "de": DE}

# Corner indices: German decks print B(ube), D(ame), K(önig), A(ss).
RANK_INDEX = {
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"),
}


def text(lang: str, key: str, **fields: object) -> str:
    """The string for ``key`` in ``lang`` with its fields filled in."""
    table = TABLES.get(lang, EN)
    template = table.get(key)
    if template is None:
        template = EN[key]  # a KeyError here is a programming error: tests cover every key
    return template.format(**fields) if fields else template


def seat_name(lang: str, seat: int) -> str:
    """``"You"`` for seat 0, ``"CPU n"`` otherwise (R1: seats are numbered, not named)."""
    return text(lang, "you") if seat == 0 else text(lang, "cpu", n=seat)


def points(lang: str, n: int) -> str:
    return text(lang, "points.one") if n == 1 else text(lang, "points.many", n=n)


def cards(lang: str, n: int) -> str:
    return text(lang, "cards.one") if n == 1 else text(lang, "cards.many", n=n)


def duration(lang: str, milliseconds: int) -> str:
    """Playing time in hours and minutes (R36), rounded down to the minute."""
    minutes = max(0, int(milliseconds)) // 60_000
    hours, minutes = divmod(minutes, 60)
    if hours:
        return text(lang, "time.hm", h=hours, m=minutes)
    return text(lang, "time.m", m=minutes)


def paragraphs(lang: str, key: str) -> list[str]:
    """A multi-paragraph text, split at ``|``."""
    return text(lang, key).split("|")


def pick_language(candidates: Iterable[str]) -> str:
    """The first supported language among browser preferences like ``"de-AT"``."""
    for candidate in candidates:
        base = str(candidate).strip().lower().split("-")[0].split("_")[0]
        if base in LANGS:
            return base
    return DEFAULT_LANG
