#!/usr/bin/env python3
"""Remove from the built site every file that is no longer one of it.

    python3 scripts/prune_site.py dist index.html pyscript.toml static/boot.js ...

The Makefile copies the page's files into dist/ one by one and builds the game's files
beside them; a file deleted from the source tree (or a build output renamed) would stay
behind there, and the service worker (which precaches the whole site) would keep shipping
it. The arguments are the site's files but the runtime (static/vendor/, rebuilt from
scratch by its own rule) and sw.js. Standard library only (the netlify build has no venv).
"""

from __future__ import annotations

import sys
from pathlib import Path

BUILT = ("static/vendor/", "sw.js")


def stale(site: Path, page_files: set[str]) -> list[Path]:
    """Files in ``site`` that are neither the runtime, sw.js nor one of ``page_files`` (nor
    the brotli copy of one: scripts/precompress.mjs)."""
    return sorted(
        path
        for path in site.rglob("*")
        if path.is_file()
        and not (rel := path.relative_to(site).as_posix()).startswith(BUILT)
        and rel.removesuffix(".br") not in page_files
    )


def main(argv: list[str]) -> int:
    site, *files = argv
    for path in stale(Path(site), set(files)):
        path.unlink()
        print(f"removed {path} (no longer a page file)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
