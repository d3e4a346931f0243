"""The reason, not the ticket: no file of the project names an issue by its number.

An issue number tells a newcomer nothing; a comment says why, a commit message may name the
issue. Frozen copies of older sources (tools/frozen_hard_src/, kept byte for byte for the
strength benchmark) are left as they were.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKET = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)
FROZEN = "tools/frozen_hard_src/"
BINARY = {".png", ".ico", ".woff2", ".br", ".zip", ".wasm"}


def tracked() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [name for name in listed if not name.startswith(FROZEN)]


def test_no_file_names_an_issue_by_number():
    found = []
    for name in tracked():
        path = ROOT / name
        if path.suffix in BINARY or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TICKET.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


def test_the_check_finds_a_ticket():
    word = "issue"  # spelled apart: this file is checked too
    assert TICKET.search(f"as {word} 46 found") and TICKET.search(f"({word.title()}s 6 and 11)")
    assert not TICKET.search("the issue's text") and not TICKET.search("tissue 3")
