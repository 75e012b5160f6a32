"""Installing a release: a wheel (given, or built from a checkout) into a virtual environment
of its own beside the others (:mod:`hw.pi.releases`), its dependencies pinned by the
constraints file when there is one.

Where the program comes from is always a file at hand — the wheel or the checkout this command
runs from, or one given by name — never a name looked up in a package index: the release that
runs is exactly the one that was tested.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import controller
from controller.errors import KaskadeError
from hw.pi.constraints import NAME as CONSTRAINTS
from hw.pi.constraints import NoConstraintsError, constraints_file, pinned
from hw.pi.releases import (
    INFO,
    INSTALLING,
    Layout,
    Release,
    ReleaseError,
    Wheel,
    describe,
    read_wheel,
)

PINNED = "program.txt"
"""The program's wheel and its hash, in each release installed with constraints."""
PIP = "pip.txt"
"""The pip a release installs with, pinned with its hashes from the constraints: the one a
new environment gets from the system (Debian 12's is 23.0.1) refuses a dependency that only
the hashed constraints pin."""
LEFT_OUT = shutil.ignore_patterns(".git", ".venv", "venv", "node_modules", "build", "dist",
                                  "*.egg-info", "__pycache__", "*.so", ".*_cache", ".hypothesis")
"""What a wheel is never built from: version control, environments, build leftovers."""


def not_copied(folder: str, names: list[str]) -> set[str]:
    """What of ``names`` in ``folder`` the copy a wheel is built from leaves out: what
    :data:`LEFT_OUT` names, and anything that is neither a file, a folder nor a link — such as
    the notification pipes (``.lgd-nfy0``) lgpio leaves in the folder a program that used the
    pins ran in (``kaskade selftest`` in the clone, say), which cannot be copied."""
    left = set(LEFT_OUT(folder, names))
    for name in names:
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:  # gone meanwhile
            left.add(name)
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            left.add(name)
    return left


Run = Callable[[tuple[str, ...]], None]


class InstallStepError(KaskadeError, OSError):
    """A step of an installation failed; the message names the step and pip's last words."""


def run_step(step: tuple[str, ...]) -> None:
    """Run ``step``; ``InstallStepError`` with the end of its error output if it fails."""
    result = subprocess.run(step, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        said = (result.stderr.strip() or result.stdout.strip())[-800:]
        raise InstallStepError(f"{' '.join(step)} failed: {said}")


def is_checkout(path: Path) -> bool:
    """Whether ``path`` is a source tree of Kaskade Board (it has the project's
    ``pyproject.toml``)."""
    try:
        text = (path / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return 'name = "kaskade-board"' in text


def running_checkout() -> Path | None:
    """The checkout this program runs from, if it runs from one."""
    root = Path(controller.__file__).resolve().parents[1]
    return root if is_checkout(root) else None


def running_wheel() -> Path | None:
    """The wheel of the release this program runs from (each release keeps its own)."""
    kept = sorted(Path(sys.prefix).glob("kaskade_board-*.whl"))
    return kept[-1] if kept and (Path(sys.prefix) / INFO).is_file() else None


def find_constraints(checkout: Path | None = None) -> Path | None:
    """The constraints file: at the root of ``checkout`` (or of the checkout this runs from),
    else the one shipped in the package; ``None`` when there is neither."""
    for root in (checkout, running_checkout()):
        if root is not None and (root / CONSTRAINTS).is_file():
            return root / CONSTRAINTS
    try:
        return constraints_file()
    except NoConstraintsError:
        return None


def carried_constraints(wheel: Path, into: Path) -> Path | None:
    """The constraints ``wheel`` carries (``hw/pi/constraints.txt``, every dependency of that
    release pinned with its hashes), written into the folder ``into``; ``None`` when it
    carries none. A signed wheel's constraints are signed with it: the release is installed
    with the libraries it was tested with, new ones included."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            data = archive.read(f"hw/pi/{CONSTRAINTS}")
    except KeyError:
        return None
    except (OSError, zipfile.BadZipFile) as error:
        raise ReleaseError(f"{wheel.name}: not a wheel ({error})") from None
    path = into / CONSTRAINTS
    path.write_bytes(data)
    path.chmod(0o644)
    return path


def pin(wheel: Path, extras: str, requirements: Path) -> None:
    """Write ``requirements`` naming ``wheel`` by its own hash: once the constraints carry
    hashes, pip checks every requirement's, the program's own wheel included."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    name = f"kaskade-board[{extras}]" if extras else "kaskade-board"
    requirements.write_text(f"{name} @ {wheel.resolve().as_uri()} --hash=sha256:{digest}\n",
                            encoding="utf-8")


@dataclass(frozen=True)
class Installer:
    """Makes releases. By default each release gets its own pip and takes its dependencies
    from the package index (pinned by ``constraints``)."""

    python: str = sys.executable
    """The interpreter the releases' virtual environments are made from."""
    constraints: Path | None = None
    extras: str = "pi"
    """The program's extras to install with it (the Pi's LED and GPIO libraries)."""
    libraries: tuple[Path, ...] = ()
    """When given, nothing is downloaded: the release reuses these directories' libraries
    (an environment that has every dependency) and the running pip installs the program
    alone (the release gets no pip of its own). For preparing a release without a network."""
    binary_only: bool = False
    """Take the dependencies as wheels only: installing runs nobody's build code (for a
    release uploaded from the web page, installed as root)."""
    wheelhouse: Path | None = None
    """When given, the dependencies come from this folder of wheels alone, never from the
    network (checked against the constraints' hashes): the upgrade service installs what
    an unprivileged service fetched (:mod:`hw.pi.fetch`)."""
    run: Run = field(default=run_step, compare=False)

    def wheel_from(self, source: Path, scratch: Path) -> Wheel:
        """``source`` as a wheel: the file itself, or built from the checkout into
        ``scratch`` (from a copy, so the checkout gets no root-owned build files)."""
        if source.is_dir():
            if not is_checkout(source):
                raise ReleaseError(f"{source}: neither a wheel nor a Kaskade Board checkout "
                                   "(no pyproject.toml of kaskade-board)")
            copy = scratch / "source"
            shutil.copytree(source, copy, ignore=not_copied, symlinks=True)
            print(f"building a wheel of {source}", flush=True)
            self.run((self.python, "-m", "pip", "wheel", "--quiet", "--no-deps",
                      "--disable-pip-version-check", "--wheel-dir", str(scratch), str(copy)))
            built = sorted(scratch.glob("kaskade_board-*.whl"))
            if not built:
                raise ReleaseError(f"building {source} gave no kaskade_board wheel")
            return read_wheel(built[-1])
        return read_wheel(source)

    def install(self, source: Path, layout: Layout) -> Release:
        """Install ``source`` (a wheel, or a checkout to build one from) as a release under
        ``layout``; the release (an existing complete one of the same wheel is reused)."""
        with tempfile.TemporaryDirectory(prefix="kaskade-wheel-") as scratch:
            wheel = self.wheel_from(source, Path(scratch))
            release = layout.release(wheel.release_name())
            if release.complete:
                return release
            if release.path.exists():
                shutil.rmtree(release.path)  # an installation that did not finish
            try:
                layout.releases.mkdir(parents=True, exist_ok=True)
                release.path.mkdir()
                (release.path / INSTALLING).touch()
                kept = release.path / wheel.path.name
                shutil.copyfile(wheel.path, kept)
                if self.constraints:
                    pin(kept, self.extras, release.path / PINNED)
                    (release.path / PIP).write_text(pinned(self.constraints, "pip") + "\n",
                                                    encoding="utf-8")
            except OSError as error:
                raise ReleaseError(f"{release.path}: {error.strerror or error}") from None
            try:
                for step in self.steps(Wheel(kept, wheel.version), release):
                    print(" ".join(step), flush=True)
                    self.run(step)
                if self.libraries:
                    _reuse(release, self.libraries)
                (release.path / INFO).write_text(describe(wheel, str(source.resolve())),
                                                 encoding="utf-8")
                (release.path / INSTALLING).unlink()
            except BaseException:
                shutil.rmtree(release.path, ignore_errors=True)
                raise
        return release

    def steps(self, wheel: Wheel, release: Release) -> list[tuple[str, ...]]:
        """The commands that make ``release`` of ``wheel``: its virtual environment, then
        pip (with constraints, first the pinned pip, then the program)."""
        python = str(release.path / "bin" / "python")
        requirement: tuple[str, ...] = (
            f"{wheel.path}[{self.extras}]" if self.extras else str(wheel.path),)
        constraints: tuple[str, ...] = ()
        first: list[tuple[str, ...]] = []
        binary = ("--only-binary", ":all:") if self.binary_only else ()
        offline = (("--no-index", "--find-links", str(self.wheelhouse))
                   if self.wheelhouse is not None else ())
        if self.constraints:
            # The program's wheel pinned by its hash, as the constraints pin the rest.
            constraints = ("--constraint", str(self.constraints))
            requirement = ("--requirement", str(release.path / PINNED))
            first = [(python, "-m", "pip", "install", "--quiet", "--no-warn-script-location",
                      "--disable-pip-version-check", *binary, *offline, "--requirement",
                      str(release.path / PIP))]
        if self.libraries:
            return [(self.python, "-m", "venv", "--without-pip", str(release.path)),
                     (self.python, "-m", "pip", "--python", python, "install", "--quiet",
                      "--no-index", "--no-deps", "--no-warn-script-location",
                      "--disable-pip-version-check", str(wheel.path))]
        return [(self.python, "-m", "venv", "--system-site-packages", str(release.path)),
                *first,
                (python, "-m", "pip", "install", "--quiet", "--no-warn-script-location",
                 "--disable-pip-version-check", *constraints, *binary, *offline,
                 *requirement)]


def _reuse(release: Release, libraries: tuple[Path, ...]) -> None:
    """Let ``release`` import ``libraries`` after its own packages (a ``.pth`` file: plain
    directories, so no other environment's start-up hooks run)."""
    purelib = sysconfig.get_path("purelib", vars={"base": str(release.path),
                                                 "platbase": str(release.path)})
    Path(purelib, "kaskade-libraries.pth").write_text(
        "".join(f"{path}\n" for path in libraries), encoding="utf-8")


def program_source(given: Path | None = None) -> Path:
    """What to install: ``given`` (a wheel or a checkout), else the checkout this program runs
    from, else the wheel its release keeps; ``ReleaseError`` when there is none."""
    if given is not None:
        return given
    found = running_checkout() or running_wheel()
    if found is None:
        raise ReleaseError("this installation keeps no wheel and is no checkout: give the "
                           "wheel it was installed from (--wheel FILE), or run the command "
                           "from a checkout")
    return found


def shown_steps(installer: Installer, source: Path, layout: Layout,
                version: str) -> list[tuple[str, ...]]:
    """The commands installing ``source`` runs, to show rather than run: the wheel's build
    (from a checkout), the release's environment, pip, and the switch of ``current``."""
    if source.is_dir():
        wheel = Wheel(Path(f"kaskade_board-{version}-....whl"), version)
        name = f"{version}-<first digits of the wheel's SHA-256>"
        build = [(installer.python, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", "DIR",
                  f"{source} (a copy)")]
    else:
        wheel = read_wheel(source)
        name, build = wheel.release_name(), []
    release = layout.release(name)
    kept = Wheel(release.path / wheel.path.name, version)
    return [*build, *installer.steps(kept, release),
            ("ln", "-sfn", f"releases/{name}", str(layout.prefix / "current"))]
