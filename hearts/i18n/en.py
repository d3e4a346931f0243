"""The English texts of the game (the keys every language has)."""

EN: dict[str, str] = {
    # start-up steps, shown before Python runs (scripts/build_contract.py -> static/boot.js)
    "boot.runtime": "Loading the game…",
    "boot.engine": "Starting Python…",
    "boot.game": "Setting up the table…",
    # no dead end: Python failed or died while starting; static/boot.js offers
    # the way on, setting aside (a copy is kept as .bad) what was being read
    "boot.stopped": "The game could not start.",
    "boot.died": "The game has stopped.",
    "boot.cause_game": (
        "Something in your saved game stops it. Set the game aside (a copy is kept) and "
        "start a new one; your statistics are kept."
    ),
    "boot.cause_stats": (
        "Something in your saved statistics stops it. Set them aside (a copy is kept) and "
        "start again; your game is kept."
    ),
    "boot.cause_settings": (
        "Something in your saved settings stops it. Set them aside (a copy is kept) and "
        "start again; your game and statistics are kept."
    ),
    "boot.cause_none": "Your game and statistics are kept. Please try again.",
    "boot.cause_full": (
        "There is no room left in this browser's storage for a copy. Start again without it "
        "(it is then lost), or free some space, for example other sites' data, and try again."
    ),
    "boot.start_without": "Start again without it",
    "boot.set_aside": "Set aside and start again",
    "boot.retry": "Try again",
    # the runtime's files could not be fetched (static/pwa.mjs, before Python runs)
    "boot.offline": (
        "You are offline. Hearts needs a connection for its first start (about 13 MB); "
        "after that it plays offline. Connect and reload the page."
    ),
    "boot.network": (
        "Hearts could not load all of its files. Check your connection and reload the page."
    ),
    "boot.reload": "Reload",
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
    "passing.label": "Pass:",
    "passing.left": "left",
    "passing.right": "right",
    "passing.across": "across",
    "passing.hold": "No passing",
    "pass_button.left": "Pass left",
    "pass_button.right": "Pass right",
    "pass_button.across": "Pass across",
    "pass_prompt": "Choose 3 cards to pass {dir} to {target}.",
    "pass_count": "{n} of 3 chosen",
    # a fourth card chosen while three are (R7): what to do instead, with a mouse (also what
    # is said aloud) and with a finger (the pass count shows the one of the primary pointer)
    "pass_full": "3 of 3 chosen. To choose another card, first click a chosen one to put it back.",
    "pass_full_tap": (
        "3 of 3 chosen. To choose another card, first tap a chosen one to put it back."
    ),
    # said aloud, by mouse, finger or key alike
    "pass_full_said": "3 of 3 chosen. To choose another card, first put a chosen one back.",
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
    "tricks.one": "1 trick",
    "tricks.many": "{n} tricks",
    # a seat's pile of taken tricks, for screen readers: "CPU 1, 3 tricks"
    "pile": "{seat}, {tricks}",
    "pile_you": "You, {tricks}",
    # hand and play
    "your_hand": "Your hand",
    "table": "Card table",
    "trick": "Cards on the table",
    "your_turn": "Your turn: choose a card, then choose it again to play it.",
    "your_turn_lifted": "Your turn: choose the lifted card again to play it.",
    "waiting_for": "Waiting for {seat}…",
    "trick_taken_by": "{seat} takes the trick.",
    "you_take_trick": "You take the trick.",
    # after the exchange, until your first play (U14): "You received 7♣ Q♥ 2♦ from CPU 3."
    "received_from": "You received {cards} from {seat}.",
    "blocked": "blocked",
    "received": "received",
    "lifted": "lifted",
    "played_by": "played by {seat}",
    "played_by_you": "played by you",
    # cards in words (i18n.card_name): "2 of clubs", "Queen of spades"; keyed by the
    # card's language-free text form (hearts.cards: ranks 23456789TJQKA, suits CDSH)
    "card.pips": "{rank} of {suit}",
    "card.face": "{rank} of {suit}",
    "rank.J": "Jack",
    "rank.Q": "Queen",
    "rank.K": "King",
    "rank.A": "Ace",
    "suit.C": "clubs",
    "suit.D": "diamonds",
    "suit.S": "spades",
    "suit.H": "hearts",
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
    "summary.seat": "Player",
    "summary.hand": "This hand",
    "summary.total": "Total",
    "moon.you": "You shot the moon! Every other seat takes 26 points.",
    "moon.cpu": "{seat} shot the moon! Every other seat takes 26 points.",
    "continue": "Continue",
    # game over (R4): who won with how many points, then your place and points
    "over.title": "Game over",
    "over.win": "You win with {points}.",
    "over.draw": "Draw: you finish first with {points}, level with {seats}.",
    "over.loss": "{seat} wins with {points}.",
    "over.losses": "{seats} share first place with {points} each.",
    "over.placed": "You finish {place} with {points}.",
    "over.placed_level": "You finish {place} with {points}, level with {seats}.",
    "over.place": "Place",
    "over.winner": "winner",
    # places and points as the sentences above say them ("You finish 4th with 102 points.")
    "place.1": "1st",
    "place.2": "2nd",
    "place.3": "3rd",
    "place.4": "4th",
    "with_points.one": "1 point",
    "with_points.many": "{n} points",
    "and": "{a} and {b}",
    "target": "The game ends when a seat reaches {n} points; the fewest points win.",
    "target_short": "Game to {n}",
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
    "stats.results": "Results",
    # a level's bar of wins, draws and losses, for screen readers: "Medium: 3 wins, 1 draw,
    # 2 losses" (R36: counts only, no streak, no best)
    "stats.bar": "{level}: {won}, {drawn}, {lost}",
    "wins.one": "1 win",
    "wins.many": "{n} wins",
    "draws.one": "1 draw",
    "draws.many": "{n} draws",
    "losses.one": "1 loss",
    "losses.many": "{n} losses",
    "stats.time": "Total playing time: {time}",
    "stats.reset": "Reset statistics…",
    "stats.confirm": "Reset all statistics? This cannot be undone.",
    "stats.reset_yes": "Reset",
    "cancel": "Cancel",
    "time.hm": "{h} h {m} min",
    "time.m": "{m} min",
    "time.s": "{s} s",
    # storage and errors
    "notice.storage_full": (
        "The browser's storage for this site is full. You can keep playing, but from now on "
        "your progress is kept only until you close the tab. Free up space (for example "
        "other sites' data) and the game saves again."
    ),
    "notice.storage_failing": (
        "The browser refused to save the game just now. You can keep playing: the game "
        "tries again with every move, and until it succeeds your progress is kept only "
        "in this tab."
    ),
    "notice.storage_unavailable": (
        "This browser does not let the game save (for example in a private window, or when "
        "site data is blocked). You can play, but your progress is lost when you close the tab."
    ),
    "notice.bad_game": (
        "Your saved game could not be loaded and was set aside. Your statistics are "
        "kept. A new game has started."
    ),
    "notice.bad_stats": (
        "The saved statistics could not be read; they were set aside and counting starts again."
    ),
    "notice.bad_settings": (
        "The saved settings could not be read; they were set aside and the defaults are used."
    ),
    "notice.sound_unavailable": "This browser does not play sound here, so sound is now off.",
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
        "passing, and the cycle repeats. Choose 3 cards and press the pass button.|"
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
        "Playing a card takes two taps or clicks: the first lifts it, the second plays it. "
        "Cards the rules do not allow right now sink and do not respond. With a keyboard, "
        "the arrow keys move between cards and Enter or Space lifts and then plays."
    ),
    "help.fair": (
        "The CPU seats play fair: each sees only its own cards and the cards already "
        "played, never yours and never the rest of the deck."
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
    # the same game in two tabs
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
    # options (U10, U11)
    "menu.options": "Options",
    "menu.four_colour": "Four-colour deck",
    "menu.sound": "Sound",
}
