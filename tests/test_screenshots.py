"""The pictures in the README are what the simulator draws today: each script in
docs/screenshots is played again headless and must give the same PNG bytes (regenerate with
``make screenshots``); a script's ``# people:`` line names the people the board knows first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from controller.app.store import Store
from controller.profile import load_profile
from sim.front.headless import Headless
from tests.support.board import NOON

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCRIPTS = sorted((DOCS / "screenshots").glob("*.txt"))


def test_there_are_screenshot_scripts():
    assert len(SCRIPTS) >= 4


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_pictures_are_current(script, tmp_path):
    text = script.read_text(encoding="utf-8")
    profile_name = re.search(r"^# profile: (\S+)$", text, re.M)[1]
    profile = load_profile(profile_name)
    store = Store.at(tmp_path / "state", profile_name)
    for person in (re.findall(r"^# people: (.*)$", text, re.M) or [""])[0].split():
        store.history.add_person(person, "2026-11-21")  # as make screenshots names them
    simulator = Headless(profile, store, tmp_path, lambda: NOON)
    simulator.run(text.splitlines())
    names = re.findall(r"^png (\S+)$", text, re.M)
    assert names
    for name in names:
        fresh = (tmp_path / f"{name}.png").read_bytes()
        assert fresh == (DOCS / "images" / f"{name}.png").read_bytes(), \
            f"docs/images/{name}.png is out of date: run make screenshots"
