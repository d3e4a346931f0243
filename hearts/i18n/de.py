"""Die deutschen Texte des Spiels: dieselben Schlüssel wie :mod:`hearts.i18n.en`."""

DE: dict[str, str] = {
    "title": "Hearts",
    "loading": "Wird geladen…",
    "boot.runtime": "Das Spiel wird geladen…",
    "boot.engine": "Python wird gestartet…",
    "boot.game": "Der Tisch wird vorbereitet…",
    "boot.failed": "Das Spiel konnte nicht starten. Bitte lade die Seite neu.",
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
