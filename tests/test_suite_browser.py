"""The browser suites' Chromium (harness.browser.suite_launch_options): the headless shell
only when it is the very build of the full browser, so the suites test the engine players
have; a shell of another version stops the run with what to install."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from harness import browser


def fake_browser(folder: Path, name: str, says: str) -> str:
    path = folder / name
    path.write_text(f"#!/bin/sh\necho '{says}'\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_the_shell_of_the_same_build_is_the_suites_browser(tmp_path, monkeypatch):
    full = fake_browser(tmp_path, "chromium", "Chromium 156.0.8078.129 built on Debian")
    shell = fake_browser(tmp_path, "shell", "Chromium 156.0.8078.129")
    monkeypatch.setattr(browser, "CHROMIUM", full)
    monkeypatch.setattr(browser, "TEST_CHROMIUM", shell)
    assert browser.suite_launch_options()["executable_path"] == shell


def test_a_shell_of_another_version_stops_the_run_with_what_to_install(tmp_path, monkeypatch):
    full = fake_browser(tmp_path, "chromium", "Chromium 156.0.1")
    monkeypatch.setattr(browser, "CHROMIUM", full)
    shell = fake_browser(tmp_path, "shell", "Chromium 157.0.1")
    monkeypatch.setattr(browser, "TEST_CHROMIUM", shell)
    with pytest.raises(RuntimeError, match="install one version of both"):
        browser.suite_launch_options()
