"""The one contract between Python and the JavaScript that runs before it (issue 21).

static/*.js take Python's facts - storage keys, record kinds, regions, labels, navigation
keys, the lock's name, the languages and the texts shown before Python runs - from the
generated module (scripts/build_contract.py); a script that spells one itself breaks
silently on a rename on the Python side, so these tests fail instead.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts import i18n
from hearts.web import painter, records, tablock

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_contract  # noqa: E402

SCRIPTS = sorted(p for p in (ROOT / "static").glob("*") if p.suffix in {".js", ".mjs"})
IMPORTERS = ("boot.js", "handover.mjs", "pwa.mjs")
CONTRACT = build_contract.contract(ROOT, "test-build")
IMPORT = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"\./build/contract\.mjs"')


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def facts() -> list[str]:
    """What no script may spell: the owners' values, read from the owners."""
    keys = [records.GAME_KEY, records.STATS_KEY, records.SETTINGS_KEY, records.PICTURE_KEY]
    texts = [
        s
        for lang in i18n.LANGS
        for part in ("steps", "causes", "download", "labels")
        for s in strings(CONTRACT["TEXTS"][lang][part])
    ]
    seats = [r for r in painter.REGIONS if r.startswith("seat-")]
    return [
        *keys,
        records.PICTURE_KIND,
        records.BAD_SUFFIX,
        tablock.LOCK_NAME,
        *seats,
        *painter.NAV_KEYS,
        *i18n.LANGS,
        *texts,
    ]


def literals(source: str) -> set[str]:
    """Every quoted string and every bare object key of a script (comments dropped)."""
    code = re.sub(r"(?<![:\"'\w])//[^\n]*|/\*.*?\*/", "", source, flags=re.DOTALL)
    quoted = re.findall(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'|`((?:[^`\\]|\\.)*)`', code)
    found = {next(s for s in groups if s) for groups in quoted if any(groups)}
    found |= set(re.findall(r"[{,]\s*([A-Za-z_]\w*)\s*:", code))
    return found


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_script_spells_a_fact_of_python(script: Path) -> None:
    spelled = literals(script.read_text(encoding="utf-8"))
    assert not sorted(f for f in facts() if f in spelled), (
        f"{script.name} spells Python's facts itself: import them from the contract"
    )


def test_the_check_sees_what_the_old_scripts_spelled() -> None:
    """The literals of the scripts before the contract: each one is caught."""
    before = """
        // A comment's "game's" apostrophe and "quotes" do not hide what follows.
        const SNAPSHOT_KEY = "hearts.snapshot.v1";
        const LOCK_NAME = "hearts.game";
        const REGIONS = ["status", "seat-0", "seat-1"];
        const index = { Home: 0, End: 1, ArrowLeft: 2 }[key];
        return chosen === "de" ? "de" : "en";
        reload: "Neu laden",
    """
    spelled = literals(before)
    caught = {f for f in facts() if f in spelled}
    expected = {
        records.PICTURE_KEY, tablock.LOCK_NAME, "seat-0", "seat-1", "Home", "End", "ArrowLeft",
        "de", "en", "Neu laden",
    }
    assert caught == expected


@pytest.mark.parametrize("name", IMPORTERS)
def test_the_scripts_import_the_contract_and_only_what_it_exports(name: str) -> None:
    source = (ROOT / "static" / name).read_text(encoding="utf-8")
    imports = IMPORT.findall(source)
    assert imports, f"{name} does not import ./build/contract.mjs"
    names = {n.strip() for group in imports for n in group.split(",") if n.strip()}
    assert names <= set(CONTRACT), f"{name} imports what the contract does not export"


def test_the_contract_comes_from_its_owners() -> None:
    assert CONTRACT["RECORDS"]["picture"] == records.PICTURE_KEY
    assert CONTRACT["RECORDS"]["pictureVersion"] == records.PICTURE_VERSION
    assert CONTRACT["REGIONS"] == list(painter.REGIONS)
    assert CONTRACT["NAV_KEYS"] == painter.NAV_KEYS
    assert CONTRACT["LOCK"] == {"name": tablock.LOCK_NAME}
    assert CONTRACT["LANGUAGES"] == {"supported": list(i18n.LANGS), "fallback": i18n.DEFAULT_LANG}
    for lang in i18n.LANGS:
        assert set(CONTRACT["TEXTS"][lang]["labels"]) == set(painter.LABELS)
        assert CONTRACT["TEXTS"][lang]["download"]["reload"] == i18n.text(lang, "boot.reload")


def test_the_module_is_javascript_of_the_contract() -> None:
    module = build_contract.module(CONTRACT)
    exported = re.findall(r"^export const (\w+) = ", module, flags=re.MULTILINE)
    assert exported == list(CONTRACT)
    assert build_contract.module(CONTRACT) == module  # reproducible: sorted keys
