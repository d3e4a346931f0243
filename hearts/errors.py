"""Error types of the engine: both are ``ValueError`` so callers can catch bad input broadly."""


class IllegalPlay(ValueError):
    """An action the rules or the game's phase do not allow; the game is left unchanged."""


class SaveError(ValueError):
    """A stored record (game, statistics, settings) that is malformed, tampered or foreign."""
