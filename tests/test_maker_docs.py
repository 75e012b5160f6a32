"""The maker's documents hold what the tools do: every ``kaskade`` command they show names a
command and options that exist, the worked example of docs/hardware.md runs as written, and the
figures it quotes are the ones the tools print; a sheet written anywhere links only to what is
beside it."""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from controller.cli import build_parser
from controller.profile import load_profile
from controller.profile.firmware import default_thresholds
from controller.profile.geometry import signal

ROOT = Path(__file__).resolve().parents[1]
MAKER_DOCS = ["docs/hardware.md", "docs/firmware.md", "docs/profiles.md", "wiring/README.md"]
KASKADE = str(Path(sys.executable).parent / "kaskade")
SPAN = re.compile(r"`([^`]*\bkaskade\s[^`]*)`")
BLOCK = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def shown_commands(text: str) -> list[str]:
    """Every ``kaskade …`` command in ``text``: in code spans (also across a line break) and in
    code blocks (a line ending in ``\\`` goes on)."""
    commands = [" ".join(span.split()) for span in SPAN.findall(BLOCK.sub("", text))]
    for block in BLOCK.findall(text):
        for line in block.replace("\\\n", " ").splitlines():
            if re.match(r"\s*(sudo )?(\S*/)?kaskade ", line):
                commands.append(" ".join(line.split()))
    return [command for command in commands if re.search(r"(^|[ /])kaskade ", command)
            and not re.search(r"kaskade \S+:", command)]  # not a quoted message "kaskade x: …"


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def options_of(command: str) -> tuple[str, set[str], list[str]]:
    """The command's name as far as the parser knows it, the options it takes, and the
    options the command gives."""
    words = re.split(r"(?:^|[ /])kaskade ", command, maxsplit=1)[1].split()
    parser, name = build_parser(), "kaskade"
    while words and words[0] in subcommands(parser):
        name += f" {words[0]}"
        parser = subcommands(parser)[words.pop(0)]
    known = {option for action in parser._actions for option in action.option_strings}
    given = [word.split("=")[0] for word in words if word.startswith("-")]
    return name, known, given


COMMANDS = [(doc, command) for doc in MAKER_DOCS
            for command in shown_commands((ROOT / doc).read_text())]


def test_the_documents_show_commands():
    assert len(COMMANDS) > 40
    assert any("calibrate" in command and "--set" in command for _, command in COMMANDS)


@pytest.mark.parametrize(("doc", "command"), COMMANDS)
def test_every_command_the_maker_docs_show_exists_with_its_options(doc, command):
    name, known, given = options_of(command)
    assert name != "kaskade" or command.split("kaskade ", 1)[1].startswith("-"), \
        f"{doc}: {command!r} names no command"
    unknown = [option for option in given if option not in known]
    assert not unknown, f"{doc}: {command!r}: {name} has no {', '.join(unknown)}"


def test_a_removed_option_would_be_caught():
    _, known, given = options_of("kaskade calibrate --profile NAME --store")
    assert "--store" in given
    assert "--store" not in known


def example_block() -> str:
    text = (ROOT / "docs/hardware.md").read_text()
    return next(block for block in BLOCK.findall(text) if "profile new six.toml" in block)


def test_the_six_by_six_example_runs_as_written_and_gives_the_figures_quoted(tmp_path):
    text = (ROOT / "docs/hardware.md").read_text()
    said = text[text.index(example_block()):]
    said = " ".join(said[:said.index("Why not")].split())
    out = {}
    for command in shown_commands(f"```\n{example_block()}```"):
        argv = shlex.split(command)[1:]
        if argv[0] == "sim":  # the same board, headless, as far as its home menu
            argv += ["--headless", "--script", "/dev/null", "--state-dir", str(tmp_path / "s")]
        result = subprocess.run([KASKADE, *argv], cwd=tmp_path, capture_output=True,
                                text=True, timeout=120, check=False)
        assert result.returncode == 0, (command, result.stderr)
        out[argv[0] if argv[0] != "profile" else " ".join(argv[:2])] = result.stdout
    check = " ".join(out["profile check"].split())
    pads, top_mm, material, counts = re.search(
        r"([\d.]+) mm pads under (\d+) mm (\w+) at ([\d.]+) counts", said).groups()
    assert f"{pads} mm pads under {top_mm} mm of {material}" in check
    assert f"{counts} counts" in check, f"the document says {counts} counts: {check}"
    sheet = tmp_path / "six"
    top = re.search(r"draws a ([\d.]+) mm square top", said).group(1)
    assert f'width="{top}mm" height="{top}mm"' in (sheet / "top.svg").read_text()
    grid = re.search(r"a (\d+) mm tall light grid", said).group(1)
    readme = (sheet / "README.md").read_text()
    assert f"| Light grid | {grid} mm tall" in readme
    chips = re.search(r"three MPR121 on one bus \(([^:]+):", said).group(1).split(", ")
    assert chips == ["0x5A", "0x5B", "0x5C"]
    assert all(f"MPR121 bus 0 {chip} SDA" in readme for chip in chips)
    assert "0x5D" not in readme
    assert "bus 1" not in readme


@pytest.mark.parametrize("build", ["kaskade-8x8", "kaskade-16x16", "kaskade-mini"])
def test_a_sheet_written_anywhere_links_only_to_the_files_beside_it(build, tmp_path):
    out = tmp_path / "far" / "away"
    result = subprocess.run([KASKADE, "wiring", "--profile", build, "--out", str(out)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    readme = (out / "README.md").read_text()
    targets = re.findall(r"\]\(([^)]+)\)", readme)
    assert targets, "the sheet links its diagram and cut files"
    for target in targets:
        assert "/" not in target, f"{target} is not beside the sheet"
        assert (out / target).exists(), f"{target} is missing"


def test_the_touch_table_is_what_the_profile_checks_reckon():
    text = (ROOT / "docs/hardware.md").read_text()
    header = re.search(r"^\| Top \|(.*)\|$", text, re.M).group(1)
    counts = re.search(r"^\| Counts a touch gives \|(.*)\|$", text, re.M).group(1)
    tops = [cell.strip() for cell in header.split("|")]
    shown = [int(cell.strip().strip("*")) for cell in counts.split("|")]
    standard = load_profile("kaskade-8x8")
    for top, figure in zip(tops, shown, strict=True):
        millimetres, _, material = top.partition(" mm")
        build = replace(standard.build, top_mm=float(millimetres),
                        top=material.strip() or standard.build.top)
        reckoned = signal(build, standard.columns, standard.rows, "mpr121").counts
        assert figure == int(reckoned + 0.5), f"{top}: the document says {figure}, {reckoned}"
    threshold = re.search(r"the firmware calls a touch at (\d+) counts", text).group(1)
    assert int(threshold) == default_thresholds(standard)[0]
    result = subprocess.run([KASKADE, "profile", "check", "kaskade-8x8"], capture_output=True,
                            text=True, timeout=60, check=False)
    assert f"against a threshold of {threshold}" in result.stdout
