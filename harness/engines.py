"""The three browser engines players use, driven the same way: Chromium, Firefox, WebKit.

Playwright can drive only Chromium here (its own Firefox and WebKit builds cannot be
downloaded), so each engine is driven through what drives the stock Debian browser:

    chromium  /usr/bin/chromium through Playwright (CDP)
    firefox   /usr/bin/firefox-esr over WebDriver BiDi, spoken directly on its WebSocket
              (no geckodriver: Debian does not package it, and nothing may be downloaded)
    webkit    WebKitGTK's MiniBrowser through /usr/bin/WebKitWebDriver (Selenium's
              ``webkitgtk`` driver, paths given, so Selenium Manager downloads nothing),
              on a virtual X display (Xvfb): MiniBrowser has no headless mode

:class:`Engine` is the one small surface the cross-engine tests and the start-up benchmark
use: navigate, evaluate a script (a function with one JSON argument, or an expression),
click a point of the viewport and press keys like a player (real input events, not
``element.click()``), and the errors the page reported. ``evaluate`` has Playwright's
shape, so ``harness.gamepage.state`` and ``tests/e2e/drive.py`` work on any engine.

Errors: Chromium and Firefox report every uncaught error and ``console.error`` from the
page's first script on (CDP / BiDi ``log.entryAdded``). WebKitWebDriver has no log and
no preload script, so there :meth:`Engine.watch_errors` installs listeners once the page
runs; earlier failures show as the page's own error states (``.py-error``,
``data-boot-error``) or as a start that never gets ready.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

from harness.browser import favicon_miss, stop_process

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("HEARTS_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("HEARTS_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "HEARTS_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
XVFB = "/usr/bin/Xvfb"
VIEWPORT = (1280, 800)
START_TIMEOUT_S = 60  # a browser start on the loaded 2-core machine (WebKit: 5+ s)
SCRIPT_TIMEOUT_S = 120

# Key names (Playwright's) -> WebDriver key codes (W3C WebDriver, "keyboard actions").
KEYS = {
    "Tab": "\ue004",
    "Enter": "\ue007",
    "Escape": "\ue00c",
    "Space": " ",
    "End": "\ue010",
    "Home": "\ue011",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Shift": "\ue008",
}

# Uncaught errors, unhandled rejections and console.error, from the moment it runs.
ERROR_WATCH = """() => {
  if (window.__engineErrors) return true;
  const seen = (window.__engineErrors = []);
  addEventListener("error", (e) => seen.push(`error: ${e.message || e.target?.src || e.type}`));
  addEventListener("unhandledrejection", (e) => seen.push(`rejection: ${e.reason}`));
  const original = console.error;
  console.error = (...args) => { seen.push(`console: ${args.join(" ")}`); original(...args); };
  // Where and what: the script position that did it, and the start of the blocked text.
  document.addEventListener("securitypolicyviolation", (e) => seen.push(
    `csp: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"}` +
    ` at ${e.sourceFile || "?"}:${e.lineNumber}:${e.columnNumber}` +
    ` sample ${JSON.stringify(e.sample || "")}` +
    ` on ${e.target?.nodeName || "?"}`));
  return true;
}"""

# The point a finger would tap: (x, y) px inside the element's box from its top left
# (clamped to its middle), after scrolling it into view; refused when something else
# is on top there (an overlapping card, a dialog), as a tap would be.
TAP_POINT = """([selector, dx, dy]) => {
  const el = document.querySelector(selector);
  if (!el) return { error: `nothing at ${selector}` };
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
  const r = el.getBoundingClientRect();
  const x = r.left + (dx === null ? r.width / 2 : Math.min(dx, r.width / 2));
  const y = r.top + (dy === null ? r.height / 2 : Math.min(dy, r.height / 2));
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) {
    const what = hit && hit.outerHTML.slice(0, 120);
    return { error: `${selector} is covered at (${x}, ${y}) by ${what}` };
  }
  return { x: Math.round(x), y: Math.round(y) };
}"""


def _script(expression: str) -> str:
    """JavaScript that evaluates ``expression``; calls it with the argument if it is a
    function (Playwright's rule); resolves to the JSON text of the result."""
    return (
        f"const value = ({expression});\n"
        "const result = await (typeof value === 'function' ? value(arg) : value);\n"
        "return result === undefined ? 'null' : JSON.stringify(result);"
    )


class Engine:
    """One browser with one tab. Subclasses implement the transport."""

    name = ""
    version = ""
    native_errors = False  # True: every page error since the start is in errors()

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self._errors: list[str] = []

    # -- the transport (per engine) --
    def _navigate(self, url: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def _run(self, body: str, arg: Any) -> str:
        """Run an async function body (``arg`` bound) in the page; its string result."""
        raise NotImplementedError

    def _pointer_click(self, x: int, y: int) -> None:
        raise NotImplementedError

    def _key(self, code: str, shift: bool) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # -- what tests use --
    def goto(self, path: str) -> None:
        """Navigate to ``path`` relative to the site (``/?seed=1`` or a full URL)."""
        url = path if "://" in path else self.base_url + path.lstrip("/")
        self._leave()
        self._navigate(url)
        self._arrive()

    def reload(self) -> None:
        self._leave()
        self._reload()
        self._arrive()

    def _leave(self) -> None:
        """Keep what the error watch saw in the document about to go."""
        if not self.native_errors:
            with contextlib.suppress(Exception):
                self._errors += self.evaluate("window.__engineErrors || []")

    def _arrive(self) -> None:
        if not self.native_errors:
            self.watch_errors()

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        return json.loads(self._run(_script(expression), arg))

    def wait_for_timeout(self, ms: float) -> None:
        """A short pause between two polls of the page (Playwright's name)."""
        time.sleep(ms / 1000)

    def wait_for(self, expression: str, timeout_s: float, what: str = "") -> Any:
        """Poll ``expression`` until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name}: timed out after {timeout_s} s: {what or expression}"
                )
            time.sleep(0.05)

    def wait_for_selector(self, selector: str, timeout_s: float) -> None:
        self.wait_for(f"!!document.querySelector({json.dumps(selector)})", timeout_s, selector)

    def exists(self, selector: str) -> bool:
        return bool(self.evaluate(f"!!document.querySelector({json.dumps(selector)})"))

    def click(self, selector: str, dx: float | None = None, dy: float | None = None) -> None:
        """A real click (pointer events from the browser's input path) at the point of
        ``selector`` a finger would tap: ``(dx, dy)`` from its top left, or its middle."""
        point = self.evaluate(TAP_POINT, [selector, dx, dy])
        if "error" in point:
            raise AssertionError(f"{self.name}: {point['error']}")
        self._pointer_click(point["x"], point["y"])

    def press(self, key: str) -> None:
        """A key press on the focused element: ``Tab``, ``Shift+Tab``, ``Enter``, ..."""
        shift = key.startswith("Shift+")
        self._key(KEYS[key.removeprefix("Shift+")], shift)

    def watch_errors(self) -> None:
        """Collect the page's errors from now on, in this document (engines without a log)."""
        self.evaluate(ERROR_WATCH)

    def clear_errors(self) -> None:
        self._errors.clear()
        if not self.native_errors:
            self.evaluate("() => { if (window.__engineErrors) window.__engineErrors.length = 0; }")

    def errors(self) -> list[str]:
        """Page errors so far: the engine's own log, plus those the watch saw."""
        watched = [] if self.native_errors else self.evaluate("window.__engineErrors || []")
        return [*self._errors, *watched]


# --- Chromium: Playwright --------------------------------------------------------------------


class ChromiumEngine(Engine):
    """A Playwright page (the e2e session's Chromium, or one the caller launched)."""

    name = "chromium"
    native_errors = True

    def __init__(self, base_url: str, context: Any) -> None:
        super().__init__(base_url)
        self.context = context
        self.page = context.new_page()
        self.page.set_viewport_size({"width": VIEWPORT[0], "height": VIEWPORT[1]})
        self.version = context.browser.version if context.browser else ""
        self.page.on("pageerror", lambda e: self._errors.append(f"pageerror: {e}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error" and not favicon_miss(message):
            self._errors.append(f"console: {message.text}")

    def _navigate(self, url: str) -> None:
        self.page.goto(url, timeout=START_TIMEOUT_S * 1000)

    def _reload(self) -> None:
        self.page.reload(timeout=START_TIMEOUT_S * 1000)

    def _run(self, body: str, arg: Any) -> str:
        # Playwright evaluates over CDP, outside the page's CSP; the body is a function.
        return str(self.page.evaluate(f"async (arg) => {{ {body} }}", arg))

    def _pointer_click(self, x: int, y: int) -> None:
        self.page.mouse.click(x, y)

    def _key(self, code: str, shift: bool) -> None:
        name = next(k for k, v in KEYS.items() if v == code)
        self.page.keyboard.press(f"Shift+{name}" if shift else name)

    def close(self) -> None:
        self.context.close()


# --- Firefox: WebDriver BiDi ------------------------------------------------------------------

# Keeps Firefox quiet and local (the remote agent sets its recommended preferences too).
FIREFOX_PREFS = {
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",  # no remote settings fetches
}


class BidiError(RuntimeError):
    pass


class FirefoxEngine(Engine):
    """Firefox ESR started with ``--remote-debugging-port``; BiDi commands on its socket."""

    name = "firefox"
    native_errors = True

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        import websocket  # websocket-client (pinned in requirements-dev.txt)

        if not os.access(FIREFOX, os.X_OK):
            raise RuntimeError(f"{FIREFOX} not found: run `make browsers`")
        self.profile = tempfile.mkdtemp(prefix="hearts-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as prefs:
            for key, value in FIREFOX_PREFS.items():
                prefs.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile,
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            url = self._bidi_url()
            # No Origin header: Firefox refuses WebSocket clients that claim a web origin.
            self.ws = websocket.create_connection(
                url + "/session", timeout=SCRIPT_TIMEOUT_S, suppress_origin=True
            )
            self._id = 0
            caps = self.send("session.new", {"capabilities": {}})["capabilities"]
            self.version = caps.get("browserVersion", "")
            self.send("session.subscribe", {"events": ["log.entryAdded"]})
            # A tab of our own: the window Firefox opened with never has the focus (no
            # :focus, no keyboard activation in it), a tab created over BiDi does.
            first = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
            self.context = self.send("browsingContext.create", {"type": "tab"})["context"]
            self.send("browsingContext.close", {"context": first})
            self.send("browsingContext.activate", {"context": self.context})
            viewport = {"width": VIEWPORT[0], "height": VIEWPORT[1]}
            self.send(
                "browsingContext.setViewport", {"context": self.context, "viewport": viewport}
            )
        except BaseException:
            self._stop()
            raise

    def _bidi_url(self) -> str:
        """Firefox prints ``WebDriver BiDi listening on ws://...`` on stderr once it is up;
        its other stderr lines are drained by a thread so the pipe never fills."""
        found: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not found:
                    found.append(match.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(START_TIMEOUT_S) or not found:
            raise RuntimeError(f"{FIREFOX} did not start its WebDriver BiDi server")
        return found[0]

    def send(self, method: str, params: dict[str, Any]) -> Any:
        self._id += 1
        ident = self._id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("type") == "event":
                self._event(message)
            elif message.get("id") == ident:
                if message.get("type") == "error":
                    raise BidiError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def _event(self, message: dict[str, Any]) -> None:
        if message.get("method") != "log.entryAdded":
            return
        entry = message["params"]
        if entry.get("type") == "javascript" or entry.get("level") == "error":
            where = entry.get("source", {}).get("context")
            if where in (None, self.context):
                self._errors.append(f"{entry.get('type')}: {entry.get('text')}")

    def _navigate(self, url: str) -> None:
        self.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def _reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _run(self, body: str, arg: Any) -> str:
        declaration = f"async (argJson) => {{ const arg = JSON.parse(argJson); {body} }}"
        result = self.send(
            "script.callFunction",
            {
                "functionDeclaration": declaration,
                "arguments": [{"type": "string", "value": json.dumps(arg)}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise BidiError(f"script error: {details.get('text')}")
        return str(result["result"]["value"])

    def _actions(self, source: dict[str, Any]) -> None:
        self.send("input.performActions", {"context": self.context, "actions": [source]})

    def _pointer_click(self, x: int, y: int) -> None:
        self._actions(
            {
                "type": "pointer",
                "id": "mouse",
                "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerUp", "button": 0},
                ],
            }
        )

    def _key(self, code: str, shift: bool) -> None:
        steps = [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        if shift:
            shift_code = KEYS["Shift"]
            steps = [{"type": "keyDown", "value": shift_code}, *steps,
                     {"type": "keyUp", "value": shift_code}]  # fmt: skip
        self._actions({"type": "key", "id": "keyboard", "actions": steps})

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.send("browser.close", {})
        self._stop()

    def _stop(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            stop_process(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)


# --- WebKit: WebKitWebDriver (Selenium) -------------------------------------------------------


@contextlib.contextmanager
def virtual_display() -> Iterator[str]:
    """An Xvfb server on a free display number for as long as the block lasts."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not os.access(XVFB, os.X_OK):
        raise RuntimeError(f"{XVFB} not found: run `make browsers`")
    read, write = os.pipe()
    proc = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write)
    try:
        number = b""
        deadline = time.monotonic() + START_TIMEOUT_S
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        if not number.strip():
            raise RuntimeError("Xvfb did not start")
        yield ":" + number.decode().strip()
    finally:
        os.close(read)
        stop_process(proc)


class WebKitEngine(Engine):
    """MiniBrowser (WebKitGTK) in automation mode, through WebKitWebDriver."""

    name = "webkit"

    def __init__(self, base_url: str, display: str) -> None:
        super().__init__(base_url)
        os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager: never download
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        for path in (WEBKIT_DRIVER, MINIBROWSER):
            if not os.access(path, os.X_OK):
                raise RuntimeError(f"{path} not found: run `make browsers`")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.driver.set_page_load_timeout(START_TIMEOUT_S)
        self.driver.set_window_size(*VIEWPORT)
        self.version = self.driver.capabilities.get("browserVersion", "")

    def _navigate(self, url: str) -> None:
        self.driver.get(url)

    def _reload(self) -> None:
        self.driver.refresh()

    def _run(self, body: str, arg: Any) -> str:
        script = (
            "const done = arguments[arguments.length - 1];\n"
            "const arg = JSON.parse(arguments[0]);\n"
            f"(async () => {{ {body} }})().then(\n"
            "  (value) => done({ value }),\n"
            "  (error) => done({ error: String((error && error.stack) || error) }));"
        )
        result = self.driver.execute_async_script(script, json.dumps(arg))
        if "error" in result:
            raise RuntimeError(f"webkit: script error: {result['error']}")
        return str(result["value"])

    def _pointer_click(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_actions import PointerActions

        actions = ActionBuilder(self.driver)
        # Selenium leaves move_to_location unannotated; it returns its PointerActions.
        move = cast(Callable[[int, int], PointerActions], actions.pointer_action.move_to_location)
        move(x, y).click()
        actions.perform()

    def _key(self, code: str, shift: bool) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.driver)
        if shift:
            chain.key_down(KEYS["Shift"])
        chain.send_keys(code)
        if shift:
            chain.key_up(KEYS["Shift"])
        chain.perform()

    def close(self) -> None:
        self.driver.quit()


@contextlib.contextmanager
def launch(name: str, base_url: str, playwright_browser: Any = None) -> Iterator[Engine]:
    """Engine ``name`` with a fresh profile (no cache, no service worker), one tab.

    Chromium needs a Playwright ``Browser`` (``playwright_browser``): each call is a new
    context of it, as fresh as a new profile."""
    engine: Engine
    if name == "chromium":
        if playwright_browser is None:
            raise ValueError("chromium needs a Playwright browser")
        context = playwright_browser.new_context(service_workers="allow")
        engine = ChromiumEngine(base_url, context)
        try:
            yield engine
        finally:
            engine.close()
    elif name == "firefox":
        engine = FirefoxEngine(base_url)
        try:
            yield engine
        finally:
            engine.close()
    elif name == "webkit":
        with virtual_display() as display:
            engine = WebKitEngine(base_url, display)
            try:
                yield engine
            finally:
                engine.close()
    else:
        raise ValueError(f"unknown engine {name!r}: one of {ENGINES}")
