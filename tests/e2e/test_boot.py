"""Instant start (U5's progress): the table is on screen before Python, and taps
are not lost.

The game's archive (hearts.zip) is held back 4 s by the test server, so the
engine is not ready for a while after the page is; the service worker is blocked and the
HTTP cache is off (the archive is served `immutable`, under a URL named for its hash), so
that every load asks the server.
"""

from __future__ import annotations

import json

import pytest

from harness.browser import SITE, serve
from harness.gamepage import settle, state, tap, wait_ready
from hearts import i18n
from hearts.web.records import PICTURE_KEY, SETTINGS_KEY

DELAY_MS = 4000
PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.getElementById("boot-bar");
  if (bar) window.__progress.push(Number(bar.getAttribute("aria-valuenow")));
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
"""

# What the table shows the moment boot.js has painted it (a microtask after, in the same
# task: Python cannot have drawn anything yet, however late the test looks).
PAINTED_FACTS = """
window.__painted = null;
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root.dataset.state !== "painted") return;
  observer.disconnect();
  window.__painted = {
    boot: root.dataset.boot,
    facedown: document.querySelectorAll("#hand .facedown").length,
    seat: document.querySelector("#seat-0 .seat-name")?.textContent ?? null,
    backs: document.querySelectorAll(".backs .back").length,
    text: document.getElementById("boot-text")?.textContent ?? null,
  };
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


STEPS_SEEN = """
window.__steps = [];
new MutationObserver(() => {
  const text = document.getElementById("boot-text");
  const last = window.__steps[window.__steps.length - 1];
  if (text && text.textContent !== last) window.__steps.push(text.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


@pytest.fixture(scope="module")
def slow_site():
    with serve(SITE, "--delay", f"hearts.zip={DELAY_MS}") as url:
        yield url


@pytest.fixture
def page(browser, slow_site):
    context = browser.new_context(base_url=slow_site, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    page.set_default_timeout(90_000)
    yield page
    context.close()


def painted(page, query: str = "") -> None:
    """Load (or reload) and wait for what static/boot.js paints; the engine is not ready."""
    page.goto("/" + query, wait_until="commit")
    page.wait_for_selector("html[data-state=painted]", state="attached")
    assert page.get_attribute("html", "data-state") == "painted", "the engine was not held back"


def codes(page, selector: str = "#hand button[data-card]") -> list[str]:
    found: list[str] = page.eval_on_selector_all(selector, "(bs) => bs.map((b) => b.dataset.card)")
    return found


def test_the_first_visit_shows_the_table_with_face_down_hands_and_progress(page):
    page.add_init_script(PROGRESS)
    page.add_init_script(PAINTED_FACTS)
    page.goto("/?seed=7&cadence=0&lang=de", wait_until="commit")
    wait_ready(page)
    first = page.evaluate("window.__painted")
    assert first is not None, "the table was never painted before the engine drew it"
    assert first["text"].strip().endswith("…"), first
    assert {k: first[k] for k in ("boot", "facedown", "seat", "backs")} == {
        "boot": "neutral",
        "facedown": 13,
        "seat": "Du",
        "backs": 39,
    }
    assert page.locator("#hand button[data-card]").count() == 13
    progress = page.evaluate("window.__progress")
    assert progress == sorted(progress), f"the bar went backwards: {progress}"
    assert progress[-1] == 100 and page.locator("#boot").is_hidden()


def test_a_reload_shows_the_saved_hand_and_a_tap_then_is_played_once(page):
    page.goto("/?seed=7&cadence=0&lang=en")
    now = wait_ready(page)
    hand = codes(page)
    for code in hand[:3]:
        tap(page, code)
    page.locator('[data-intent="confirm-pass"]').click()
    now = settle(page)
    assert now["to_act"] == 0 and now["phase"] == "play"
    hand, before = codes(page), now["actions"]
    shown = {r: page.inner_html(f"#{r}") for r in ("center", "seat-1", "status", "prompt")}

    painted(page)
    assert page.get_attribute("html", "data-boot") == "picture"
    assert codes(page) == hand  # your hand, face up, before Python has started
    assert {r: page.inner_html(f"#{r}") for r in shown} == shown  # trick, plates, status
    card = now["legal"][0]
    tap(page, card)  # lifts at once
    assert "lifted" in page.get_attribute(f'#hand button[data-card="{card}"]', "class")
    tap(page, card)  # the second tap: played as soon as the engine is ready
    assert page.get_attribute("html", "data-state") == "painted"
    wait_ready(page)
    after = settle(page)
    mine = [a for a in after["actions"][len(before) :] if a.startswith("0 ")]
    assert mine == [f"0 {card}"]  # applied, exactly once
    assert card not in codes(page)


def test_cards_chosen_before_the_engine_is_ready_are_passed(page):
    page.goto("/?seed=11&cadence=0&lang=en")
    wait_ready(page)
    painted(page)
    hand = codes(page)
    chosen = [hand[1], hand[6], hand[11]]
    for code in chosen:
        tap(page, code)
    confirm = page.locator('[data-intent="confirm-pass"]')
    assert confirm.is_enabled()  # three chosen: the button answers at once (R7)
    confirm.click()
    wait_ready(page)
    now = settle(page)
    passes = [a for a in now["actions"] if a.startswith("P0 ")]
    assert len(passes) == 1 and sorted(passes[0][3:].split()) == sorted(chosen)


@pytest.mark.parametrize("edit", ["table", "build"])
def test_a_picture_of_another_save_or_build_is_not_painted(page, edit):
    page.goto("/?seed=7&cadence=0&lang=en")
    wait_ready(page)
    picture = json.loads(page.evaluate(f"localStorage.getItem('{PICTURE_KEY}')"))
    picture[edit] = "0" * 16
    page.evaluate(f"localStorage.setItem('{PICTURE_KEY}', {json.dumps(json.dumps(picture))})")
    painted(page)
    assert page.get_attribute("html", "data-boot") == "neutral"
    assert page.locator("#hand button").count() == 0  # face down until the engine draws it
    wait_ready(page)
    assert page.locator("#hand button[data-card]").count() == 13
    assert state(page)["game"]  # the saved game itself is resumed as always


def test_the_steps_follow_the_start_and_say_the_table_only_once_python_runs(browser, site_url):
    # The site at full speed: the game's archive is preloaded as soon as the table is painted,
    # long before Python runs; that is no reason to say the table is being set up.
    context = browser.new_context(base_url=site_url, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(STEPS_SEEN)
        page.goto("/?seed=7&cadence=0&lang=en")
        wait_ready(page)
        steps = [t for t in page.evaluate("window.__steps") if t != "Loading…"]
        words = [i18n.text("en", f"boot.{key}") for key in ("runtime", "engine", "game")]
        assert steps == words, steps
    finally:
        context.close()


# stored HTML that the renderer never makes, added to a picture that
# otherwise belongs to the save and the build. Before the fix boot.js painted it as it was.
FOREIGN = {
    "meta-refresh": ("center", '<meta http-equiv="refresh" content="0;url=/static/">'),
    "link-away": ("center", '<a href="https://example.com/">Play here</a>'),
    "page-id": ("seat-1", '<div id="hand" class="hand"></div>'),
    "stylesheet": ("status", '<link rel="stylesheet" href="/static/missing.css">'),
}


@pytest.mark.parametrize("what", sorted(FOREIGN))
def test_a_picture_with_markup_the_renderer_never_makes_is_not_painted(page, what):
    page.goto("/?seed=7&cadence=0&lang=en")
    wait_ready(page)
    picture = json.loads(page.evaluate(f"localStorage.getItem('{PICTURE_KEY}')"))
    region, html = FOREIGN[what]
    picture["regions"][region] += html
    page.evaluate(f"localStorage.setItem('{PICTURE_KEY}', {json.dumps(json.dumps(picture))})")
    painted(page)
    assert page.get_attribute("html", "data-boot") == "neutral"
    assert page.evaluate("document.querySelectorAll('#hand').length") == 1
    assert page.locator("body meta, body link, #table a").count() == 0
    wait_ready(page)
    assert page.url.endswith("/")  # not sent anywhere
    assert page.locator("#hand button[data-card]").count() == 13


def test_prototype_keys_as_a_language_do_not_break_the_boot_module(page):
    """``?lang=constructor`` (or the same saved) crashed boot.js's
    language lookup: no table painted, no taps queued."""
    page.goto("/?seed=7&cadence=0&lang=en")
    wait_ready(page)
    page.evaluate(
        f"localStorage.removeItem('{PICTURE_KEY}');"
        f"localStorage.setItem('{SETTINGS_KEY}', JSON.stringify({{lang: '__proto__'}}))"
    )
    painted(page, "?lang=constructor")
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("#hand .facedown").count() == 13
    assert page.evaluate("typeof window.heartsBoot.take") == "function"
    wait_ready(page)
    picture = json.loads(page.evaluate(f"localStorage.getItem('{PICTURE_KEY}')"))
    picture["lang"] = "constructor"
    page.evaluate(f"localStorage.setItem('{PICTURE_KEY}', {json.dumps(json.dumps(picture))})")
    painted(page)
    assert page.get_attribute("html", "data-boot") == "neutral"
    wait_ready(page)


# (U9): the renderer's own markup around words it never says. A tampered
# picture showed a warning and a button of its own, and a waiting second tab kept showing
# them: before the fix boot.js painted them as stored.
INVENTED = "Your save is damaged. Visit example.com to recover it"
INVENTED_TEXT = {
    "prompt": ("prompt", INVENTED),
    "button": ("center", '<button type="button" class="btn primary">Recover save</button>'),
    "aria-label": ("seat-2", f'<div class="pile" role="img" aria-label="{INVENTED}"></div>'),
}


def store_picture(page, picture: dict[str, object]) -> None:
    page.evaluate(f"localStorage.setItem('{PICTURE_KEY}', {json.dumps(json.dumps(picture))})")


def test_a_picture_with_words_the_game_never_says_is_not_painted(page):
    page.goto("/?seed=7&cadence=0&lang=en")
    wait_ready(page)
    pristine = page.evaluate(f"localStorage.getItem('{PICTURE_KEY}')")
    for what, (region, html) in INVENTED_TEXT.items():
        picture = json.loads(pristine)
        picture["regions"][region] += html
        store_picture(page, picture)
        painted(page)  # the archive is held back: Python stores nothing meanwhile
        assert page.get_attribute("html", "data-boot") == "neutral", what
        assert INVENTED not in page.content() and "Recover save" not in page.content(), what
    wait_ready(page)
    assert page.locator("#hand button[data-card]").count() == 13  # the saved game, drawn
    assert INVENTED not in page.content() and "Recover save" not in page.content()
    painted(page)  # and the picture Python stores then is painted again at once
    assert page.get_attribute("html", "data-boot") == "picture"


def test_a_pictures_stored_labels_are_never_painted_the_builds_are(page):
    """The labels outside the regions (the menu button, the landmarks) are the build's for
    the picture's language: a stored one is not read."""
    page.goto("/?seed=7&cadence=0&lang=de")
    wait_ready(page)
    picture = json.loads(page.evaluate(f"localStorage.getItem('{PICTURE_KEY}')"))
    picture["labels"] = {"menu": "Recover save", "hand": INVENTED, "table": "x", "center": "x"}
    store_picture(page, picture)
    painted(page)
    assert page.get_attribute("html", "data-boot") == "picture"  # its regions are the game's
    assert page.locator("#menu-button").inner_text() == i18n.text("de", "menu")
    assert page.get_attribute("#hand", "aria-label") == i18n.text("de", "your_hand")
    assert "Recover save" not in page.content() and INVENTED not in page.content()
