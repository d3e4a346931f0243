"""The prompt over your hand never breaks inside a name, in either language, at 360, 390,
768, 844, 1366 and 1920 px: no line break inside "CPU 1"…"CPU 3" or a card's name, no line
holding only a seat's or card's name, a number or an ellipsis, and a CPU turn's prompt on a
phone in at most two lines. (On a portrait phone the prompt was a flex column, so each name,
a span that keeps it on one line, became a line of its own: "Waiting for" / "CPU 1" / "…"
on every CPU turn, "CPU 2" / "nimmt den Stich." in German.)

Each position is loaded once per language and the page walks the widths; the CPUs wait
10 s, so the prompt stays while it is measured.
"""

from __future__ import annotations

import pytest

from harness.gamepage import next_frame, playable_codes, tap
from hearts import rules

from .positions import load_position, play_until

SIZES = [(360, 640), (390, 844), (768, 1024), (844, 390), (1366, 768), (1920, 1080)]
PHONE_WIDTH = 480  # at most: a phone's prompt, where a CPU turn's takes at most two lines

# The prompt's lines as a reader sees them (each character's box, a new line where one
# starts below the line before), and each name (a .nw span) that spans two lines.
LINES = """
() => {
  const prompt = document.getElementById("prompt");
  const lines = [];
  let line = null;
  const walker = document.createTreeWalker(prompt, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = [...range.getClientRects()].find((r) => r.width > 0);
      if (box && (!line || box.top >= line.bottom - 1)) {
        line = {text: "", bottom: box.bottom};
        lines.push(line);
      }
      if (line) line.text += node.data[i];
    }
  }
  const broken = [...prompt.querySelectorAll(".nw")].filter((name) => {
    const rects = [...name.getClientRects()].filter((r) => r.width > 0);
    return new Set(rects.map((r) => Math.round(r.top))).size > 1;
  }).map((name) => name.textContent);
  const names = [...prompt.querySelectorAll(".nw")].map((name) => name.textContent.trim());
  return {lines: lines.map((l) => l.text.trim()), broken, names};
}
"""


def problems(page, where: str, cpu_turn: bool) -> list[str]:
    found = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        next_frame(page)
        got = page.evaluate(LINES)
        at = f"{where} {w}×{h}"
        assert got["lines"], f"{at}: no prompt"
        found += [f"{at}: a name broken: {name!r}" for name in got["broken"]]
        for text in got["lines"]:
            alone = text in got["names"] or text.strip("….,:;!? ").isdigit()
            if alone or not text.strip("….,:;!? "):
                found.append(f"{at}: a line of its own: {text!r} in {got['lines']}")
        if cpu_turn and w <= PHONE_WIDTH and len(got["lines"]) > 2:
            found.append(f"{at}: a CPU turn in {len(got['lines'])} lines: {got['lines']}")
    return found


def first_trick_cpu_to_play():
    """CPU 3 to play in the first trick: your received cards named over whose turn it is."""
    return play_until(
        11, lambda g: g.phase == "play" and g.to_act == 3 and len(g.current_trick) == 2
    )


def later_cpu_to_play():
    return play_until(
        11,
        lambda g: (
            g.phase == "play"
            and g.to_act in (1, 2, 3)
            and len(g.tricks) >= 3
            and not g.trick_waiting
        ),
    )


def cpu_takes_the_trick():
    return play_until(8, lambda g: g.trick_waiting and rules.trick_winner(g.current_trick) != 0)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_cpu_turn_never_breaks_a_name(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    found: list[str] = []
    for what, game in (
        ("first trick, CPU to play", first_trick_cpu_to_play()),
        ("CPU to play", later_cpu_to_play()),
        ("CPU takes the trick", cpu_takes_the_trick()),
    ):
        load_position(page, game, f"?cadence=10000&lang={lang}")
        found += problems(page, f"{lang} {what}", cpu_turn=True)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_your_turn_never_breaks_a_name(warm_lang_pages, lang):
    page = warm_lang_pages(lang)
    game = play_until(
        11, lambda g: g.phase == "play" and g.to_act == 0 and len(g.current_trick) == 3
    )
    load_position(page, game, f"?cadence=0&lang={lang}")
    found = problems(page, f"{lang} your turn", cpu_turn=False)
    tap(page, playable_codes(page)[0])
    found += problems(page, f"{lang} a card lifted", cpu_turn=False)
    assert found == [], "\n".join(found)
