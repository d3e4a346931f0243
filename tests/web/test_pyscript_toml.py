"""pyscript.toml must bring the whole game into the page as one archive, and nothing else.

The same holds for the e2e smoke page's config. The archive (static/build/hearts.zip) is
built by scripts/build_game.py and holds exactly the modules of hearts/, as the bytecode of
the page's Python alone; [files] copies it to ./hearts.zip, which the page puts on
sys.path: zipimport imports from it in place.
"""

from __future__ import annotations

import io
import json
import posixpath
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIX = "run `python3 scripts/gen_pyscript_toml.py` and commit the .toml files"
CONFIGS = ["pyscript.toml", "tests/e2e/pages/smoke/pyscript.toml"]
sys.path.insert(0, str(ROOT / "scripts"))

import build_game  # noqa: E402


def load(config: str) -> dict[str, Any]:
    with (ROOT / config).open("rb") as f:
        return tomllib.load(f)


def mapping(config: str) -> dict[str, str]:
    """[files] as repository path of the source -> path in the page's file system."""
    folder = posixpath.dirname(config)
    return {
        posixpath.normpath(posixpath.join(folder, src)): dst
        for src, dst in load(config).get("files", {}).items()
    }


def package_modules() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "hearts").rglob("*.py")
        if "__pycache__" not in p.parts
    }


SERVED_ARCHIVE = "static/app/build/hearts.zip"


@pytest.mark.parametrize("config", CONFIGS)
def test_the_game_is_one_archive_imported_in_place(config):
    # The game page's config is published with its URLs in the folder of page files named for
    # their hash (scripts/publish_app.py); the test pages name that folder /static/app/
    # (scripts/serve.py --also).
    archive = "static/build/hearts.zip" if config == "pyscript.toml" else SERVED_ARCHIVE
    assert mapping(config) == {archive: "./hearts.zip"}, FIX


def test_the_archive_holds_exactly_the_modules_of_hearts():
    names = zipfile.ZipFile(io.BytesIO(build_game.archive(ROOT))).namelist()
    assert sorted(names) == sorted(package_modules())
    assert not any(name.startswith(("tools/", "tests/")) for name in names)


def test_the_archive_is_reproducible():
    assert build_game.archive(ROOT) == build_game.archive(ROOT)


def test_the_built_archive_holds_the_bytecode_of_each_module_alone():
    """The page imports the .pyc; the sources are not sent. Stored entries: the
    server compresses the whole archive (scripts/precompress.mjs)."""
    built = ROOT / ".cache/app/build/hearts.zip"  # make game (scripts/publish_app.py's stage)
    if not built.is_file():
        pytest.skip(".cache/app/build/ is not built (make game)")
    entries = zipfile.ZipFile(built).infolist()
    assert {e.filename for e in entries} == {m + "c" for m in package_modules()}
    assert {e.compress_type for e in entries} == {zipfile.ZIP_STORED}


@pytest.mark.parametrize("config", CONFIGS)
def test_interpreter_is_the_self_hosted_pyodide(config):
    settings = load(config)
    target = posixpath.normpath(posixpath.join(posixpath.dirname(config), settings["interpreter"]))
    pyodide = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    versioned = f"static/vendor/pyodide-{pyodide}/pyodide.mjs"  # versioned: immutable URLs
    if config == "pyscript.toml":
        # The game's wrapper, which starts that Pyodide from its memory snapshot.
        assert target == "static/interpreter.mjs"
    else:
        # The other pages' wrapper, which hands it the site's standard library (its folder
        # carries its hash, which PyScript's own call cannot know).
        assert target == "bench/site-pyodide.mjs"
    wrapper = (ROOT / target).read_text(encoding="utf-8")
    # Served from the folder of page files (static/app-<hash>/, beside static/vendor/).
    served = target.replace("static/", "static/app/", 1)
    imported = posixpath.relpath(versioned, posixpath.dirname(served))
    assert f'from "{"./" if not imported.startswith(".") else ""}{imported}"' in wrapper
    assert "stdLibURL" in wrapper
    assert "packages" not in settings, "the engine is standard library only"
