"""What the browser wrote to its stderr: for a report when a browser page crashed.

Playwright's driver copies the browser's stderr into its debug log when ``DEBUG`` names
``pw:browser``, and writes that log to ``DEBUG_FILE``. A renderer that dies of its own
(a failed check, V8 out of memory, a signal) says so there; "Page crashed" alone does not.
Lines that name no cause are left out: crashpad's about reading the dead process, and
D-Bus's (this machine runs no bus).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

# Crashpad (Chromium's crash handler) logs a few hundred lines about the dead process's
# memory map for every crash; Chromium asks for a D-Bus at every start.
_NOISE = re.compile(r"third_party/crashpad/|:dbus/")
_STDERR = re.compile(r"pw:browser \[pid=\d+\]\[err\] (.*)")


def start(name: str) -> Path:
    """Has this process's Playwright driver, once started, log the browser's stderr to a
    new file named after ``name``; returns it. Call before the driver starts."""
    handle, path = tempfile.mkstemp(prefix=f"hearts-e2e-browser-{name}-", suffix=".log")
    os.close(handle)
    os.environ["DEBUG"] = ",".join(filter(None, (os.environ.get("DEBUG"), "pw:browser")))
    os.environ["DEBUG_FILE"] = path
    return Path(path)


def size(log: Path) -> int:
    """Where the log ends now (0 if it is not there yet)."""
    try:
        return log.stat().st_size
    except OSError:
        return 0


def stderr_since(log: Path, offset: int, most: int = 20) -> list[str]:
    """The browser's last ``most`` stderr lines written after ``offset``, noise apart."""
    try:
        with log.open("rb") as handle:
            handle.seek(offset)
            text = handle.read().decode("utf-8", "replace")
    except OSError:
        return []
    return stderr_lines(text)[-most:]


def stderr_lines(text: str) -> list[str]:
    """The browser's stderr lines in a Playwright debug log, the noise apart."""
    lines = []
    for line in text.splitlines():
        match = _STDERR.search(line)
        if match and not _NOISE.search(match.group(1)):
            lines.append(match.group(1))
    return lines
