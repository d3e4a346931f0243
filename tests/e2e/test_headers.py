"""scripts/serve.py answers every request with the headers netlify.toml prescribes.

Plain HTTP (no browser): the expected values are read from netlify.toml itself, so the
server, the tests and the production config cannot drift apart.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import tomllib
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from harness.browser import ROOT, SITE, load_serve

RULES = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]


def rule(for_path: str) -> dict[str, str]:
    return next(r["values"] for r in RULES if r["for"] == for_path)


PINS = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
PYODIDE = f"static/vendor/pyodide-{PINS['pyodide']}"
SITE_WIDE = rule("/*")
IMMUTABLE = rule("/static/vendor/*")["Cache-Control"]


def at(path: str) -> str:
    """``path`` with {app} the site's folder of page files and {config} its PyScript config
    (scripts/publish_app.py)."""
    folders = sorted((SITE / "static").glob("app-*"))
    configs = sorted(SITE.glob("pyscript-*.toml"))
    assert len(folders) == len(configs) == 1, "dist/ is not built: run `make build`"
    app = "/" + folders[0].relative_to(SITE).as_posix()
    return path.replace("{app}", app).replace("{config}", configs[0].name)


def fetch(site_url: str, path: str, method: str = "GET") -> tuple[int, Message]:
    request = urllib.request.Request(site_url + path.lstrip("/"), method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def vendor_manifest() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(
        (SITE / "static/vendor/manifest.json").read_text(encoding="utf-8")
    )
    return found


def vendored_files() -> list[str]:
    return [f"/static/vendor/{f['path']}" for f in vendor_manifest()["files"]]


STDLIB = "the trimmed standard library"  # a path known once dist/ is built: stdlib_zip()


def stdlib_zip() -> str:
    """Its URL path: its folder carries its hash (scripts/build_vendor.mjs)."""
    return f"/{PYODIDE}/{vendor_manifest()['stdlib']['file']}"


def site_files() -> list[str]:
    return [
        *(at(path) for path in PAGE_FILES),
        *(f"/{p.relative_to(SITE).as_posix()}" for p in sorted(SITE.glob("static/app-*/icons/*"))),
        "/sw.js",
        "/static/vendor/manifest.json",
        "/tests/e2e/pages/smoke/",
        "/tests/e2e/pages/smoke/pyscript.toml",
        "/bench/pyscript-bare.html",
        "/bench/pyodide-bare.html",
        "/bench/pyodide-bare.mjs",
        "/bench/site-pyodide.mjs",
        "/bench/pyscript-stock.html",
        "/bench/pyscript-stock.toml",
        "/bench/stock-runtime.mjs",
        "/bench/pyodide-stock.html",
        "/bench/pyodide-stock.mjs",
    ]


def test_every_response_carries_the_site_wide_headers(site_url):
    paths = vendored_files() + site_files() + ["/no-such-file", "/.git/HEAD"]
    for path in paths:
        status, headers = fetch(site_url, path, "HEAD")
        for name, value in SITE_WIDE.items():
            if name == "Cache-Control":
                continue  # overridden for the vendored runtime, checked below
            assert headers.get(name) == value, f"{path} ({status}): {name}"


def test_vendored_runtime_is_served_immutable_with_its_content_type(site_url):
    expected_types = {
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
        ".json": "application/json",
    }
    for path in vendored_files():
        status, headers = fetch(site_url, path, "HEAD")
        assert status == 200, path
        assert headers["Content-Type"].split(";")[0] == expected_types[Path(path).suffix], path
        assert headers["Cache-Control"] == IMMUTABLE, path
    assert rule("/*.wasm")["Content-Type"] == "application/wasm"


# The page's own files: their folder, or the config's name, carries their hash.
PAGE_FILES = {
    "/{config}": "application/toml",
    "{app}/build/contract.mjs": "text/javascript",
    "{app}/build/hearts.zip": "application/zip",
    "{app}/build/courts.svg": "image/svg+xml",
    "{app}/runtime.mjs": "text/javascript",
    "{app}/pwa.mjs": "text/javascript",
    "{app}/css/hearts.css": "text/css",
    "{app}/manifest.webmanifest": "application/manifest+json",
    "{app}/icons/icon-512.png": "image/png",
}


@pytest.mark.parametrize(("path", "content_type"), PAGE_FILES.items())
def test_the_pages_own_files_are_immutable(site_url, path, content_type):
    status, headers = fetch(site_url, at(path))
    assert status == 200
    assert headers["Cache-Control"] == IMMUTABLE
    assert headers["Content-Type"].split(";")[0] == content_type


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/sw.js", "text/javascript"),  # an immutable service worker would pin old versions
        ("/static/vendor/manifest.json", "application/json"),
        ("/tests/e2e/pages/smoke/", "text/html"),
    ],
)
def test_the_entry_points_revalidate_on_every_load(site_url, path, content_type):
    status, headers = fetch(site_url, path)
    assert status == 200
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Content-Type"].split(";")[0] == content_type


@pytest.mark.parametrize(
    "path",
    [
        "/.git/HEAD",
        "/node_modules/pyodide/package.json",
        "/static/",
        # The site is dist/: the sources, the tools and the build stay private.
        "/hearts/__init__.py",
        "/netlify.toml",
        "/Makefile",
        "/scripts/serve.py",
        "/tools/tournament.py",
        "/tests/e2e/conftest.py",
    ],
)
def test_no_hidden_files_sources_or_directory_listings(site_url, path):
    status, _ = fetch(site_url, path)
    assert status == 404


def test_the_tests_scratch_folder_is_served_and_nothing_outside_it(site_url, scratch):
    """scripts/serve.py --scratch (the e2e server's): a test's bytes at /scratch/NAME."""
    (scratch / "handed").write_bytes(b"some bytes")
    (scratch.parent / "beside").write_bytes(b"not served")
    with urllib.request.urlopen(f"{site_url}scratch/handed", timeout=10) as response:
        assert response.read() == b"some bytes"
    assert fetch(site_url, "/scratch/%2E%2E/beside")[0] == 404
    assert fetch(site_url, "/scratch/../beside")[0] == 404


def test_a_file_whose_time_goes_backwards_is_new_to_a_browser_that_cached_another(
    site_url, scratch
):
    """A rollback or a copy gives a release older file times than the browser's cached
    copy: by time alone (If-Modified-Since) the server answered 304 and a service worker's
    update check never saw the release. The validator is the content's (an ETag)."""
    import os

    path = scratch / "release.js"
    path.write_bytes(b"// the newer release")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    with urllib.request.urlopen(f"{site_url}scratch/release.js", timeout=10) as response:
        newer, stamp = response.headers["ETag"], response.headers["Last-Modified"]
    assert newer
    path.write_bytes(b"// the release rolled back")
    os.utime(path, (1_000_000_000, 1_000_000_000))
    request = urllib.request.Request(
        f"{site_url}scratch/release.js",
        headers={"If-None-Match": newer, "If-Modified-Since": stamp},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200 and response.read() == b"// the release rolled back"
        rolled_back = response.headers["ETag"]
    assert rolled_back != newer
    again = urllib.request.Request(
        f"{site_url}scratch/release.js", headers={"If-None-Match": rolled_back}
    )
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        urllib.request.urlopen(again, timeout=10)
    assert unchanged.value.code == 304



@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/a/b.js", True),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/static/vendor/*", "/static/vendor/pyodide-314.0.2/pyodide.mjs", True),
        ("/static/vendor/*", "/static/vendor", True),
        ("/static/vendor/*", "/static/app.css", False),
        ("/static/app-*", "/static/app-0123456789ab/boot/paint.mjs", True),
        ("/static/app-*", "/static/app/boot.js", False),
        ("/*.wasm", "/static/vendor/pyodide-314.0.2/pyodide.asm.wasm", True),
        ("/*.wasm", "/static/x.wasm.map", False),
        ("/hearts/:name", "/hearts/game.py", True),
        ("/hearts/:name", "/hearts/cpu/hard.py", False),
        ("/Index.HTML", "/index.html", True),
    ],
)
def test_rule_paths_match_like_netlify(pattern, path, matches):
    assert bool(load_serve().for_regexp(pattern).match(path)) is matches


def test_later_rules_override_earlier_ones():
    serve = load_serve()
    rules = [
        (serve.for_regexp("/*"), {"Cache-Control": "no-cache", "X-A": "1"}),
        (serve.for_regexp("/static/*"), {"cache-control": "immutable"}),
    ]
    assert serve.headers_for(rules, "/static/x.js") == {"cache-control": "immutable", "X-A": "1"}
    assert serve.headers_for(rules, "/index.html") == {"Cache-Control": "no-cache", "X-A": "1"}


def get(site_url: str, path: str, accepts: str) -> tuple[bytes, Message]:
    request = urllib.request.Request(site_url + path.lstrip("/"))
    request.add_header("Accept-Encoding", accepts)
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read(), response.headers


@pytest.mark.parametrize(
    ("path", "compressed"),
    [
        ("/", True),
        ("{app}/css/hearts.css", True),
        (f"/{PYODIDE}/pyodide.asm.wasm", True),  # 9.6 MB of WebAssembly: about 3.5 MB gzipped
        (f"/{PYODIDE}/pyodide-lock.json", True),
        ("{app}/build/hearts.zip", False),  # a zip: no gzip on the fly
        ("{app}/icons/icon-512.png", False),
    ],
)
def test_text_json_and_wasm_are_gzipped_like_a_production_host(site_url, path, compressed):
    """Local start-up figures must not be worse than production's for want of
    compression; the body is the file, exactly, once decoded (a browser without brotli)."""
    path = at(path)
    body, headers = get(site_url, path, "gzip, deflate")
    local = SITE / ("index.html" if path == "/" else path.lstrip("/"))
    if compressed:
        assert headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
        assert gzip.decompress(body) == local.read_bytes()
        assert int(headers["Content-Length"]) == len(body) < local.stat().st_size
        assert headers["Cache-Control"] == fetch(site_url, path)[1]["Cache-Control"]
    else:
        assert headers["Content-Encoding"] is None and body == local.read_bytes()


@pytest.mark.parametrize(
    "path",
    [
        "/",
        f"/{PYODIDE}/pyodide.asm.wasm",
        STDLIB,  # stored .pyc (scripts/stdlib.mjs): 4.0 -> 1.1 MB
        "{app}/build/hearts.zip",
    ],
)
def test_a_browser_that_takes_brotli_gets_the_precompressed_copy(site_url, path):
    """scripts/precompress.mjs's copy, sent as `br` with the file's own type and
    headers; it decodes to the file exactly (Node's zlib)."""
    path = stdlib_zip() if path == STDLIB else at(path)
    body, headers = get(site_url, path, "gzip, deflate, br, zstd")
    local = SITE / ("index.html" if path == "/" else path.lstrip("/"))
    assert headers["Content-Encoding"] == "br" and "Accept-Encoding" in headers["Vary"]
    assert body == local.with_name(local.name + ".br").read_bytes()
    assert int(headers["Content-Length"]) == len(body) < local.stat().st_size
    plain = fetch(site_url, path)[1]
    assert headers["Content-Type"] == plain["Content-Type"]
    assert headers["Cache-Control"] == plain["Cache-Control"]
    decoded = subprocess.run(
        [
            "node",
            "-e",
            "process.stdout.write(require('zlib').brotliDecompressSync("
            "require('fs').readFileSync(0)))",
        ],
        input=body,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    assert decoded == local.read_bytes()
    unencoded = urllib.request.Request(site_url + path.lstrip("/"))  # no Accept-Encoding
    with urllib.request.urlopen(unencoded, timeout=60) as response:
        assert response.headers["Content-Encoding"] is None
        assert response.read() == local.read_bytes()
