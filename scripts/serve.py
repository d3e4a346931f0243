#!/usr/bin/env python3
"""Serve the site locally with the production (Netlify) response headers.

    python3 scripts/serve.py [--port 8000] [--host 127.0.0.1] [--dir dist] [--verbose]
                             [--no-compress] [--delay SUFFIX=MS ...] [--also FOLDER ...]
                             [--scratch DIR] [--log-bytes FILE]

It serves the built site, dist/ (`make build`), with the headers of the repository's
netlify.toml. `--also FOLDER` serves a folder of the repository at its own path beside it
(tests and benchmarks only: their own pages, tests/e2e/pages and bench, which load the
site's runtime by relative URLs and are never published); with it, /static/app/ is the
site's current folder of page files, static/app-<hash>/ (scripts/publish_app.py), which
those pages cannot name. `--scratch DIR` serves a folder
outside the repository at /scratch/ (tests only: bytes a test hands the page by the network,
which costs nothing, where Playwright's route cost 12 CPU-seconds for 30 MB).

Standard library only (no venv needed). The [[headers]] rules of netlify.toml are applied
the way Netlify applies them: a rule's `for` path is matched against the request path
(`*` as a whole segment = anything below, `*` inside a segment = any characters,
`:name` = one segment, case-insensitive, optional trailing slash); every matching rule
applies, and a header set by several rules takes the value of the last one. Like Netlify,
it serves no directory listings and no dot-files. `--port 0` picks a free port; the line
"Hearts is running at http://localhost:PORT/" always names the real one.

Like a production host it compresses: where the build left a brotli copy beside a file
(X.br, scripts/precompress.mjs) and the browser accepts `br`, it sends that copy
(`Content-Encoding: br`, as nginx's brotli_static does); otherwise it gzips text, JSON, SVG
and WebAssembly when the browser accepts gzip (Vary: Accept-Encoding); already compressed
files (zip, png) go as they are. `--delay SUFFIX=MS` holds back every response whose path
ends in SUFFIX (tests only: a slow runtime, to see what the page shows before Python is
ready). `--log-bytes FILE` appends one JSON line per response: path, status, and the
bytes sent, headers and body as they went over the wire (tools/bench_bytes.py counts a
first visit with it).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import sys
import threading
import time
import tomllib
import urllib.parse
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist"  # `make build`
SCRATCH = "scratch"  # the path --scratch serves its folder at

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}

# Worth compressing: text of every kind, JSON, SVG, WebAssembly (zip and png already are).
COMPRESSIBLE = re.compile(
    r"^(text/|application/(javascript|json|toml|wasm|manifest\+json)|image/svg)"
)
MIN_COMPRESS = 512  # bytes: smaller responses are not worth a Content-Encoding

# The tests' and benchmarks' name for the site's folder of page files (--also).
APP_ALIAS = "static/app"

# Paths Netlify does not serve: dot-files (the build's own stamps among them).
HIDDEN = re.compile(r"(^|/)\.")


def for_regexp(for_path: str) -> re.Pattern[str]:
    """The regular expression Netlify builds from a [[headers]] `for` path."""

    def part(p: str) -> str:
        if p.startswith(":"):
            return "([^/]+)"
        if p == "*":
            return "?(.*)"
        if "*" in p:
            return p.replace("*", "(.*)")  # Netlify does not escape the rest here either
        return re.escape(p)

    parts = [p.rstrip() for p in for_path.strip().split("/")]
    pattern = "/".join(part(p) for p in parts if p)
    return re.compile(f"^/{pattern}/?$", re.IGNORECASE)


def header_value(value: str | list[str]) -> str:
    if isinstance(value, list):
        return ", ".join(v.strip() for v in value)
    return re.sub(r"\s*,\s*", ", ", value.strip())


def load_rules(config: Path) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    with config.open("rb") as f:
        data = tomllib.load(f)
    rules = []
    for rule in data.get("headers", []):
        values = {k.strip(): header_value(v) for k, v in rule.get("values", {}).items()}
        if values:
            rules.append((for_regexp(rule["for"]), values))
    return rules


def headers_for(rules, path: str) -> dict[str, str]:
    """Merged headers of every rule matching path; later rules win (case-insensitively)."""
    merged: dict[str, tuple[str, str]] = {}
    for regexp, values in rules:
        if regexp.match(path):
            for name, value in values.items():
                merged[name.lower()] = (name, value)
    return dict(merged.values())


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **CONTENT_TYPES,
    }
    rules: ClassVar[list[tuple[re.Pattern[str], dict[str, str]]]] = []
    verbose: ClassVar[bool] = False
    compress: ClassVar[bool] = True
    delays: ClassVar[dict[str, float]] = {}  # path suffix -> seconds (tests only)
    also: ClassVar[tuple[str, ...]] = ()  # repository folders served beside the site (tests)
    scratch: ClassVar[Path | None] = None  # --scratch: served at /scratch/ (tests)
    _gzipped: ClassVar[dict[tuple[str, float, int], bytes]] = {}
    _tags: ClassVar[dict[tuple[str, int, int], str]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()
    byte_log: ClassVar[io.TextIOBase | None] = None  # --log-bytes

    def do_GET(self) -> None:
        self._sent = {"headers": 0, "body": 0}
        body = self.send_head()
        if body:
            try:
                self.copyfile(body, self.wfile)
            finally:
                body.close()
        self._log_bytes()

    def do_HEAD(self) -> None:
        self._sent = {"headers": 0, "body": 0}
        body = self.send_head()
        if body:
            body.close()
        self._log_bytes()

    def copyfile(self, source, outputfile) -> None:
        counted = getattr(self, "_sent", None)
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            if counted is not None:
                counted["body"] += len(chunk)

    def flush_headers(self) -> None:
        counted = getattr(self, "_sent", None)
        if counted is not None and hasattr(self, "_headers_buffer"):
            counted["headers"] += sum(len(line) for line in self._headers_buffer)
        super().flush_headers()

    def _log_bytes(self) -> None:
        if self.byte_log is None:
            return
        line = {
            "path": self.url_path(),
            "status": getattr(self, "_status", 0),
            "accepts": self.headers.get("Accept-Encoding", ""),
            **self._sent,
        }
        with self._lock:
            self.byte_log.write(json.dumps(line) + "\n")
            self.byte_log.flush()

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def url_path(self) -> str:
        return urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)

    def translate_path(self, path: str) -> str:
        rel = urllib.parse.unquote(urllib.parse.urlsplit(path).path).lstrip("/")
        if self.scratch is not None and rel.startswith(f"{SCRATCH}/"):
            local = (self.scratch / rel.removeprefix(f"{SCRATCH}/")).resolve()
            if local.is_relative_to(self.scratch):
                return str(local)
        if self.also and rel.startswith(f"{APP_ALIAS}/"):
            folders = sorted(Path(self.directory).glob("static/app-*/"), key=os.path.getmtime)
            if folders:
                return str(folders[-1] / rel.removeprefix(f"{APP_ALIAS}/"))
        for folder in self.also:
            if rel == folder or rel.startswith(folder + "/"):
                local = (ROOT / rel).resolve()
                if local.is_relative_to(ROOT / folder):
                    return str(local) + ("/" if rel.endswith("/") else "")
        return super().translate_path(path)

    def send_head(self):
        self._etag = None
        path = self.url_path()
        for suffix, seconds in self.delays.items():
            if path.endswith(suffix):
                time.sleep(seconds)
        if HIDDEN.search(path):
            self.send_error(404, "File not found")
            return None
        local = Path(self.translate_path(self.path))
        if local.is_dir() and path.endswith("/") and not (local / "index.html").is_file():
            self.send_error(404, "File not found")  # no directory listings
            return None
        if local.is_dir() and path.endswith("/"):
            local = local / "index.html"
        copy = self.brotli_copy(local) if local.is_file() and self.accepts("br") else None
        encoding = "br" if copy else "gzip" if local.is_file() and self.wants_gzip(local) else ""
        if local.is_file():
            # A validator from the content, as a production host sends: a file whose time
            # went backwards (a rollback, a copy) is still new to a browser that cached
            # another one. By time alone (If-Modified-Since) it answered 304, and a service
            # worker's update check never saw the release.
            self._etag = self.etag(local, encoding)
            if self._etag in re.findall(r'"[^"]*"', self.headers.get("If-None-Match", "")):
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        if copy:
            return self.send_encoded(local, "br", lambda: copy.read_bytes())
        if encoding:
            return self.send_encoded(local, "gzip", lambda: self.gzipped(local))
        return super().send_head()

    def etag(self, local: Path, encoding: str) -> str:
        """A strong validator of ``local`` as sent in ``encoding``: its bytes' hash."""
        stat = local.stat()
        key = (str(local), stat.st_mtime_ns, stat.st_size)
        with self._lock:
            digest = self._tags.get(key)
        if digest is None:
            digest = hashlib.sha256(local.read_bytes()).hexdigest()[:32]
            with self._lock:
                self._tags[key] = digest
        return f'"{digest}{"-" + encoding if encoding else ""}"'


    def accepts(self, encoding: str) -> bool:
        accepted = self.headers.get("Accept-Encoding", "")
        return self.compress and re.search(rf"\b{encoding}\b", accepted) is not None

    def brotli_copy(self, local: Path) -> Path | None:
        """X.br beside X (scripts/precompress.mjs), if it is as new as X."""
        copy = local.with_name(local.name + ".br")
        with contextlib.suppress(OSError):
            if copy.stat().st_mtime >= local.stat().st_mtime:
                return copy
        return None

    def wants_gzip(self, local: Path) -> bool:
        return (
            self.accepts("gzip")
            and COMPRESSIBLE.match(self.content_type(local)) is not None
            and local.stat().st_size >= MIN_COMPRESS
        )

    def content_type(self, local: Path) -> str:
        rule = {k.lower(): v for k, v in self._rule_headers().items()}.get("content-type")
        return rule or self.guess_type(str(local))

    def gzipped(self, local: Path) -> bytes:
        stat = local.stat()
        key = (str(local), stat.st_mtime, stat.st_size)
        with self._lock:
            body = self._gzipped.get(key)
            if body is None:
                body = gzip.compress(local.read_bytes(), compresslevel=6, mtime=0)
                self._gzipped[key] = body
        return body

    def send_encoded(self, local: Path, encoding: str, body_of) -> io.BytesIO | None:
        """``local`` as ``encoding`` ("gzip", "br"): the body from ``body_of()``."""
        stat = local.stat()
        since = None if "If-None-Match" in self.headers else self.headers.get("If-Modified-Since")
        if since:
            with contextlib.suppress(TypeError, ValueError, OverflowError):
                if int(stat.st_mtime) <= parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        body = body_of()
        self.send_response(200)
        self.send_header("Content-Type", self.content_type(local))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def send_header(self, keyword: str, value: str) -> None:
        # A header that a netlify.toml rule sets replaces the built-in one (e.g. Content-Type).
        if keyword.lower() in self._rule_headers_lower():
            return
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            super().send_header(name, value)
        if getattr(self, "_etag", None):
            super().send_header("ETag", self._etag)
        super().end_headers()

    def _rule_headers(self) -> dict[str, str]:
        cached = getattr(self, "_cached_rule_headers", None)
        if cached is None or cached[0] != self.path:
            cached = (self.path, headers_for(self.rules, self.url_path()))
            self._cached_rule_headers = cached
        return cached[1]

    def _rule_headers_lower(self) -> set[str]:
        return {name.lower() for name in self._rule_headers()}

    def log_message(self, format: str, *args) -> None:
        if self.verbose:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        # A browser dropping a connection (navigation, tab closed) is not an error.
        if Handler.verbose or not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Hearts site with Netlify's headers.")
    parser.add_argument("--port", type=int, default=8000, help="0 = any free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=SITE, help="site directory (dist/)")
    parser.add_argument(
        "--config", type=Path, default=ROOT / "netlify.toml", help="the [[headers]] rules"
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a repository folder served at its own path (tests: tests/e2e/pages, bench)",
    )
    parser.add_argument(
        "--scratch",
        type=Path,
        metavar="DIR",
        help=f"a folder served at /{SCRATCH}/ (tests: bytes a test hands the page)",
    )
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument("--no-compress", action="store_true", help="never gzip responses")
    parser.add_argument(
        "--log-bytes",
        type=Path,
        metavar="FILE",
        help="append one JSON line per response: path, status, header and body bytes sent",
    )
    parser.add_argument(
        "--delay",
        action="append",
        default=[],
        metavar="SUFFIX=MS",
        help="hold back responses for paths ending in SUFFIX (tests: a slow runtime)",
    )
    args = parser.parse_args(argv)

    site = args.dir.resolve()
    config = args.config
    handler = functools.partial(Handler, directory=str(site))
    Handler.rules = load_rules(config)
    Handler.verbose = args.verbose
    Handler.compress = not args.no_compress
    Handler.also = tuple(folder.strip("/") for folder in args.also)
    Handler.scratch = args.scratch.resolve() if args.scratch else None
    if args.log_bytes:
        Handler.byte_log = args.log_bytes.open("a", encoding="utf-8")
    for item in args.delay:
        suffix, _, ms = item.rpartition("=")
        if not suffix or not ms.isdigit():
            parser.error(f"--delay {item!r}: expected SUFFIX=MS")
        Handler.delays[suffix] = int(ms) / 1000
    if not any(site.glob("static/vendor/pyodide-*/pyodide.mjs")):
        print(f"warning: {site}/static/vendor/ is not built; run `make build`", file=sys.stderr)

    with Server((args.host, args.port), handler) as server:
        port = server.server_address[1]
        print(f"Hearts is running at http://localhost:{port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
