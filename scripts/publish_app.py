#!/usr/bin/env python3
"""Publish the page's own files under URLs that change with their bytes.

    python3 scripts/publish_app.py --stage .cache/app --site dist FILE...

The Makefile builds the page's files (static/ but the runtime: the modules, the
stylesheet, icons, the web manifest, the game's archive, the contract, the court sprites)
into a staging folder, ``--stage``, laid out as static/ is. FILE... are their paths there;
anything else in the stage is a file deleted from the source tree and is removed. Then:

- ``files.json``, the listing of those files (path, size, SHA-256), names the folder they
  are published in: ``static/app-<first 12 hex digits of the listing's SHA-256>/``. A file
  whose bytes change changes the listing and so every URL of the folder: the host serves it
  ``immutable`` (netlify.toml), and a returning player never meets an old copy of one file
  beside a new one (the HTTP cache, the service worker's precache). The relative URLs
  between the files are those of static/ (the runtime is ``../vendor/`` from the folder).
- ``pyscript-<12 hex of its SHA-256>.toml``: the committed pyscript.toml with its URLs
  (``./static/…``, the interpreter and the game's archive) pointing into the folder.
- ``index.html``: the committed page with its URLs pointing into the folder and at that
  config. It and sw.js keep their fixed URLs (the entry points, revalidated on every load).
- Everything else in ``--site`` but the runtime (static/vendor/, rebuilt by its own rule),
  sw.js and the brotli copies of what stays is removed: the previous build's folder and
  config among them. A tab of that build still open has them in its service worker's
  precache until it reloads (or until another tab activates the new version); without a
  worker, what it has not loaded yet (the four-colour court sprite, the snapshot's worker)
  fails like any unreachable optional part, and its next load is the new build.

Standard library only (the Netlify build has no venv); deterministic output.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTING = "files.json"
HASH_DIGITS = 12
# URLs of the page and of its config that name the page's own files: ./static/… but the
# runtime's ./static/vendor/….
OWN = re.compile(r"""(["'])\./static/(?!vendor/)""")
KEPT = ("static/vendor/", "sw.js")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def listing(stage: Path, files: list[str]) -> bytes:
    """``files.json``: every file's path, size and SHA-256, in the order of their paths."""
    entries = []
    for name in sorted(set(files)):
        data = (stage / name).read_bytes()
        entries.append({"path": name, "bytes": len(data), "sha256": digest(data)})
    return (json.dumps({"files": entries}, indent=1) + "\n").encode()


def pointed(text: str, folder: str, what: str) -> str:
    """``text`` with each ./static/… URL of the page's own files moved into ``folder``."""
    moved, count = OWN.subn(rf"\g<1>./{folder}/", text)
    if count == 0:
        raise SystemExit(f"publish_app: {what} names none of the page's files")
    return moved


def prune_stage(stage: Path, files: set[str]) -> None:
    for path in sorted(stage.rglob("*")):
        if path.is_file() and path.relative_to(stage).as_posix() not in files:
            path.unlink()
            print(f"removed {path} (no longer a page file)")


def publish(stage: Path, site: Path, files: list[str], root: Path = ROOT) -> str:
    """Writes the folder, the config and the page into ``site``; returns the folder."""
    prune_stage(stage, set(files))
    listed = listing(stage, files)
    folder = f"static/app-{digest(listed)[:HASH_DIGITS]}"
    target = site / folder
    if not (target / LISTING).is_file() or (target / LISTING).read_bytes() != listed:
        shutil.rmtree(target, ignore_errors=True)
        partial = site / "static" / f".{target.name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        for name in sorted(set(files)):
            (partial / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(stage / name, partial / name)
        (partial / LISTING).write_bytes(listed)
        partial.rename(target)
    config = pointed((root / "pyscript.toml").read_text(encoding="utf-8"), folder, "pyscript.toml")
    config_name = f"pyscript-{digest(config.encode())[:HASH_DIGITS]}.toml"
    (site / config_name).write_text(config, encoding="utf-8")
    page = pointed((root / "index.html").read_text(encoding="utf-8"), folder, "index.html")
    page, count = re.subn(r'config="\./pyscript\.toml"', f'config="./{config_name}"', page)
    if count != 1:
        raise SystemExit("publish_app: index.html does not load ./pyscript.toml once")
    (site / "index.html").write_text(page, encoding="utf-8")
    prune_site(site, folder, config_name)
    return folder


def prune_site(site: Path, folder: str, config_name: str) -> None:
    """Removes what this build no longer publishes: another build's folder and config, the
    page's files at the fixed URLs of older builds, brotli copies of what is gone."""

    def kept(rel: str) -> bool:
        return rel in ("index.html", config_name) or rel.startswith((*KEPT, folder + "/"))

    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not kept(rel.removesuffix(".br")):
            path.unlink()
    for path in sorted(site.rglob("*"), reverse=True):  # a folder's folders before it
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", type=Path, required=True, help="the page's files as built")
    parser.add_argument("--site", type=Path, required=True, help="the site, e.g. dist")
    parser.add_argument("--root", type=Path, default=ROOT, help="index.html, pyscript.toml")
    parser.add_argument("files", nargs="+", help="the page's files, relative to --stage")
    args = parser.parse_args(argv)
    folder = publish(args.stage, args.site, args.files, args.root)
    print(f"published {len(set(args.files))} files in {args.site}/{folder}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
