"""The slow kinds of test are marked, so that ``make check`` can leave them out: each program of
a slow kind is known by its kind, and a test that starts one without the marker fails."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from tests.support.kinds import KINDS, kind_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_kinds_are_the_markers_pyproject_declares(pytestconfig):
    declared = {line.split(":", 1)[0] for line in pytestconfig.getini("markers")}
    assert declared >= KINDS
    assert sorted(KINDS) == ["arm64", "broker", "browser", "display", "install", "micropython",
                             "network", "silicon"]


@pytest.mark.parametrize(("args", "kind"), [
    (["/usr/sbin/mosquitto", "-c", "mosquitto.conf"], "broker"),
    (["/usr/bin/chromedriver", "--port=40123"], "browser"),
    ("Xvfb -displayfd 5 -screen 0 1280x1024x24", "display"),
    (["/usr/bin/node", "/checkout/sim/micropython/device.mjs", "flash"], "micropython"),
    (["node", "sim/silicon/run.mjs", "--bootrom", "rom.bin"], "silicon"),
    (["npm", "ci", "--prefix", "/checkout/sim/silicon", "--no-audit"], "silicon"),
    (["qemu-aarch64-static", "/bin/true"], "arm64"),
    ([sys.executable, "-m", "pip", "install", "--quiet", "source[pi]"], "network"),
    ([sys.executable, "-m", "pip", "install", "--no-index", "kaskade_board.whl"], "install"),
    ([sys.executable, "-m", "pip", "wheel", "--no-deps", "/checkout"], "install"),
    ([sys.executable, "-m", "build", "--no-isolation", "source"], "install"),
    (["python3", "-m", "venv", "/opt/kaskade-board/releases/1.3.0"], "install"),
    # of no slow kind: the page's scripts under node, the program itself
    (["node", "-e", "process.stdout.write('1')", "--", "page/board.js"], None),
    (["kaskade", "sim", "--headless"], None),
    ([], None),
])
def test_each_program_is_known_by_its_kind(args, kind):
    assert kind_of(args) == kind


def test_a_test_that_starts_a_broker_unmarked_fails_naming_the_marker(pytester, monkeypatch):
    fake = pytester.path / "bin" / "mosquitto"  # any program so named is a broker
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    fake.chmod(0o755)
    pytester.makepyfile(test_fake=f"""
        import subprocess

        import pytest

        @pytest.fixture
        def broker():
            return "a broker another test of the module started"

        def test_started_itself():
            subprocess.run([{str(fake)!r}], check=True)

        def test_started_by_a_child():
            subprocess.run(["sh", "-c", "mosquitto"], check=True)

        def test_uses_the_fixture(broker):
            assert broker

        @pytest.mark.broker
        def test_marked(broker):
            subprocess.run([{str(fake)!r}], check=True)
            subprocess.run(["sh", "-c", "mosquitto"], check=True)

        def test_of_no_kind():
            subprocess.run(["sh", "-c", "true"], check=True)
    """)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")
    result = pytester.runpytest_subprocess("-p", "tests.support.kinds", "-p", "no:cacheprovider",
                                           "-W", "ignore::pytest.PytestUnknownMarkWarning")
    result.assert_outcomes(passed=5, errors=3)
    for name in ("started_itself", "started_by_a_child", "uses_the_fixture"):
        result.stdout.fnmatch_lines([f"*test_{name} starts a program of a slow kind (broker) "
                                     "without its marker: add pytest.mark.broker*"])
    assert "test_marked starts" not in result.stdout.str()
    assert "test_of_no_kind starts" not in result.stdout.str()


def test_make_check_leaves_out_every_slow_kind():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^SLOW_KINDS := (.+)$", makefile, re.M)
    assert found is not None
    assert sorted(found[1].split(" or ")) == sorted(KINDS)
    assert '-m "not ($(SLOW_KINDS))"' in makefile
