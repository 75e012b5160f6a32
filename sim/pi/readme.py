"""README's Raspberry Pi steps, read from README itself, so that what the Pi stage runs is what
a Pi owner types: the first shell block under "On a Raspberry Pi", one command a line, each with
the comment that says what it is for."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from controller.errors import KaskadeError

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SECTION = "## On a Raspberry Pi"
REPOSITORY = "<this repository>"
"""What README writes where the repository's address goes."""
HARDWARE = ("doctor", "firmware", "selftest", "install")
"""Steps that speak to the board's hardware (the LEDs, the pads, the touch board on the cable):
the Pi stage runs them where an emulated board is there (the whole-board test), the others
everywhere."""


class ReadmeError(KaskadeError, ValueError):
    """README no longer has its Pi steps where and as the Pi stage reads them."""


@dataclass(frozen=True)
class Step:
    """One line of README's Pi steps."""

    command: str
    """The shell command, as written (without its comment)."""
    comment: str

    @property
    def words(self) -> list[str]:
        return shlex.split(self.command)

    @property
    def needs_hardware(self) -> bool:
        """Whether it runs ``kaskade`` against the board (see :data:`HARDWARE`)."""
        words = self.words
        if "kaskade" not in " ".join(words):
            return False
        return any(word in HARDWARE for word in words[1:])

    def with_repository(self, address: str) -> str:
        """The command with the repository's address put in (``git clone``)."""
        return self.command.replace(REPOSITORY, shlex.quote(address))


def pi_steps(readme: Path = README) -> list[Step]:
    """The commands of README's Pi section, in order."""
    text = readme.read_text(encoding="utf-8")
    start = text.find(f"\n{SECTION}\n")
    if start < 0:
        raise ReadmeError(f"{readme.name} has no section {SECTION!r}")
    block = re.search(r"\n```[a-z]*\n(.*?)\n```", text[start:], re.DOTALL)
    if block is None:
        raise ReadmeError(f"{readme.name}: {SECTION!r} has no block of commands")
    steps = []
    for line in block.group(1).splitlines():
        if not line.strip():
            continue
        command, _, comment = line.partition("  #")
        steps.append(Step(command.strip(), comment.strip(" #")))
    return steps


def apt_packages(steps: list[Step]) -> list[str]:
    """The Debian packages the steps install with apt (``sudo apt install -y …``)."""
    for step in steps:
        words = step.words
        if words[:3] == ["sudo", "apt", "install"]:
            return [word for word in words[3:] if not word.startswith("-")]
    raise ReadmeError("README's Pi steps install nothing with sudo apt install")
