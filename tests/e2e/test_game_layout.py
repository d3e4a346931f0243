"""Seat badges stay inside their plates on a phone.

The hand's tap targets, the corner indices and the table on screen at every size are
measured in test_viewports.py (two rows of cards on portrait phones)."""

from __future__ import annotations

from harness.gamepage import settle


def test_seat_badges_stay_inside_their_plates(warm_lang_pages):
    page = warm_lang_pages("de", (360, 640))
    settle(page)
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.seat-status')].map((b) => {
            const r = b.getBoundingClientRect();
            const p = b.closest('.plate').getBoundingClientRect();
            return [r.left - p.left, p.right - r.right];
        })"""
    )
    assert len(boxes) == 3
    assert all(left >= 0 and right >= 0 for left, right in boxes), boxes
