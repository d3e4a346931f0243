"""What the machine's memory looked like: for a report when a browser page crashed.

A renderer that the kernel kills for memory ends a Playwright call with "Page crashed";
the figures here (Linux ``/proc``) tell such a kill from a crash of the page's own.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
PAGE_KB = 4  # /proc/vmstat counts balloon pages in the kernel's 4 KiB pages


def _fields(path: Path) -> dict[str, int]:
    """``name value`` lines of a /proc file (``MemTotal:  24683792 kB`` too); {} if absent."""
    try:
        text = path.read_text(encoding="ascii")
    except OSError:
        return {}
    found: dict[str, int] = {}
    for line in text.splitlines():
        parts = line.replace(":", " ").split()
        if len(parts) >= 2 and parts[1].isdigit():
            found[parts[0]] = int(parts[1])
    return found


def oom_kills() -> int:
    """Processes the kernel has killed for memory since it booted (0 where not counted)."""
    return _fields(PROC / "vmstat").get("oom_kill", 0)


def describe(oom_kills_before: int = 0) -> str:
    """One line: memory available of the total, memory a balloon took back, OOM kills, load."""
    meminfo = _fields(PROC / "meminfo")
    vmstat = _fields(PROC / "vmstat")
    mb = {key: value // 1024 for key, value in meminfo.items()}
    balloon_mb = vmstat.get("nr_balloon_pages", 0) * PAGE_KB // 1024
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"memory available {mb.get('MemAvailable', -1)} of {mb.get('MemTotal', -1)} MB, "
        f"balloon {balloon_mb} MB, "
        f"OOM kills since the run began {vmstat.get('oom_kill', 0) - oom_kills_before}, "
        f"load {load:.1f}"
    )
