#!/usr/bin/env python3
"""Write the one contract between Python and the JavaScript that runs before it.

    python3 scripts/build_contract.py --out .cache/app/build --vendor dist/static/vendor
    (--check: exit 1 if contract.mjs is stale)

static/boot.js (the table before Python), static/handover.mjs (the tab hand-over) and
static/pwa.mjs (the service-worker glue) need a few of Python's facts. Each is owned by
the Python module named below and read from it here, at build time, so that no script
spells one itself (tests/web/test_contract.py fails when one does):

* ``BUILD``: the game archive's hash (a saved table is painted only by the build that drew
  it), read from the archive as built (scripts/build_game.py).
* ``STDLIB``: where the trimmed standard library is under the Pyodide folder
  (``stdlib-<its hash>/python_stdlib.zip``: its URL changes with its bytes, since the runtime
  is cached ``immutable``), read from the runtime as built (``--vendor``: its manifest.json,
  scripts/build_vendor.mjs). Every page hands it to loadPyodide as its ``stdLibURL``; this
  module is published under a folder named for its hash like every page file
  (scripts/publish_app.py), so a new release is seen at once.
* ``RECORDS``: the stored keys, the table picture's kind and version, the .bad copies and the
  limits records are read within (hearts/web/records.py, hearts/sealed.py).
* ``REGIONS``, ``IDS``, ``LABELS``, ``NAV_KEYS``: the painter's regions, the ids of the
  elements it draws into by name (seats by seat number), the labels outside them (element,
  attribute) and the keys that move between cards (hearts/web/painter.py).
* ``LOCK``: the Web Lock's name (hearts/web/tablock.py).
* ``NAMES``: the page's names both languages use: the window objects, the start's box, the
  way on's buttons, the table's classes and actions the scripts set (hearts/web/names.py).
* ``LIFECYCLE``: the page's states, their bounds, exits and blames; static/lifecycle.mjs
  performs the transitions (hearts/web/lifecycle.py).
* ``LANGUAGES``: the supported languages and the fallback (hearts/i18n).
* ``STEPS`` and ``TEXTS``: the start-up steps, and per language what is shown before
  Python runs: the steps, a failed start and its causes, the labels, the neutral table's
  plates (the game's own view and render code), the runtime's download failing (pwa.mjs).
* ``MARKUP``: the allowlist a stored picture must pass to be painted (hearts/web/markup.py).
* ``PHRASES``: per language, the texts a stored picture may say (hearts/web/phrases.py).

Standard library only (the engine is too), so the netlify build needs no venv.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from build_game import ARCHIVE, arguments, build_id, write

CONTRACT = "contract.mjs"
STEPS = ("runtime", "engine", "game")  # the start-up steps, in order
STEP_TEXTS = (*STEPS, "stopped", "died", "set_aside", "retry", "start_without")
CAUSES = ("game", "stats", "settings", "none", "full")
DOWNLOAD_TEXTS = ("offline", "network", "reload")  # static/pwa.mjs


def contract(root: Path, build: str, stdlib: str) -> dict[str, Any]:
    """Every export of the contract module, by name."""
    sys.path.insert(0, str(root))
    from hearts import i18n, sealed
    from hearts.view.dialog_views import chrome
    from hearts.view.table_view import neutral_plates
    from hearts.web import lifecycle, markup, names, painter, phrases, records, render, tablock

    texts = {
        lang: {
            "steps": {key: i18n.text(lang, f"boot.{key}") for key in STEP_TEXTS},
            "causes": {cause: i18n.text(lang, f"boot.cause_{cause}") for cause in CAUSES},
            "download": {key: i18n.text(lang, f"boot.{key}") for key in DOWNLOAD_TEXTS},
            "labels": painter.chrome_labels(chrome(lang)),
            "regions": {f"seat-{p.seat}": render.plate(p) for p in neutral_plates(lang)},
        }
        for lang in i18n.LANGS
    }
    stored = {
        "game": records.GAME_KEY,
        "stats": records.STATS_KEY,
        "settings": records.SETTINGS_KEY,
        "picture": records.PICTURE_KEY,
        "pictures": list(records.PICTURE_KEYS),  # every key a picture may be under: caches
        "pictureKind": records.PICTURE_KIND,
        "pictureVersion": records.PICTURE_VERSION,
        "badSuffix": records.BAD_SUFFIX,
        "badKeep": records.BAD_KEEP,
        "badMax": records.BAD_MAX,
        "maxText": sealed.MAX_TEXT,
        "maxDepth": sealed.MAX_DEPTH,
    }
    return {
        "BUILD": build,
        "STDLIB": stdlib,
        "RECORDS": stored,
        "REGIONS": list(painter.REGIONS),
        "IDS": {
            "status": painter.STATUS,
            "seats": list(painter.SEATS),
            "center": painter.CENTER,
            "prompt": painter.PROMPT,
            "hand": painter.HAND,
            "table": painter.TABLE,
        },
        "LABELS": {key: list(target) for key, (*target, _field) in painter.LABELS.items()},
        "NAV_KEYS": dict(painter.NAV_KEYS),
        "LOCK": {"name": tablock.LOCK_NAME},
        "LIFECYCLE": lifecycle.table(),
        "NAMES": names.contract(),
        "LANGUAGES": {"supported": list(i18n.LANGS), "fallback": i18n.DEFAULT_LANG},
        "STEPS": list(STEPS),
        "TEXTS": texts,
        "MARKUP": markup.rules(),
        "PHRASES": {lang: phrases.phrases(lang) for lang in i18n.LANGS},
    }


def module(exports: dict[str, Any]) -> str:
    lines = ["// Generated by scripts/build_contract.py from the Python modules: do not edit."]
    for name, value in exports.items():
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        lines.append(f"export const {name} = {text};")
    return "\n".join(lines) + "\n"


def stdlib_file(vendor: Path) -> str:
    """The standard library's path under the Pyodide folder, as scripts/build_vendor.mjs
    built it into ``vendor`` (dist/static/vendor)."""
    manifest = vendor / "manifest.json"
    try:
        file: str = json.loads(manifest.read_text(encoding="utf-8"))["stdlib"]["file"]
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"{manifest} names no standard library: run `make vendor`") from error
    return file


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    built = args.out / ARCHIVE
    if not built.is_file():
        raise SystemExit(f"{built} is not built: run `make game`")
    vendor = args.vendor or args.out.parent / "vendor"
    exports = contract(args.root, build_id(built.read_bytes()), stdlib_file(vendor))
    content = module(exports).encode()
    return write(args.out / CONTRACT, content, args.check)


if __name__ == "__main__":
    sys.exit(main())
