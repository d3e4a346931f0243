"""The game in progress as the page keeps it (``hearts.game.v1``, :mod:`hearts.web.records`):
its id, the engine JSON, the unfinished pass selection (R10), the lifted card, and the
earlier games whose counting the stored statistics may not have yet (``owed``), as one
sealed record; version 1 (no id, nothing owed) is still read and migrated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, format_cards, parse_cards
from ..enums import LEVELS, Level, Phase, Result
from ..errors import SaveError
from ..game import Game
from ..save import dump_game, load_game
from ..sealed import checksum, open_record, sealed
from ..stats import FINISHED, PLAYED, Fold, Stats, valid_game_id

TABLE_KIND = "hearts-table"
TABLE_VERSION = 2  # 2: the game's id and what is owed to the statistics; 1 is migrated
TABLE_VERSIONS_READ = (1, TABLE_VERSION)  # what GAME_KEY may hold: a page's saves of either
MAX_OWED = 16  # earlier games kept for the statistics (< stats.SEEN_LIMIT)


@dataclass
class TableRecord:
    """The game in progress as the page keeps it."""

    game: Game
    game_id: str  # unique per game, even for two games of one seed: the statistics' key
    selection: tuple[Card, ...] = ()
    lifted: Card | None = None
    owed: tuple[Fold, ...] = ()  # earlier games the stored statistics may still lack
    # A game saved by version 1, which counted without ids: what its statistics already
    # counted, kept until the statistics that remember it are stored.
    legacy: str | None = None

    def fold(self) -> Fold:
        """This game as the statistics count it."""
        return Fold(self.game_id, self.game.level, self.game.result)

    def counted_in(self, stats: Stats) -> Stats:
        """``stats`` with everything this table owes them: a version-1 game's mark, the
        earlier games owed and this one (idempotent: each game is counted once, by id)."""
        if self.legacy is not None:
            stats = stats.mark(self.game_id, self.legacy)
        for game in (*self.owed, self.fold()):
            stats = stats.fold(game)
        return stats

    def settle(self) -> None:
        """The stored statistics have everything owed: the next table write drops it."""
        self.owed, self.legacy = (), None


def dump_table(record: TableRecord) -> str:
    return sealed_table(record)[0]


def sealed_table(record: TableRecord) -> tuple[str, str]:
    """The table record as stored, and its check value (the picture's key to it)."""
    body: dict[str, Any] = {
        "kind": TABLE_KIND,
        "v": TABLE_VERSION,
        "id": record.game_id,
        "game": dump_game(record.game),
        "selection": format_cards(record.selection),
        "lifted": None if record.lifted is None else str(record.lifted),
        "owed": [[f.game_id, f.level, f.result] for f in record.owed[-MAX_OWED:]],
        "legacy": record.legacy,
    }
    return sealed(body)


RESULTS = frozenset(r.value for r in Result)
V1_FIELDS = {"kind", "v", "game", "selection", "lifted", "counted"}
V2_FIELDS = {"kind", "v", "id", "game", "selection", "lifted", "owed", "legacy"}


def load_table(text: object) -> TableRecord:
    """The record under :data:`GAME_KEY`; :class:`SaveError` if it is not a valid one.

    A selection or lift that no longer fits the game is dropped rather than refused:
    neither is a move (R10, R17), and the game itself is intact.  A version-1 record
    gets an id made from its check value (the same on every load until it is rewritten)
    and says in ``legacy`` what its statistics had counted.
    """
    body = open_record(text, TABLE_KIND, TABLE_VERSIONS_READ)
    if set(body) != (V1_FIELDS if body["v"] == 1 else V2_FIELDS):
        raise SaveError("the saved table has unexpected fields")
    game = load_game(body["game"])
    selection_text, lifted_text = body["selection"], body["lifted"]
    if not isinstance(selection_text, str) or len(selection_text) > 20:
        raise SaveError("the saved pass selection is malformed")
    if lifted_text is not None and not isinstance(lifted_text, str):
        raise SaveError("the saved lifted card is malformed")
    try:
        selection = parse_cards(selection_text)
        lifted = None if lifted_text is None else Card.parse(lifted_text)
    except ValueError:
        raise SaveError("the saved selection names an unknown card") from None
    if body["v"] == 1:
        game_id, owed, legacy = _legacy(body, game)
    else:
        game_id, owed, legacy = body["id"], _owed(body["owed"]), body["legacy"]
        if not valid_game_id(game_id):
            raise SaveError("the saved game id is malformed")
        if legacy not in (None, PLAYED, FINISHED):
            raise SaveError("the saved table's legacy mark is malformed")
    return TableRecord(
        game=game,
        game_id=game_id,
        selection=valid_selection(game, selection),
        lifted=lifted if lifted in game.legal_plays(0) else None,
        owed=owed,
        legacy=legacy,
    )


def _legacy(body: dict[str, Any], game: Game) -> tuple[str, tuple[Fold, ...], str]:
    """Id, owed and counted mark of a version-1 record (counted at deal, and at the end)."""
    counted = body["counted"]
    if type(counted) is not bool:
        raise SaveError("the saved counted flag is malformed")
    if counted and game.phase != Phase.GAME_OVER:
        raise SaveError("a game still in progress cannot have been counted")
    return f"v1-{checksum(body)}", (), FINISHED if counted else PLAYED


def _owed(entries: object) -> tuple[Fold, ...]:
    if not isinstance(entries, list) or len(entries) > MAX_OWED:
        raise SaveError("the saved table's owed games are malformed")
    owed: list[Fold] = []
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 3:
            raise SaveError("the saved table's owed games are malformed")
        game_id, level, result = entry
        if not valid_game_id(game_id) or level not in LEVELS:
            raise SaveError("the saved table's owed games are malformed")
        if result is not None and result not in RESULTS:
            raise SaveError("the saved table's owed games are malformed")
        owed.append(Fold(game_id, Level(level), None if result is None else Result(result)))
    return tuple(owed)


def valid_selection(game: Game, selection: tuple[Card, ...]) -> tuple[Card, ...]:
    """``selection`` if it can still be your pass: at most 3 distinct cards you hold."""
    if game.phase != Phase.PASS or game.has_passed(0):
        return ()
    hand = set(game.hand(0))
    if len(selection) > 3 or len(set(selection)) != len(selection):
        return ()
    if any(card not in hand for card in selection):
        return ()
    return tuple(selection)
