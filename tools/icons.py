"""Render the app icons from their SVG sources with the project's Chromium.

    python -m tools.icons            write static/icons/*.png   (make icons)
    python -m tools.icons --check    exit 1 if a committed PNG no longer matches its source

The drawings are static/icons/icon.svg (purpose "any": a rounded tile, transparent
corners; also the favicon) and static/icons/icon-maskable.svg (purpose "maskable": full
bleed, the card inside the central 80 % safe circle; also the opaque apple-touch icon).
The check compares pixels in the browser with a small tolerance, because antialiasing
may differ by a shade between Chromium versions.
"""

from __future__ import annotations

import argparse
import base64
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from harness.browser import ROOT, launch

ICONS = ROOT / "static" / "icons"
TARGETS = {  # png name: (svg source, size in px)
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "icon-maskable-192.png": ("icon-maskable.svg", 192),
    "icon-maskable-512.png": ("icon-maskable.svg", 512),
    "apple-touch-icon.png": ("icon-maskable.svg", 180),
}
MAX_CHANNEL_DIFF = 24  # per pixel and channel, out of 255
MAX_MEAN_DIFF = 0.5

COMPARE = """async ([a, b]) => {
  const pixels = async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = new OffscreenCanvas(img.width, img.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    return [img.width, img.height, ctx.getImageData(0, 0, img.width, img.height).data];
  };
  const [[wa, ha, pa], [wb, hb, pb]] = [await pixels(a), await pixels(b)];
  if (wa !== wb || ha !== hb) return { sizeMismatch: true, max: 255, mean: 255 };
  let max = 0, sum = 0;
  for (let i = 0; i < pa.length; i++) {
    const d = Math.abs(pa[i] - pb[i]);
    sum += d;
    if (d > max) max = d;
  }
  return { max, mean: sum / pa.length };
}"""


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def render(page: Any, svg: Path, size: int) -> bytes:
    page.set_viewport_size({"width": size, "height": size})
    source = base64.b64encode(svg.read_bytes()).decode()
    page.set_content(
        '<html><body style="margin:0;background:transparent">'
        f'<img src="data:image/svg+xml;base64,{source}" width="{size}" height="{size}" '
        'style="display:block"></body></html>'
    )
    page.wait_for_function("document.images[0].complete")
    clip = {"x": 0, "y": 0, "width": size, "height": size}
    png: bytes = page.screenshot(omit_background=True, clip=clip)
    return png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    with sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(device_scale_factor=1)
        for name, (svg, size) in TARGETS.items():
            png = render(page, ICONS / svg, size)
            target = ICONS / name
            if not args.check:
                target.write_bytes(png)
                print(f"wrote {target.relative_to(ROOT)} ({size} px, {len(png):,} bytes)")
                continue
            if not target.is_file():
                stale.append(f"{name}: missing")
                continue
            diff = page.evaluate(COMPARE, [data_url(target.read_bytes()), data_url(png)])
            if diff["max"] > MAX_CHANNEL_DIFF or diff["mean"] > MAX_MEAN_DIFF:
                found = f"max {diff['max']}, mean {diff['mean']:.3f}"
                stale.append(f"{name}: differs from {svg} ({found})")
        browser.close()
    for line in stale:
        print(f"stale: {line}; run `make icons`", file=sys.stderr)
    if args.check and not stale:
        print(f"{len(TARGETS)} icons match their SVG sources")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
