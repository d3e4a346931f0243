"""Every file the page loads has a URL that changes when its bytes change (dist/ as built).

The runtime's folders carry its version and the trimmed standard library's its hash
(scripts/build_vendor.mjs, tests/web/test_stdlib_zip.py). The page's own files are
published by scripts/publish_app.py in static/app-<hash>/, named for the SHA-256 of its
listing (files.json), which holds each file's size and SHA-256; the PyScript config is
named for its own. Only the entry points keep fixed URLs: index.html and sw.js. The
host serves the named files `immutable` and the entry points `no-cache` (netlify.toml).
"""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from harness.browser import load_serve

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "dist"

pytestmark = pytest.mark.skipif(
    not (SITE / "index.html").is_file(), reason="dist/ is not built (make build)"
)
ENTRY_POINTS = ("index.html", "sw.js")
IMMUTABLE = "public, max-age=31536000, immutable"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def app_folder() -> Path:
    folders = sorted((SITE / "static").glob("app-*"))
    assert len(folders) == 1, f"one folder of page files, not {folders}"
    return folders[0]


def config() -> Path:
    configs = sorted(SITE.glob("pyscript-*.toml"))
    assert len(configs) == 1, f"one PyScript config, not {configs}"
    return configs[0]


def files(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.suffix != ".br"  # a brotli copy of a file, served as it
    }


def test_the_folder_of_page_files_is_named_for_its_listing_which_names_every_file():
    folder = app_folder()
    listing = folder / "files.json"
    assert folder.name == f"app-{sha256(listing)[:12]}"
    listed = json.loads(listing.read_text(encoding="utf-8"))["files"]
    assert {entry["path"] for entry in listed} == files(folder) - {"files.json"}
    for entry in listed:
        path = folder / entry["path"]
        assert (path.stat().st_size, sha256(path)) == (entry["bytes"], entry["sha256"]), path


def test_the_config_is_named_for_its_bytes_and_points_into_the_folder():
    toml = config()
    assert toml.name == f"pyscript-{sha256(toml)[:12]}.toml"
    urls = re.findall(r'"(\./[^"]+)"', toml.read_text(encoding="utf-8"))
    prefix = f"./static/{app_folder().name}/"
    assert urls and all(url.startswith(prefix) for url in urls if url != "./hearts.zip"), urls


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value and not value.startswith("#"):
                self.urls.append(value)


def test_the_page_loads_nothing_outside_the_named_folders_but_the_entry_points():
    links = Links()
    links.feed((SITE / "index.html").read_text(encoding="utf-8"))
    named = (f"./static/{app_folder().name}/", "./static/vendor/", f"./{config().name}")
    loaded = [url for url in links.urls if url != ""]  # href="": the reload link
    assert loaded and all(url.startswith(named) for url in loaded), loaded
    for url in loaded:
        assert (SITE / url.removeprefix("./")).is_file(), url


# What a published module names by a literal relative path: static imports, re-exports,
# import("…"), new URL("…", import.meta.url), and new URL("…", new URL("<the module it was
# bundled from>", import.meta.url).href) (scripts/bundle_app.mjs).
RELATIVE = re.compile(
    r"""(?:\bfrom\s*|\bimport\s*\(?\s*|new URL\(\s*)["'](\.{0,2}/?[^"'$]+)["']"""
    r"""(?:\s*,\s*new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url)?"""
)


def test_every_module_of_the_folder_imports_files_that_are_published():
    """The modules as scripts/bundle_app.mjs wrote them: none names one it bundled away."""
    folder = app_folder()
    modules = sorted(p for p in folder.rglob("*") if p.suffix in (".mjs", ".js"))
    assert len(modules) >= 10, modules
    for module in modules:
        for spec, source in RELATIVE.findall(module.read_text(encoding="utf-8")):
            if not spec.startswith(".") and not source:
                continue  # a bare name, an absolute URL
            base = module.parent / source if source else module  # the URL it is relative to
            target = (base.parent / spec).resolve()
            assert target.is_file() or target.is_dir(), f"{module.relative_to(SITE)}: {spec}"


def test_the_site_is_the_entry_points_the_config_and_the_named_folders():
    kept = (f"static/{app_folder().name}/", "static/vendor/", config().name, *ENTRY_POINTS)
    others = [
        rel
        for p in SITE.rglob("*")
        if p.is_file() and not (rel := p.relative_to(SITE).as_posix()).startswith(kept)
    ]
    assert others == []



def test_the_named_files_are_immutable_and_the_entry_points_revalidate():
    serve = load_serve()
    rules = serve.load_rules(ROOT / "netlify.toml")

    def cache_control(rel: str) -> str:
        headers = {k.lower(): v for k, v in serve.headers_for(rules, "/" + rel).items()}
        return str(headers["cache-control"])

    folder = app_folder()
    for name in sorted(files(folder)):
        assert cache_control(f"static/{folder.name}/{name}") == IMMUTABLE, name
    assert cache_control(config().name) == IMMUTABLE
    for entry in ("", *ENTRY_POINTS):
        assert cache_control(entry) == "no-cache", entry
