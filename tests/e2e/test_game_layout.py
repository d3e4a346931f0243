"""Seat badges stay inside their plates on a phone (issue 4).

The hand's tap targets, the corner indices and the table on screen at every size are
measured in test_viewports.py (two rows of cards on portrait phones, issue 11)."""

from __future__ import annotations

from harness.gamepage import settle, wait_ready


def test_seat_badges_stay_inside_their_plates(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 640})
    page = context.new_page()
    try:
        page.goto("/?seed=8&cadence=0&lang=de")
        wait_ready(page)
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
    finally:
        context.close()
