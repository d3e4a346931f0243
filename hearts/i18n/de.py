"""Die deutschen Texte des Spiels: dieselben Schlüssel wie :mod:`hearts.i18n.en`."""

DE: dict[str, str] = {
    "boot.runtime": "Das Spiel wird geladen…",
    "boot.engine": "Python wird gestartet…",
    "boot.game": "Der Tisch wird vorbereitet…",
    "boot.stopped": "Das Spiel konnte nicht starten.",
    "boot.died": "Das Spiel wurde angehalten.",
    "boot.cause_game": (
        "Etwas in deinem gespeicherten Spiel verhindert es. Lege das Spiel beiseite (eine "
        "Kopie bleibt erhalten) und beginne ein neues; deine Statistik bleibt erhalten."
    ),
    "boot.cause_stats": (
        "Etwas in deiner gespeicherten Statistik verhindert es. Lege sie beiseite (eine "
        "Kopie bleibt erhalten) und starte neu; dein Spiel bleibt erhalten."
    ),
    "boot.cause_settings": (
        "Etwas in deinen gespeicherten Einstellungen verhindert es. Lege sie beiseite (eine "
        "Kopie bleibt erhalten) und starte neu; Spiel und Statistik bleiben erhalten."
    ),
    "boot.cause_none": "Dein Spiel und deine Statistik bleiben erhalten. Bitte versuche es erneut.",
    "boot.cause_full": (
        "Im Speicher dieses Browsers ist kein Platz mehr für eine Kopie. Starte ohne diese "
        "Daten neu (sie gehen dann verloren) oder schaffe Platz, zum Beispiel indem du Daten "
        "anderer Websites löschst, und versuche es erneut."
    ),
    "boot.start_without": "Ohne diese Daten neu starten",
    "boot.set_aside": "Beiseitelegen und neu starten",
    "boot.retry": "Erneut versuchen",
    "boot.offline": (
        "Du bist offline. Hearts braucht für den ersten Start eine Verbindung (etwa 13 MB), "
        "danach läuft es auch offline. Verbinde dich und lade die Seite neu."
    ),
    "boot.network": (
        "Hearts konnte nicht alle Dateien laden. Prüfe die Verbindung und lade die Seite neu."
    ),
    "boot.reload": "Neu laden",
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
    "dir.across": "über den Tisch",
    "passing.label": "Weitergabe:",
    "passing.left": "links",
    "passing.right": "rechts",
    "passing.across": "gegenüber",
    "passing.hold": "Keine Weitergabe",
    "pass_button.left": "Nach links geben",
    "pass_button.right": "Nach rechts geben",
    "pass_button.across": "Über den Tisch geben",
    "pass_prompt": "Wähle 3 Karten, die du {dir} an {target} weitergibst.",
    "pass_count": "{n} von 3 gewählt",
    "pass_full": (
        "3 von 3 gewählt. Für eine andere Karte klicke zuerst eine gewählte an, um sie "
        "zurückzulegen."
    ),
    "pass_full_tap": (
        "3 von 3 gewählt. Für eine andere Karte tippe zuerst eine gewählte an, um sie "
        "zurückzulegen."
    ),
    "pass_full_said": "3 von 3 gewählt. Für eine andere Karte lege zuerst eine gewählte zurück.",
    "next_dir.left": "Nächste Runde: Weitergabe nach links",
    "next_dir.right": "Nächste Runde: Weitergabe nach rechts",
    "next_dir.across": "Nächste Runde: Weitergabe über den Tisch",
    "next_dir.hold": "Nächste Runde: keine Weitergabe",
    "seat.passed": "Gegeben",
    "seat.choosing": "Wählt…",
    "seat.to_act": "Am Zug",
    "cards.one": "1 Karte",
    "cards.many": "{n} Karten",
    "points.one": "1 Punkt",
    "points.many": "{n} Punkte",
    "tricks.one": "1 Stich",
    "tricks.many": "{n} Stiche",
    "pile": "{seat}, {tricks}",
    "pile_you": "Du, {tricks}",
    "your_hand": "Deine Karten",
    "table": "Spieltisch",
    "trick": "Karten auf dem Tisch",
    "your_turn": "Du bist am Zug: Wähle eine Karte und wähle sie noch einmal, um sie zu spielen.",
    "your_turn_lifted": (
        "Du bist am Zug: Wähle die angehobene Karte noch einmal, um sie zu spielen."
    ),
    "waiting_for": "{seat} ist am Zug…",
    "trick_taken_by": "{seat} nimmt den Stich.",
    "you_take_trick": "Du nimmst den Stich.",
    "received_from": "Du hast {cards} von {seat} erhalten.",
    "blocked": "gesperrt",
    "received": "erhalten",
    "lifted": "angehoben",
    "played_by": "von {seat} gespielt",
    "played_by_you": "von dir gespielt",
    "card.pips": "{suit} {rank}",
    "card.face": "{suit}-{rank}",
    "rank.J": "Bube",
    "rank.Q": "Dame",
    "rank.K": "König",
    "rank.A": "Ass",
    "suit.C": "Kreuz",
    "suit.D": "Karo",
    "suit.S": "Pik",
    "suit.H": "Herz",
    "say.cpu_plays": "{seat} spielt {card}.",
    "say.you_play": "Du spielst {card}.",
    "say.cpu_takes": "{seat} nimmt den Stich: {points}.",
    "say.you_take": "Du nimmst den Stich: {points}.",
    "say.exchange": "Karten getauscht. Du hast erhalten: {cards}.",
    "say.hand_over": "Runde {n} ist vorbei.",
    "say.new_game": "Neues Spiel, Stufe {level}.",
    "summary.title": "Runde {n} ist vorbei",
    "summary.seat": "Spieler",
    "summary.hand": "Diese Runde",
    "summary.total": "Gesamt",
    "moon.you": "Du hast den Mond geschossen! Alle anderen bekommen 26 Punkte.",
    "moon.cpu": "{seat} hat den Mond geschossen! Alle anderen bekommen 26 Punkte.",
    "continue": "Weiter",
    "over.title": "Spielende",
    "over.win": "Du gewinnst mit {points}.",
    "over.draw": (
        "Unentschieden: Du landest mit {points} auf dem ersten Platz, gleichauf mit {seats}."
    ),
    "over.loss": "{seat} gewinnt mit {points}.",
    "over.losses": "{seats} teilen sich den ersten Platz mit je {points}.",
    "over.placed": "Du landest mit {points} auf dem {place} Platz.",
    "over.placed_level": "Du landest mit {points} auf dem {place} Platz, gleichauf mit {seats}.",
    "over.place": "Platz",
    "over.winner": "Sieger",
    "place.1": "ersten",
    "place.2": "zweiten",
    "place.3": "dritten",
    "place.4": "vierten",
    "with_points.one": "1 Punkt",
    "with_points.many": "{n} Punkten",
    "and": "{a} und {b}",
    "target": "Das Spiel endet, wenn jemand {n} Punkte erreicht; die wenigsten Punkte gewinnen.",
    "target_short": "Spiel bis {n}",
    "new_game": "Neues Spiel",
    "menu.title": "Menü",
    "menu.new_game": "Neues Spiel…",
    "menu.stats": "Statistik",
    "menu.help": "Spielanleitung",
    "menu.language": "Sprache",
    "newgame.title": "Neues Spiel",
    "newgame.level": "Spielstärke der Gegner",
    "newgame.applies": "Die gewählte Stufe gilt ab dem nächsten Spiel, das du beginnst.",
    "newgame.current": "Das laufende Spiel behält seine Stufe: {level}.",
    "newgame.start": "Neues Spiel beginnen",
    "newgame.confirm": (
        "Das laufende Spiel abbrechen? Es bleibt als gespielt gezählt, gilt aber nicht als "
        "verloren."
    ),
    "newgame.abandon": "Abbrechen und neu beginnen",
    "newgame.keep": "Weiterspielen",
    "stats.title": "Statistik",
    "stats.level": "Stufe",
    "stats.played": "Gespielt",
    "stats.won": "Gewonnen",
    "stats.lost": "Verloren",
    "stats.drawn": "Unentschieden",
    "stats.results": "Bilanz",
    "stats.bar": "{level}: {won}, {drawn}, {lost}",
    "wins.one": "1 Sieg",
    "wins.many": "{n} Siege",
    "draws.one": "1 Unentschieden",
    "draws.many": "{n} Unentschieden",
    "losses.one": "1 Niederlage",
    "losses.many": "{n} Niederlagen",
    "stats.time": "Spielzeit insgesamt: {time}",
    "stats.reset": "Statistik zurücksetzen…",
    "stats.confirm": "Die gesamte Statistik zurücksetzen? Das lässt sich nicht rückgängig machen.",
    "stats.reset_yes": "Zurücksetzen",
    "cancel": "Abbrechen",
    "time.hm": "{h} Std. {m} Min.",
    "time.m": "{m} Min.",
    "time.s": "{s} Sek.",
    "notice.storage_full": (
        "Der Speicher deines Browsers für diese Seite ist voll. Du kannst weiterspielen, aber "
        "dein Spielstand bleibt ab jetzt nur erhalten, bis du den Tab schließt. Gib Speicher "
        "frei (etwa Daten anderer Websites), dann speichert das Spiel wieder."
    ),
    "notice.storage_failing": (
        "Der Browser hat das Speichern gerade verweigert. Du kannst weiterspielen: Das Spiel "
        "versucht es bei jedem Zug erneut, und bis es gelingt, bleibt dein Spielstand nur in "
        "diesem Tab erhalten."
    ),
    "notice.storage_unavailable": (
        "Dieser Browser lässt das Spiel nicht speichern (etwa in einem privaten Fenster oder "
        "wenn Website-Daten blockiert sind). Du kannst spielen, aber dein Spielstand geht "
        "verloren, wenn du den Tab schließt."
    ),
    "notice.bad_game": (
        "Dein gespeichertes Spiel ließ sich nicht laden. Es wurde gesondert aufbewahrt, und "
        "ein neues Spiel hat begonnen. Deine Statistik bleibt erhalten."
    ),
    "notice.bad_stats": (
        "Die gespeicherte Statistik ließ sich nicht lesen. Sie wurde gesondert aufbewahrt, "
        "und die Zählung beginnt von vorn."
    ),
    "notice.bad_settings": (
        "Die gespeicherten Einstellungen ließen sich nicht lesen. Sie wurden gesondert "
        "aufbewahrt; es gelten die Standardeinstellungen."
    ),
    "notice.sound_unavailable": (
        "Dieser Browser spielt hier keinen Ton ab; der Ton ist jetzt ausgeschaltet."
    ),
    "notice.error": (
        "Etwas ist schiefgegangen. Dein Spiel ist gespeichert; lade die Seite neu, um "
        "weiterzuspielen."
    ),
    "dismiss": "Ausblenden",
    "help.title": "Spielanleitung",
    "help.rules_title": "Die Regeln",
    "help.tips_title": "Tipps",
    "help.rules": (
        "Du spielst gegen drei CPU-Gegner: CPU 1 sitzt links von dir, CPU 2 gegenüber, "
        "CPU 3 rechts. Gespielt wird im Uhrzeigersinn. Das Ass ist die höchste Karte, "
        "Trumpf gibt es nicht.|"
        "Vor den meisten Runden gibt jeder 3 Karten weiter: erst nach links, dann nach "
        "rechts, dann über den Tisch; in der vierten Runde wird nicht weitergegeben, danach "
        "geht es von vorn los. Wähle 3 Karten und gib sie mit der Schaltfläche weiter.|"
        "Wer die Kreuz-Zwei hat, spielt sie zum ersten Stich aus. Wer die ausgespielte Farbe "
        "hat, muss sie bedienen. Die höchste Karte dieser Farbe gewinnt den Stich, und wer "
        "ihn nimmt, spielt als Nächstes aus.|"
        "Jedes Herz in deinen Stichen zählt 1 Punkt, die Pik-Dame 13. Im ersten Stich darf "
        "niemand ein Herz oder die Pik-Dame abwerfen, außer er hat nichts anderes.|"
        "Herz darf erst ausgespielt werden, wenn in einem früheren Stich schon ein Herz "
        "gefallen ist, außer du hast nur noch Herz. Die Pik-Dame ist kein Herz und gibt Herz "
        "nicht frei.|"
        "Nimmst du in einer Runde alle 26 Punkte, schießt du den Mond: Du bekommst 0 Punkte, "
        "alle anderen je 26.|"
        "Das Spiel endet nach der Runde, in der jemand 100 Punkte oder mehr erreicht. Es "
        "gewinnt, wer die wenigsten Punkte hat; hat ein Gegner genauso wenige wie du, ist es "
        "unentschieden."
    ),
    "help.controls": (
        "Eine Karte spielst du, indem du sie zweimal antippst oder anklickst: Beim ersten Mal "
        "wird sie angehoben, beim zweiten Mal gespielt. Karten, die die Regeln gerade nicht "
        "erlauben, sinken ab und reagieren nicht. Mit der Tastatur wechselst du mit den "
        "Pfeiltasten zwischen den Karten; die Eingabe- oder Leertaste hebt eine Karte an und "
        "spielt sie beim zweiten Drücken."
    ),
    "help.fair": (
        "Die CPU-Gegner spielen fair: Jeder sieht nur seine eigenen Karten und die schon "
        "gespielten, nie deine und nie den Rest des Kartenspiels."
    ),
    "help.tips": (
        "Gib Pik-Dame, Pik-König und Pik-Ass weiter, außer du hast viele niedrige Pik.|"
        "Wirst du eine Farbe früh ganz los, kannst du Punkte abwerfen, sobald sie "
        "ausgespielt wird.|"
        "Heb dir niedrige Karten auf, damit du Stiche mit Punkten nicht selbst nehmen musst.|"
        "Achte darauf, wer die Punkte sammelt: Hat ein Gegner bisher alle, nimm selbst ein "
        "Herz, damit er den Mond nicht schießen kann."
    ),
    "lang.en": "English",
    "lang.de": "Deutsch",
    "update.ready": (
        "Eine neue Version von Hearts ist bereit. Dein Spiel ist gespeichert und geht weiter."
    ),
    "update.apply": "Jetzt aktualisieren",
    "tab.title": "In einem anderen Tab geöffnet",
    "tab.elsewhere": (
        "Dieses Spiel ist schon in einem anderen Tab oder Fenster geöffnet und wird dort "
        "gespeichert. Spiel dort weiter oder hol es hierher."
    ),
    "tab.taken": (
        "Das Spiel läuft jetzt in einem anderen Tab oder Fenster weiter. Dieser Tab ist "
        "angehalten, damit nichts verloren geht. Hol das Spiel zurück, um hier weiterzuspielen."
    ),
    "tab.take_over": "Hier spielen",
    # options (U10, U11)
    "menu.options": "Optionen",
    "menu.four_colour": "Vierfarbiges Blatt",
    "menu.sound": "Ton",
}
