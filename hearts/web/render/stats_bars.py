"""A level's results at a glance (R36): a bar of its finished games' wins, draws and losses.

Inline SVG, sized by the stylesheet (static/css/hearts/66-stats-bars.css): each part a
nested ``<svg>`` placed and sized in percentages of the bar, so nothing is stretched and the
page needs no style attribute (its CSP allows none).  The parts differ without colour
(WCAG 1.4.1): wins solid, draws striped, losses an outline; always in that order.  A level
with no finished game shows a dashed line.  The bar is an image named by its counts, "Medium:
3 wins, 1 draw, 2 losses"; no streak, no best score.
"""

from __future__ import annotations

from ...view.dialog_views import StatsRow
from .card_html import escape

PARTS = ("win", "loss", "draw")  # the rows of the statistics table whose name has a swatch
_ORDER = ("win", "draw", "loss")  # left to right in a bar


def _hatch(pattern_id: str) -> str:
    """The draws' stripes: a pattern in the bar's own pixels."""
    return (
        f'<defs><pattern id="{pattern_id}" width="5" height="5" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect class="stripe" width="2.5" height="5"></rect>'
        "</pattern></defs>"
    )


def _part(kind: str, x: float, width: float, pattern_id: str) -> str:
    """One part: its own viewport, which clips the outer half of its outline."""
    fill = f' fill="url(#{pattern_id})"' if kind == "draw" else ""
    return (
        f'<svg class="{kind}" x="{x:.4g}%" width="{width:.4g}%">'
        f'<rect width="100%" height="100%"{fill}></rect></svg>'
    )


def bar(row: StatsRow, index: int) -> str:
    """The bar of one level (``index``: its column, for the pattern's id)."""
    counts = {"win": row.won, "draw": row.drawn, "loss": row.lost}
    finished = sum(counts.values())
    pattern_id = f"stats-hatch-{index}"
    parts, x = [], 0.0
    for kind in _ORDER:
        if counts[kind]:
            width = 100 * counts[kind] / finished
            parts.append(_part(kind, x, width, pattern_id))
            x += width
    if not finished:
        parts.append('<line class="none" x1="0" y1="50%" x2="100%" y2="50%"></line>')
    return (
        f'<svg class="stats-bar" role="img" aria-label="{escape(row.bar_label)}">'
        f"{_hatch(pattern_id)}{''.join(parts)}</svg>"
    )
