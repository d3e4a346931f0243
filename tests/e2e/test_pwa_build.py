"""netlify.toml: valid, and its build command (`make build`) turns a fresh copy of the
repository into the site the tests serve, dist/ (same files, same vendored runtime,
byte-identical service worker), which holds only what the page loads.

The fresh copy holds what `git ls-files --cached --others --exclude-standard` lists (the
repository as a clone of this working tree would have it, nothing ignored or built). npm
may answer from its local cache (`prefer-offline`), and the brotli copies from the user's
(the Makefile's BROTLI_CACHE, each under the SHA-256 of what it packs: packing 16 MB again
took 40 CPU-seconds); everything else runs as Netlify runs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest

from harness.browser import ROOT, SITE

from .conftest import PYODIDE_DIR

NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
COMMAND = NETLIFY["build"]["command"]


def test_netlify_toml_builds_and_publishes_dist():
    assert NETLIFY["build"]["publish"] == "dist"
    assert COMMAND == "make build"  # the Makefile's steps, not a second copy of them
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^DIST := dist$", makefile, re.MULTILINE)
    assert re.search(r"^build: ", makefile, re.MULTILINE)


def test_every_header_rule_is_well_formed():
    for rule in NETLIFY["headers"]:
        assert rule["for"].startswith("/"), rule
        assert rule["values"] and all(isinstance(v, str) for v in rule["values"].values())


def fresh_copy(dest: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # (skips files deleted in the working tree)
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def listing(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def app_folder(site: Path = SITE) -> str:
    """The folder of the page's own files, static/app-<hash>/ (scripts/publish_app.py)."""
    folders = sorted((site / "static").glob("app-*"))
    assert len(folders) == 1, folders
    return folders[0].relative_to(site).as_posix()


def test_the_site_holds_only_what_the_page_loads():
    """dist/: the page, its config, the page's files (in the folder named for their hash),
    the built runtime and game, sw.js; no Python source, no test, tool or build script (the
    game travels as one archive)."""
    if not (SITE / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make build`")
    files = listing(SITE)
    app = app_folder()
    sources = {
        p.relative_to(ROOT / "static").as_posix()
        for p in (ROOT / "static").rglob("*")
        if p.is_file() and not p.relative_to(ROOT).as_posix().startswith((*BUILT, CSS_PARTS))
    }
    # The modules as bundled (scripts/bundle_app.mjs): each keeps a source module's name
    # (the page's scripts, the interpreter, the worker, a chunk named for its first module)
    # but shared.mjs, what several of the page's scripts import.
    published = {f.removeprefix(f"{app}/") for f in files if f.startswith(f"{app}/")}
    modules = {name for name in published if name.endswith((".js", ".mjs"))}
    modules -= {"build/contract.mjs"}
    assert modules - {"shared.mjs"} <= sources, modules - sources
    assert {"boot.js", "watch.mjs", "interpreter.mjs", "snapshot-worker.mjs"} <= modules
    page_files = {f"{app}/{name}" for name in modules}
    page_files |= {f"{app}/{name}" for name in sources if not name.endswith((".js", ".mjs"))}
    page_files.add(f"{app}/{STYLESHEET}")  # written from its parts, which stay out of the site
    vendored = json.loads((SITE / "static/vendor/manifest.json").read_text(encoding="utf-8"))
    expected = {
        "index.html",
        *(p.name for p in SITE.glob("pyscript-*.toml")),
        "sw.js",
        *(f"{app}/{name}" for name in BUILT_FILES),
        "static/vendor/manifest.json",
        *page_files,
        *(f"static/vendor/{row['path']}" for row in vendored["files"]),
    }
    copies = {f for f in files if f.endswith(".br")}  # scripts/precompress.mjs
    assert files - copies == expected
    assert {c.removesuffix(".br") for c in copies} <= expected
    assert f"{PYODIDE_DIR}/pyodide.asm.wasm.br" in copies  # the largest file of all
    assert not [f for f in files if f.endswith(".py")]


BUILT = ("static/vendor/", "static/build/")  # built into dist/ only (older checkouts had them)
# Built into the folder of page files: the game, the contract, the court sprites, the listing.
BUILT_FILES = (
    "build/hearts.zip",
    "build/contract.mjs",
    "build/courts.svg",
    "build/courts-4.svg",
    "files.json",
)
CSS_PARTS, STYLESHEET = "static/css/hearts/", "css/hearts.css"  # the Makefile joins them


def test_the_stylesheet_is_its_parts_joined_in_name_order():
    if not (SITE / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make build`")
    parts = sorted((ROOT / CSS_PARTS).glob("*.css"))
    joined = b"".join(p.read_bytes() for p in parts)
    assert parts and (SITE / app_folder() / STYLESHEET).read_bytes() == joined


def test_build_command_on_a_fresh_copy_produces_the_served_site(tmp_path):
    if not (SITE / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make build`")
    site = tmp_path / "repo"
    fresh_copy(site)
    for built in ("node_modules", "dist", "static/vendor", "static/build", "sw.js", ".cache"):
        assert not (site / built).exists(), f"{built} is not git-ignored"

    env = {**os.environ, "npm_config_prefer_offline": "true", "npm_config_audit": "false"}
    run = subprocess.run(
        ["sh", "-c", COMMAND], cwd=site, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, f"build failed:\n{run.stdout}\n{run.stderr}"

    def vendored(root: Path) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(
            (root / "static/vendor/manifest.json").read_text(encoding="utf-8")
        )
        return found

    built = site / "dist"
    assert vendored(built) == vendored(SITE)
    assert listing(built) == listing(SITE)
    fresh, served_sw = (built / "sw.js").read_text(), (SITE / "sw.js").read_text()
    stale = sorted(
        url
        for url in set(precache(fresh)) | set(precache(served_sw))
        if precache(fresh).get(url) != precache(served_sw).get(url)
    )
    assert stale == [], "sw.js precaches other revisions of these files: run `make build`"
    assert fresh == served_sw, "sw.js differs from a fresh build: run `make build`"


def precache(sw: str) -> dict[str, str]:
    """url -> revision of the precache manifest inside a generated sw.js."""
    entries = r'\{url:"([^"]+)",revision:("[0-9a-f]+"|null)(?:,integrity:"[^"]+")?\}'
    return dict(re.findall(entries, sw))


def test_every_script_of_the_page_is_precached():
    """Every module of the folder (boot.js with its modules bundled in, shared.mjs, the
    contract): a return visit paints the table from the service worker's cache, without
    the network."""
    app = SITE / app_folder()
    served = {
        p.relative_to(SITE).as_posix() for p in app.rglob("*") if p.suffix in {".js", ".mjs"}
    }
    assert f"{app_folder()}/boot.js" in served and len(served) >= 10
    assert served - set(precache((SITE / "sw.js").read_text())) == set()
