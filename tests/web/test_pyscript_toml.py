"""pyscript.toml must map every module of hearts/ into the page, and nothing else.

The same holds for the e2e smoke page's config. If this fails after adding, moving or
removing a module: python3 scripts/gen_pyscript_toml.py (and commit the .toml files).
"""

from __future__ import annotations

import json
import posixpath
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIX = "run `python3 scripts/gen_pyscript_toml.py` and commit the .toml files"
CONFIGS = ["pyscript.toml", "tests/e2e/pages/smoke/pyscript.toml"]


def load(config: str) -> dict:
    with (ROOT / config).open("rb") as f:
        return tomllib.load(f)


def mapping(config: str) -> dict[str, str]:
    """[files] as repository path of the source -> path in the page's file system."""
    folder = posixpath.dirname(config)
    return {
        posixpath.normpath(posixpath.join(folder, src)): posixpath.normpath(dst)
        for src, dst in load(config).get("files", {}).items()
    }


def package_modules() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "hearts").rglob("*.py")
        if "__pycache__" not in p.parts
    }


@pytest.mark.parametrize("config", CONFIGS)
def test_every_hearts_module_is_mapped(config):
    missing = sorted(package_modules() - set(mapping(config)))
    assert not missing, f"not in {config} [files]: {missing}; {FIX}"


@pytest.mark.parametrize("config", CONFIGS)
def test_mapping_names_only_existing_files(config):
    gone = sorted(src for src in mapping(config) if not (ROOT / src).is_file())
    assert not gone, f"{config} [files] names missing files: {gone}; {FIX}"


@pytest.mark.parametrize("config", CONFIGS)
def test_each_module_lands_at_its_own_path(config):
    # Same relative path in the virtual FS (its cwd is on sys.path): `import hearts.x` works.
    moved = {src: dst for src, dst in mapping(config).items() if src != dst}
    assert not moved, f"{config} [files] must keep each file's relative path: {moved}"


@pytest.mark.parametrize("config", CONFIGS)
def test_interpreter_is_the_self_hosted_pyodide(config):
    settings = load(config)
    target = posixpath.normpath(posixpath.join(posixpath.dirname(config), settings["interpreter"]))
    pyodide = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert target == f"static/vendor/pyodide-{pyodide}/pyodide.mjs"  # versioned: immutable URLs
    assert "packages" not in settings, "the engine is standard library only"
