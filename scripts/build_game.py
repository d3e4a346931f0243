#!/usr/bin/env python3
"""Build the game for the browser: hearts/ as one archive.

    python3 scripts/build_game.py --out .cache/app/build           write hearts.zip
    python3 scripts/build_game.py --out .cache/app/build --check   exit 1 if it is stale

``hearts.zip``: every module of hearts/ in one request instead of one per module, as
bytecode compiled by the page's own Python (scripts/compile_pyc.mjs runs the pinned
Pyodide in Node; the sources are not shipped), so the page imports without compiling;
pyscript.toml maps it to ``./*``, which PyScript unpacks into the interpreter's working
directory.  Entries are
sorted and dated 1980-01-01, so the archive (and its hash) only changes with a module.
What the JavaScript needs before Python runs is scripts/build_contract.py's.

The archive keeps its name; the folder it is published in with the page's other files is
named for their hashes (scripts/publish_app.py, which also writes the config that names
it), so it is served ``immutable`` and neither the HTTP cache nor the service worker's
precache can answer a new build with an old copy.

Standard library only (the engine is too), so the netlify build needs no venv; the
bytecode needs Node and ``npm ci``'s pyodide.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "hearts.zip"
EPOCH = (1980, 1, 1, 0, 0, 0)


def modules(root: Path) -> list[Path]:
    """Every hearts/**/*.py, in a stable order."""
    found = [
        p
        for p in (root / "hearts").rglob("*.py")
        if "__pycache__" not in p.parts and not any(part.startswith(".") for part in p.parts)
    ]
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def archive(root: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in modules(root):
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buffer.getvalue()


def compiled(root: Path, sources: bytes) -> bytes:
    """The bytecode of ``sources`` (a zip of hearts/), by the pinned Pyodide's Python."""
    run = subprocess.run(
        ["node", str(root / "scripts" / "compile_pyc.mjs")],
        input=sources,
        capture_output=True,
        check=False,
        timeout=300,
    )
    if run.returncode != 0:
        raise SystemExit(run.stderr.decode(errors="replace") or "compile_pyc.mjs failed")
    return run.stdout


def build_id(zipped: bytes) -> str:
    """The archive's hash: a saved table is painted only by the build that drew it."""
    return hashlib.sha256(zipped).hexdigest()[:16]


def arguments(description: str, argv: list[str] | None) -> argparse.Namespace:
    """The options of this script and of scripts/build_contract.py."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, required=True, help="folder, e.g. .cache/app/build")
    parser.add_argument("--vendor", type=Path, help="the runtime as built (build_contract.py)")
    parser.add_argument("--check", action="store_true", help="only report whether it is stale")
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root")
    return parser.parse_args(argv)


def write(target: Path, content: bytes, check: bool) -> int:
    """Write ``target`` (or with ``check``, only say whether it is stale): the exit code."""
    if check:
        if target.is_file() and target.read_bytes() == content:
            return 0
        print(f"stale: {target}; run `make game`", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(content)  # always: make compares the file's time with its sources'
    print(f"wrote {target} ({len(content):,} bytes)")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    return write(args.out / ARCHIVE, compiled(args.root, archive(args.root)), args.check)


if __name__ == "__main__":
    sys.exit(main())
