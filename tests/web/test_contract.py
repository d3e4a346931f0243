"""The one contract between Python and the JavaScript that runs before it.

static/*.js take Python's facts - storage keys, record kinds and versions, the records'
limits, regions, labels, navigation keys, the lock's name, the languages and the texts
shown before Python runs - from the generated module (scripts/build_contract.py); a script
that spells one itself breaks silently on a change on the Python side, so these tests fail
instead.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts import i18n, sealed
from hearts.web import painter, phrases, records, settings, table_record, tablock

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_contract  # noqa: E402

STATIC = ROOT / "static"
SCRIPTS = sorted(
    p
    for p in STATIC.rglob("*")
    if p.suffix in {".js", ".mjs"} and p.relative_to(STATIC).parts[0] not in {"vendor", "build"}
)
# boot.js's modules that read Python's facts (boot/hand.mjs needs none: it is given them).
BOOT = (
    "records",
    "markup",
    "picture",
    "language",
    "deck",
    "paint",
    "input",
    "progress",
    "set-aside",
    "stopped",
)
IMPORTERS = (
    "boot.js",
    "handover.mjs",
    "interpreter.mjs",
    "effects.mjs",
    "motion.mjs",
    "motion/boxes.mjs",
    "pwa/failure.mjs",
    *(f"boot/{name}.mjs" for name in BOOT),
)
CONTRACT = build_contract.contract(ROOT, "test-build", "stdlib-test/python_stdlib.zip")
IMPORT = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"\.\.?/build/contract\.mjs"')


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
    keys = [records.GAME_KEY, records.STATS_KEY, records.SETTINGS_KEY, *records.PICTURE_KEYS]
    texts = [
        s
        for lang in i18n.LANGS
        for part in ("steps", "causes", "download", "labels")
        for s in strings(CONTRACT["TEXTS"][lang][part])
    ]
    return [
        *keys,
        records.PICTURE_KIND,
        records.BAD_SUFFIX,
        tablock.LOCK_NAME,
        *painter.SEATS,
        *painter.NAV_KEYS,
        *i18n.LANGS,
        *texts,
    ]


LIMITS = (records.BAD_MAX, sealed.MAX_TEXT)  # the records' size limits (boot.js reads them)


def numeric_facts() -> list[int]:
    """The numbers no script may spell: the records' versions (where a version is read) and
    their size limits (anywhere: they are large, see :func:`numbers`)."""
    versions = [records.PICTURE_VERSION, table_record.TABLE_VERSION, settings.SETTINGS_VERSION]
    return [*versions, *LIMITS]


def uncommented(source: str) -> str:
    return re.sub(r"(?<![:\"'\w])//[^\n]*|/\*.*?\*/", "", source, flags=re.DOTALL)


# A record's version as a script reads it: field(x, "v"), x["v"], x.v, a key v:, or a name
# that says version (PICTURE_VERSION, pictureVersion); and a number it is compared with or
# set to, on either side.
VERSION = (
    r"""(?:[\w$]+\s*\([^()]*,\s*["']v["']\s*\)"""  # field(x, "v")
    r"""|[\w$]+(?:\.[\w$]+)*(?:\.v\b|\[\s*["']v["']\s*\])"""  # x.v, x["v"]
    r"""|(?<![\w$.])v(?=\s*:)"""  # { v: 1 }
    r"""|[\w$.]*(?i:version)[\w$]*)"""  # PICTURE_VERSION, RECORDS.pictureVersion
)
VERSION_NUMBER = re.compile(
    rf"{VERSION}\s*(?:[!=]==?|=|:)\s*(\d+)\b|(?<![\w.])(\d+)\s*[!=]==?\s*{VERSION}"
)
LARGE = 1000  # a number this large in a script is no loop bound or index


def numbers(source: str) -> set[int]:
    """The numbers a script compares a version with or sets one to, and every large one."""
    code = uncommented(source)
    found = {int(a or b) for a, b in VERSION_NUMBER.findall(code)}
    spelled = (int(n.replace("_", "")) for n in re.findall(r"(?<![\w.])\d[\d_]*", code))
    return found | {n for n in spelled if n >= LARGE}


def quoted(source: str) -> set[str]:
    """Every quoted string of a script (comments dropped), templates included as written."""
    code = uncommented(source)
    found = re.findall(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'|`((?:[^`\\]|\\.)*)`', code)
    return {next(s for s in groups if s) for groups in found if any(groups)}


def literals(source: str) -> set[str]:
    """Every quoted string and every bare object key of a script (comments dropped)."""
    bare_keys = re.findall(r"[{,]\s*([A-Za-z_]\w*)\s*:", uncommented(source))
    return quoted(source) | set(bare_keys)


ELEMENTS = (*painter.REGIONS, painter.TABLE)  # the ids the painter draws into
SEAT_PREFIX = os.path.commonprefix(painter.SEATS)  # "seat-": a seat's id is it + a number
BY_ID = re.compile(r"getElementById\(\s*([\"'`])([\w-]+)\1\s*\)")


def spelled_ids(source: str) -> set[str]:
    """The painter's element ids a script spells: a region's as a string, any in a selector
    (``#hand x``) or looked up by hand (``getElementById("table")``: "table" alone is also a
    record's field), or a seat's built from its prefix (``seat-${n}``)."""
    found = {i for _quote, i in BY_ID.findall(uncommented(source))}
    for text in quoted(source):
        found |= {i for i in painter.REGIONS if text == i}
        found |= {i for i in ELEMENTS if re.search(rf"#{re.escape(i)}(?![\w-])", text)}
        if re.search(rf"(?<![\w-]){re.escape(SEAT_PREFIX)}(?:\d|\$\{{)", text):
            found.add(SEAT_PREFIX)
    return found & {*ELEMENTS, SEAT_PREFIX}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_no_script_spells_an_element_id_of_the_painter(script: Path) -> None:
    spelled = spelled_ids(script.read_text(encoding="utf-8"))
    assert not sorted(spelled), f"{script.name} spells the painter's ids: use the contract's IDS"


def test_the_id_check_sees_what_the_old_scripts_spelled() -> None:
    before = """
        const s = document.getElementById(`seat-${seat}`);
        const count = document.querySelector(`#seat-${to} .pile-count`);
        const winner = document.querySelector("#center .tcard.winner");
        const hand = cards('hand');
        const waiting = document.querySelector("#hand [aria-pressed]") !== null;
        document.getElementById("table").classList.contains("phase-pass");
        const BASE_MS = { hand: 180 };  // a key of one's own is no id
        const handClass = "hand-two-rows #handle";  // nor are longer names
        // document.getElementById("prompt") in a comment
    """
    assert spelled_ids(before) == {SEAT_PREFIX, "center", "hand", "table"}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_no_script_spells_a_fact_of_python(script: Path) -> None:
    source = script.read_text(encoding="utf-8")
    spelled, spelled_numbers = literals(source), numbers(source)
    assert not sorted(f for f in facts() if f in spelled), (
        f"{script.name} spells Python's facts itself: import them from the contract"
    )
    assert not sorted({n for n in numeric_facts() if n in spelled_numbers}), (
        f"{script.name} spells a record's version or limit itself: import it from the contract"
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
        records.FORMER_PICTURE_KEYS[0],
        tablock.LOCK_NAME,
        "seat-0",
        "seat-1",
        "Home",
        "End",
        "ArrowLeft",
        "de",
        "en",
        "Neu laden",
    }
    assert caught == expected


@pytest.mark.parametrize(
    "line",
    [
        'if (field(picture, "v") !== {v}) return null;',
        "if (picture.v != {v}) return null;",
        'if ({v} === picture["v"]) paint(picture);',
        "const PICTURE_VERSION = {v};",
        "const expected = {{ kind: RECORDS.pictureKind, v: {v} }};",
    ],
)
def test_the_check_sees_the_pictures_version_spelled_by_hand(line: str) -> None:
    """The picture's version as boot.js would write it without the contract: a number, so
    no string check could see it."""
    version = records.PICTURE_VERSION
    assert version in numbers(line.format(v=version))


def test_the_check_sees_the_limits_and_only_numbers_that_are_facts() -> None:
    before = """
        if (text.length > 200000) return false;  // sealed.MAX_TEXT
        const copy = text.slice(0, 64_000);
        for (let n = 2; n <= 3; n++) names.push(n);  // small numbers are not facts
        const MAKE_AFTER_MS = 3000;  // a large number, but nobody's fact
        // if (field(picture, "v") !== 2)  a comment is not code
    """
    assert all(n >= LARGE for n in LIMITS)  # else numbers() would not see them anywhere
    caught = {n for n in numeric_facts() if n in numbers(before)}
    assert caught == set(LIMITS)


@pytest.mark.parametrize("name", IMPORTERS)
def test_the_scripts_import_the_contract_and_only_what_it_exports(name: str) -> None:
    source = (ROOT / "static" / name).read_text(encoding="utf-8")
    imports = IMPORT.findall(source)
    assert imports, f"{name} does not import the contract (static/build/contract.mjs)"
    names = {n.strip() for group in imports for n in group.split(",") if n.strip()}
    assert names <= set(CONTRACT), f"{name} imports what the contract does not export"


def test_the_contract_comes_from_its_owners() -> None:
    assert CONTRACT["RECORDS"]["picture"] == records.PICTURE_KEY
    assert CONTRACT["RECORDS"]["pictureVersion"] == records.PICTURE_VERSION
    assert CONTRACT["REGIONS"] == list(painter.REGIONS)
    ids = CONTRACT["IDS"]
    assert [ids["status"], *ids["seats"], ids["center"], ids["prompt"], ids["hand"]] == list(
        painter.REGIONS
    )
    assert ids["table"] == painter.TABLE
    assert CONTRACT["NAV_KEYS"] == painter.NAV_KEYS
    assert CONTRACT["LOCK"] == {"name": tablock.LOCK_NAME}
    assert CONTRACT["LANGUAGES"] == {"supported": list(i18n.LANGS), "fallback": i18n.DEFAULT_LANG}
    for lang in i18n.LANGS:
        assert set(CONTRACT["TEXTS"][lang]["labels"]) == set(painter.LABELS)
        assert CONTRACT["TEXTS"][lang]["download"]["reload"] == i18n.text(lang, "boot.reload")
        assert CONTRACT["PHRASES"][lang] == phrases.phrases(lang)


def test_the_module_is_javascript_of_the_contract() -> None:
    module = build_contract.module(CONTRACT)
    exported = re.findall(r"^export const (\w+) = ", module, flags=re.MULTILINE)
    assert exported == list(CONTRACT)
    assert build_contract.module(CONTRACT) == module  # reproducible: sorted keys
