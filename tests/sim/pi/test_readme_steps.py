"""README's Pi steps as the Pi stage reads them: the commands of its first block, the packages
its apt line installs, which of them need the board's hardware."""

from __future__ import annotations

import pytest

from sim.pi.readme import ReadmeError, apt_packages, pi_steps


def test_the_steps_are_readmes_block():
    steps = pi_steps()
    assert [step.command.split()[0] for step in steps[:4]] == ["sudo", "git", "python3",
                                                               ".venv/bin/pip"]
    assert [step.needs_hardware for step in steps] == [False] * 4 + [True] * 4 + [False]
    assert steps[3].comment == "the versions CI tested"
    assert steps[1].with_repository("/srv/kaskade-board") == \
        "git clone /srv/kaskade-board kaskade-board && cd kaskade-board"


def test_the_apt_line_names_only_packages_debian_has():
    """Debian has no python3-lgpio (Raspberry Pi OS alone does): lgpio comes from PyPI."""
    packages = apt_packages(pi_steps())
    assert packages == ["git", "build-essential", "python3-venv", "python3-dev", "swig",
                        "iproute2"]


def test_a_readme_without_its_steps_is_named(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# Kaskade Board\n\n## On a Raspberry Pi\n\nNo commands.\n")
    with pytest.raises(ReadmeError, match="has no block of commands"):
        pi_steps(readme)
    readme.write_text("# Kaskade Board\n")
    with pytest.raises(ReadmeError, match="no section"):
        pi_steps(readme)
