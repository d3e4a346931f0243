"""HTML for each region and dialog of the page, built from view models (pure, no browser).

The painter sets each region's HTML in one assignment and only when it changed.
"""

from .card_html import card_face, escape, hand_card, suit_svg, trick_card
from .dialog_html import TAB_DIALOG, help_text, menu, new_game, notices, other_tab, stats, summary
from .table_html import (
    center,
    facedown_hand,
    facedown_hand_class,
    hand,
    hand_class,
    plate,
    prompt,
    status_bar,
)
from .words import unbroken

__all__ = [
    "TAB_DIALOG",
    "card_face",
    "center",
    "escape",
    "facedown_hand",
    "facedown_hand_class",
    "hand",
    "hand_card",
    "hand_class",
    "help_text",
    "menu",
    "new_game",
    "notices",
    "other_tab",
    "plate",
    "prompt",
    "stats",
    "status_bar",
    "suit_svg",
    "summary",
    "trick_card",
    "unbroken",
]
