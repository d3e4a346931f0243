"""WCAG contrast from computed styles, for what axe marks "needs review".

axe cannot decide text on a gradient (the felt, the card face) and skips one-character
text (card indices, score digits).  For those nodes the tests collect the element's
colour and the backgrounds behind it (its own and its ancestors' semi-transparent
colours, down to the first opaque colour or gradient) and take the worst case over the
gradient's colour stops.
"""

from __future__ import annotations

import re
from typing import Any

COLOUR = re.compile(r"rgba?\(([^)]*)\)")

# For each selector: text colour, font size and weight, and the background layers from
# the element outwards, ending at an opaque colour or a gradient.
LAYERS_JS = """
(selectors) => selectors.map((selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const style = getComputedStyle(el);
  const layers = [];
  for (let node = el; node; node = node.parentElement) {
    const s = getComputedStyle(node);
    if (s.backgroundImage.includes("gradient")) {
      layers.push({ gradient: s.backgroundImage, color: s.backgroundColor });
      break;
    }
    layers.push({ color: s.backgroundColor });
    if (/^rgb\\(/.test(s.backgroundColor)) break;
  }
  return { selector, color: style.color, size: parseFloat(style.fontSize),
           weight: parseInt(style.fontWeight, 10), layers };
})
"""


def parse(text: str) -> tuple[float, float, float, float]:
    parts = [float(x) for x in re.split(r"[ ,/]+", text.strip()) if x]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def colours(text: str) -> list[tuple[float, float, float, float]]:
    return [parse(m) for m in COLOUR.findall(text)]


def over(top: tuple[float, ...], base: tuple[float, ...]) -> tuple[float, float, float, float]:
    a = top[3]
    return (*(top[i] * a + base[i] * (1 - a) for i in range(3)), 1.0)  # type: ignore[return-value]


def luminance(c: tuple[float, ...]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def ratio(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def worst_ratio(fg: str, layers: list[dict[str, str]]) -> float:
    """The lowest contrast of ``fg`` over every colour stop of the bottom layer."""
    white = (255.0, 255.0, 255.0, 1.0)
    *inner, bottom = layers
    under = over(colours(bottom["color"])[0], white)
    bases = [over(stop, under) for stop in colours(bottom.get("gradient", ""))] or [under]
    worst = 99.0
    for bg in bases:
        for layer in reversed(inner):
            bg = over(colours(layer["color"])[0], bg)
        worst = min(worst, ratio(over(colours(fg)[0], bg), bg))
    return worst


def needed(size_px: float, weight: int) -> float:
    """4.5:1, or 3:1 for large text (24 px, or 18.67 px bold)."""
    return 3.0 if size_px >= 24 or (size_px >= 18.66 and weight >= 700) else 4.5


def left_for_review(results: dict[str, Any]) -> list[str]:
    """The selectors of the nodes axe left for review on colour contrast (text on the felt
    gradient, one-character card indices and score digits), to measure with :func:`check`."""
    return [
        node["target"][0]
        for v in results["incomplete"]
        if v["id"] == "color-contrast"
        for node in v["nodes"]
        if isinstance(node["target"][0], str)
    ]


def check(page: Any, selectors: list[str]) -> list[str]:
    """Failures as text, one per element below its WCAG AA threshold."""
    failures = []
    for item in page.evaluate(LAYERS_JS, selectors):
        if item is None:
            continue
        got = worst_ratio(item["color"], item["layers"])
        if got < needed(item["size"], item["weight"]):
            where = f"{item['color']} on {item['layers']}"
            failures.append(f"{item['selector']}: {got:.2f}:1 ({where})")
    return failures
