"""netlify.toml: valid, and its build command turns a fresh copy of the repository into the
site the tests serve (same vendored runtime, byte-identical service worker).

The fresh copy holds what `git ls-files --cached --others --exclude-standard` lists (the
repository as a clone of this working tree would have it, nothing ignored or built). npm
may answer from its local cache (`prefer-offline`); everything else runs as Netlify runs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
COMMAND = NETLIFY["build"]["command"]


def steps(command: str) -> list[str]:
    return [s.strip() for s in command.split("&&")]


def test_netlify_toml_build_settings():
    assert NETLIFY["build"]["publish"] == "."
    assert steps(COMMAND) == [
        "npm ci",  # exact versions from package-lock.json
        "python3 scripts/gen_pyscript_toml.py --check",
        "python3 scripts/build_game.py",
        "node scripts/build_vendor.mjs",
        "node scripts/build_sw.mjs",
    ]
    # `make game sw` (used by `make run` and `make test`) builds with the same scripts.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for step in steps(COMMAND)[2:]:
        tool, script = step.split(" ", 1)
        runner = r"\$\(PYTHON\)" if tool == "python3" else re.escape(tool)
        assert re.search(rf"^\t{runner} {re.escape(script)}$", makefile, re.MULTILINE), step
    assert re.search(r"^\tnpm ci\b", makefile, re.MULTILINE)


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


def test_build_command_on_a_fresh_copy_produces_the_served_site(tmp_path):
    if not (ROOT / "sw.js").is_file():
        pytest.fail("sw.js is not built: run `make sw`")
    site = tmp_path / "site"
    fresh_copy(site)
    for built in ("node_modules", "static/vendor", "sw.js"):
        assert not (site / built).exists(), f"{built} is not git-ignored"

    env = {**os.environ, "npm_config_prefer_offline": "true", "npm_config_audit": "false"}
    run = subprocess.run(
        ["sh", "-c", COMMAND], cwd=site, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, f"build failed:\n{run.stdout}\n{run.stderr}"

    def vendored(root: Path) -> dict:
        manifest = json.loads((root / "static/vendor/manifest.json").read_text(encoding="utf-8"))
        for row in manifest["files"]:
            # Made, not copied (scripts/memory_snapshot.mjs): the interpreter's memory holds
            # the seeds and clock readings of the start that made it, so only its name counts.
            if row["path"].endswith("/memory-snapshot.gz"):
                del row["bytes"], row["sha256"]
        return manifest

    assert vendored(site) == vendored(ROOT)
    listing = {p.relative_to(site).as_posix() for p in (site / "static/vendor").rglob("*")}
    served = {p.relative_to(ROOT).as_posix() for p in (ROOT / "static/vendor").rglob("*")}
    assert listing == served - {"static/vendor/.built"}
    fresh, served_sw = (site / "sw.js").read_text(), (ROOT / "sw.js").read_text()
    stale = sorted(
        url
        for url in set(precache(fresh)) | set(precache(served_sw))
        if precache(fresh).get(url) != precache(served_sw).get(url)
    )
    assert stale == [], "sw.js precaches other revisions of these files: run `make sw`"
    assert fresh == served_sw, "sw.js differs from a fresh build: run `make sw`"


def precache(sw: str) -> dict[str, str]:
    """url -> revision of the precache manifest inside a generated sw.js."""
    return dict(re.findall(r'\{url:"([^"]+)",revision:("[0-9a-f]+"|null)\}', sw))
