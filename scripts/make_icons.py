#!/usr/bin/env python3
"""Draw the app icons: a playing card with a red heart on felt-green baize.

    python3 scripts/make_icons.py            write static/icons/*.png
    python3 scripts/make_icons.py --check    exit 1 if a committed PNG differs

Standard library only (zlib PNG writer, an anti-aliased polygon rasteriser), so the
icons are reproducible anywhere; the PNGs are committed, the web manifest names them.

    icon-192.png, icon-512.png                    purpose "any": rounded tile, transparent
                                                  corners (desktop install, tab strips)
    icon-maskable-192.png, icon-maskable-512.png  purpose "maskable": full-bleed felt, the
                                                  card inside the central safe circle (80 %)
    apple-touch-icon.png                          180 px, opaque, full bleed (iOS rounds it)

Colours match the page: felt #0d4f33 (theme colour), heart #c8102e, the suit pip of
index.html's sprite (same path).
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"

FELT_CENTRE = (0x17, 0x6E, 0x48)
FELT_EDGE = (0x09, 0x3B, 0x26)
CARD = (0xFD, 0xFC, 0xF8)
CARD_EDGE = (0xD9, 0xD4, 0xC8)
HEART = (0xC8, 0x10, 0x2E)
HEART_DARK = (0x9E, 0x0B, 0x23)

# index.html's heart pip (viewBox 0 0 100 100), as absolute cubic Béziers.
HEART_PATH = [
    ((50, 92), (34, 76), (4, 56), (4, 30)),
    ((4, 30), (4, 15), (15, 5), (28, 5)),
    ((28, 5), (38, 5), (45, 10), (50, 19)),
    ((50, 19), (55, 10), (62, 5), (72, 5)),
    ((72, 5), (85, 5), (96, 15), (96, 30)),
    ((96, 30), (96, 56), (66, 76), (50, 92)),
]

Point = tuple[float, float]


# --- geometry ------------------------------------------------------------------------------


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 48) -> list[Point]:
    out = []
    for i in range(steps):
        t = i / steps
        u = 1 - t
        a, b, c, d = u**3, 3 * u * u * t, 3 * u * t * t, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def heart(cx: float, cy: float, width: float, flip: bool = False) -> list[Point]:
    """The pip, `width` wide, centred on (cx, cy); flip = upside down (card corners)."""
    scale = width / 92
    points = [p for seg in HEART_PATH for p in bezier(*seg)]
    out = []
    for x, y in points:
        dx, dy = (x - 50) * scale, (y - 48.5) * scale
        out.append((cx - dx, cy - dy) if flip else (cx + dx, cy + dy))
    return out


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Point]:
    out = []
    corners = (
        (x1 - r, y0 + r, -90),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    )
    for cx, cy, start in corners:
        for i in range(17):
            a = math.radians(start + 90 * i / 16)
            out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def rotate(points: list[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def coverage(polygon: list[Point], size: int, sub: int = 5) -> list[float]:
    """Anti-aliased coverage (0..1) per pixel: `sub` scanlines per pixel row, exact in x."""
    edges = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if y0 != y1:
            edges.append((x0, y0, x1, y1) if y0 < y1 else (x1, y1, x0, y0))
    cov = [0.0] * (size * size)
    top = max(0, int(min(e[1] for e in edges)))
    bottom = min(size, int(max(e[3] for e in edges)) + 1)
    weight = 1 / sub
    for py in range(top, bottom):
        row = [0.0] * (size + 2)
        diff = [0.0] * (size + 2)
        for k in range(sub):
            y = py + (k + 0.5) / sub
            xs = sorted(
                x0 + (y - y0) * (x1 - x0) / (y1 - y0) for x0, y0, x1, y1 in edges if y0 <= y < y1
            )
            for a, b in zip(xs[::2], xs[1::2], strict=False):
                a, b = max(a, 0.0), min(b, float(size))
                if b <= a:
                    continue
                ia, ib = int(a), int(b)
                if ia == ib:
                    row[ia] += (b - a) * weight
                    continue
                row[ia] += (ia + 1 - a) * weight
                row[ib] += (b - ib) * weight
                diff[ia + 1] += weight
                diff[ib] -= weight
        run = 0.0
        base = py * size
        for px in range(size):
            run += diff[px]
            value = row[px] + run
            if value > 1e-6:
                cov[base + px] = min(1.0, value)
    return cov


def blur(values: list[float], size: int, radius: int) -> list[float]:
    """Box blur, three passes each way (close to a Gaussian)."""
    for _ in range(3):
        for horizontal in (True, False):
            out = [0.0] * len(values)
            for line in range(size):
                idx = (
                    [line * size + i for i in range(size)]
                    if horizontal
                    else [i * size + line for i in range(size)]
                )
                window = 0.0
                span = 2 * radius + 1
                line_values = [values[i] for i in idx]
                padded = [0.0] * radius + line_values + [0.0] * radius
                window = sum(padded[:span])
                for i in range(size):
                    out[idx[i]] = window / span
                    window += padded[i + span] - padded[i] if i + span < len(padded) else -padded[i]
            values = out
    return values


# --- painting ------------------------------------------------------------------------------


class Canvas:
    def __init__(self, size: int):
        self.size = size
        self.rgb = [(0.0, 0.0, 0.0)] * (size * size)
        self.alpha = [0.0] * (size * size)

    def fill(self, cov: list[float], colour, opacity: float = 1.0) -> None:
        for i, c in enumerate(cov):
            if c:
                self._put(i, c * opacity, colour)

    def felt(self, cov: list[float]) -> None:
        """Baize: a radial light falloff and a fine, deterministic weave of noise."""
        size = self.size
        shade = []
        for y in range(size):
            for x in range(size):
                dx, dy = (x + 0.5) / size - 0.5, (y + 0.5) / size - 0.42
                t = min(1.0, math.hypot(dx, dy) / 0.72)
                t = t * t * (3 - 2 * t)
                n = ((x * 73856093) ^ (y * 19349663) ^ ((x + y) * 83492791)) & 0xFFFF
                grain = (n / 0xFFFF - 0.5) * 0.045 + 0.012 * math.sin((x - y) * 1.7)
                shade.append((t, grain))
        for i, c in enumerate(cov):
            if not c:
                continue
            t, grain = shade[i]
            colour = tuple(
                max(0.0, min(255.0, (ce + (ed - ce) * t) * (1 + grain)))
                for ce, ed in zip(FELT_CENTRE, FELT_EDGE, strict=True)
            )
            self._put(i, c, colour)

    def _put(self, i: int, a: float, colour) -> None:
        """Paint `colour` with opacity a over pixel i (straight alpha, "over")."""
        old_a = self.alpha[i]
        out_a = a + old_a * (1 - a)
        orr, og, ob = self.rgb[i]
        k = old_a * (1 - a)
        r, g, b = colour
        self.rgb[i] = (
            (r * a + orr * k) / out_a,
            (g * a + og * k) / out_a,
            (b * a + ob * k) / out_a,
        )
        self.alpha[i] = out_a

    def png(self) -> bytes:
        size = self.size
        raw = bytearray()
        for y in range(size):
            raw.append(0)  # filter: none
            for x in range(size):
                i = y * size + x
                r, g, b = self.rgb[i]
                a = self.alpha[i]
                raw += bytes((byte(r), byte(g), byte(b), byte(a * 255)))
        return encode_png(size, size, bytes(raw))


def byte(value: float) -> int:
    return max(0, min(255, round(value)))


def encode_png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw(size: int, *, tile: bool, content: float) -> bytes:
    """tile: rounded tile with transparent corners (else full bleed); content: card scale."""
    s = size
    canvas = Canvas(s)
    background = rounded_rect(0, 0, s, s, 0.22 * s) if tile else [(0, 0), (s, 0), (s, s), (0, s)]
    canvas.felt(coverage(background, s))

    # The card: 0.56 x 0.75 of the content box, tilted a little, with a soft shadow.
    w, h = 0.56 * s * content, 0.75 * s * content
    cx, cy = s / 2, s / 2
    angle = -6
    card = rotate(
        rounded_rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, 0.08 * w), cx, cy, angle
    )
    offset = 0.025 * s
    shadow = [(x + offset * 0.4, y + offset) for x, y in card]
    canvas.fill(blur(coverage(shadow, s), s, max(1, round(0.018 * s))), (0, 0, 0), 0.45)
    canvas.fill(coverage(card, s), CARD_EDGE)
    inset = max(0.6, 0.006 * s)
    inner = rotate(
        rounded_rect(
            cx - w / 2 + inset,
            cy - h / 2 + inset,
            cx + w / 2 - inset,
            cy + h / 2 - inset,
            0.08 * w - inset,
        ),
        cx,
        cy,
        angle,
    )
    canvas.fill(coverage(inner, s), CARD)

    # The big heart, and the corner pips where the icon is large enough to show them.
    big = rotate(heart(cx, cy + 0.01 * h, 0.62 * w), cx, cy, angle)
    canvas.fill(coverage(big, s), HEART)
    if s >= 120:
        pip = 0.13 * w
        for px, py, flip in (
            (cx - w / 2 + 0.16 * w, cy - h / 2 + 0.14 * w, False),
            (cx + w / 2 - 0.16 * w, cy + h / 2 - 0.14 * w, True),
        ):
            canvas.fill(coverage(rotate(heart(px, py, pip, flip), cx, cy, angle), s), HEART_DARK)
    return canvas.png()


ICONS = {
    "icon-192.png": (192, True, 1.0),
    "icon-512.png": (512, True, 1.0),
    # Maskable: the safe zone is the central circle of 40 % radius; the tilted card's
    # corners stay inside it at this scale.
    "icon-maskable-192.png": (192, False, 0.74),
    "icon-maskable-512.png": (512, False, 0.74),
    "apple-touch-icon.png": (180, False, 0.9),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed PNGs")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, (size, tile, content) in ICONS.items():
        data = draw(size, tile=tile, content=content)
        path = OUT / name
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(name)
        else:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    if stale:
        print(f"stale icons: {stale}; run python3 scripts/make_icons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
