"""The package works anywhere: the wheel and the sdist, built once from this tree, each
installed into a fresh virtual environment outside the checkout, run the main commands from
another folder — and no file of the checkout is read while they do.

No network at test time: the build uses this environment's setuptools (no build isolation),
and the fresh environments get no dependencies of their own but see this environment's
site-packages through a .pth file — the dependencies only: a .pth file's own folder is not a
site folder, so the editable install of the checkout it holds is not loaded. The sdist is
installed with no C compiler (CC=false), as on a machine without one: its compiled cores are
optional, and the games run in pure Python. Each command runs under an audit hook that fails
it when it opens a file of the checkout (its dependencies excepted)."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import site
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import controller
from controller.devices.firmware import bundled

pytestmark = [pytest.mark.install, pytest.mark.xdist_group("packaging")]

ROOT = Path(__file__).resolve().parent.parent
DEPENDENCIES = [Path(path).resolve() for path in site.getsitepackages()]
RUNNER = '''\
"""Runs kaskade, failing when a file of the checkout (its dependencies excepted) is opened."""
import os, sys
checkout, allowed = sys.argv[1], sys.argv[2].split(os.pathsep)
opened = []


def inside(path):
    path = os.path.abspath(os.fsdecode(path))
    return path.startswith(checkout + os.sep) and not any(
        path.startswith(folder + os.sep) for folder in allowed)


def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)) and inside(args[0]):
        opened.append(os.fsdecode(args[0]))
    elif event == "subprocess.Popen" and any(checkout in os.fsdecode(str(arg))
                                             for arg in args[1] or ()):
        opened.append(f"ran {args[1]}")


assert not any(entry == checkout or entry.startswith(checkout + os.sep) and not any(
    entry.startswith(folder) for folder in allowed) for entry in sys.path), sys.path
sys.addaudithook(hook)
from controller.cli import main  # noqa: E402

sys.argv = ["kaskade", *sys.argv[3:]]
try:
    status = main()
except SystemExit as exit:  # --version and --help end in the argument parser
    status = exit.code
if opened:
    print("read from the checkout:", *sorted(set(opened)), sep="\\n  ", file=sys.stderr)
    status = 99
sys.exit(status)
'''


SKIPPED = {".git", ".venv", ".tools", "node_modules", "build", "dist", "__pycache__",
           ".pytest_cache", ".hypothesis", ".ruff_cache", ".mypy_cache", ".ci-report"}
"""What is not the source, in a tree that is not a git checkout (an unpacked sdist)."""


def source_files() -> list[str]:
    """The tree's source files: git's (committed or new, not ignored), or all but SKIPPED."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], cwd=ROOT, capture_output=True,
                                check=True)
        return [name for name in listed.stdout.decode().split("\0")
                if name and (ROOT / name).is_file()]
    return [path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*") if path.is_file()
            and not SKIPPED & set(path.relative_to(ROOT).parts) and path.suffix != ".so"
            and not path.relative_to(ROOT).parts[0].endswith(".egg-info")]


@dataclass(frozen=True)
class Installed:
    """A fresh environment with the package installed: its Python, a folder to work in."""

    python: Path
    work: Path
    env: dict[str, str]

    @property
    def site(self) -> Path:
        return next(self.python.parent.parent.glob("lib/python3*/site-packages"))

    def kaskade(self, *args: str, status: int = 0, stdin: str | None = None,
                timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """Run kaskade ``args`` here; its exit status must be ``status``."""
        result = subprocess.run(
            [str(self.python), str(self.work / "run.py"), str(ROOT),
             os.pathsep.join(map(str, DEPENDENCIES)), *args],
            cwd=self.work, env=self.env, input=stdin, capture_output=True, text=True,
            timeout=timeout, check=False)
        assert result.returncode == status, (args, result.stdout, result.stderr)
        return result


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The wheel and the sdist of this tree (the wheel built from the sdist, as pip would)."""
    folder = tmp_path_factory.mktemp("build")
    source = folder / "source"
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                             str(folder / "dist"), str(source)], capture_output=True,
                            text=True, check=False, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    wheel = next((folder / "dist").glob("*.whl"))
    sdist = next((folder / "dist").glob("*.tar.gz"))
    return wheel, sdist


def _install(folder: Path, package: Path, *options: str,
             build_env: dict[str, str] | None = None) -> Installed:
    """A fresh environment in ``folder`` with ``package`` installed, and its work folder."""
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = Installed(python, folder / "work", {})
    (installed.site / "dependencies.pth").write_text(
        "".join(f"{path}\n" for path in DEPENDENCIES), encoding="utf-8")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV", "KASKADE", "XDG_"))}
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                             "--quiet", "--no-deps", "--no-index", "--no-cache-dir", *options,
                             str(package)], capture_output=True, text=True, check=False,
                            env={**env, **(build_env or {})}, cwd=folder, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    installed.work.mkdir()
    (installed.work / "run.py").write_text(RUNNER, encoding="utf-8")
    env.update(XDG_STATE_HOME=str(folder / "state"), XDG_DATA_HOME=str(folder / "data"),
               HOME=str(folder / "home"))
    return Installed(python, installed.work, env)


@pytest.fixture(scope="session")
def from_wheel(built, tmp_path_factory) -> Installed:
    return _install(tmp_path_factory.mktemp("wheel"), built[0])


@pytest.fixture(scope="session")
def from_sdist(built, tmp_path_factory) -> Installed:
    return _install(tmp_path_factory.mktemp("sdist"), built[1], "--no-build-isolation",
                    build_env={"CC": "false"})


def test_the_wheel_carries_every_commands_data(built):
    names = set(zipfile.ZipFile(built[0]).namelist())
    for name in ("wiring/kaskade-8x8.toml", "wiring/kaskade-8x8/README.md",
                 "wiring/kaskade-8x8/diagram.svg", "wiring/kaskade-16x16/light-grid-2.svg",
                 "wiring/document.py", "controller/web/page/index.html",
                 "controller/web/page/board.js", "firmware/identity.py",
                 "firmware/releases.toml", "sim/micropython/device.mjs",
                 "sim/micropython/run.mjs", "sim/micropython/package.json",
                 "sim/micropython/package-lock.json", "sim/micropython/emulator/machine.py",
                 "sim/micropython/ram.py", "hw/pi/constraints.txt",
                 "controller/ai/solved/openings.json", "controller/ai/solved/strategy-4x4.bin"):
        assert name in names, name
    assert not any("node_modules" in name for name in names)
    assert zipfile.ZipFile(built[0]).read("hw/pi/constraints.txt") == \
        (ROOT / "constraints.txt").read_bytes()
    metadata = zipfile.ZipFile(built[0]).read(
        f"kaskade_board-{controller.__version__}.dist-info/METADATA").decode()
    assert f"Version: {controller.__version__}" in metadata
    description = metadata.split("\n\n", 1)[1]
    assert "# Kaskade Board" in description
    assert not re.search(r"\]\((?!https://)[^)]*\)", description), \
        "no relative links or pictures in the package index's description"


def test_the_sdist_holds_the_docs_tests_and_the_interpreters_package_files(built):
    with tarfile.open(built[1]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    missing = [name for name in source_files() if name.startswith(("docs/", "tests/"))
               and name not in names]
    assert not missing, missing
    for name in ("README.md", "CHANGELOG.md", "LICENSE", "Makefile", "constraints.txt",
                 "constraints-dev.txt", "setup.py", "pyproject.toml",
                 "sim/micropython/package.json", "sim/micropython/package-lock.json",
                 "controller/ai/kaskade/_core.c", "controller/ai/_budget.h"):
        assert name in names, name
    assert not any("node_modules" in name for name in names)


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_the_main_commands_run_from_the_installed_package(kind, request, tmp_path):
    installed: Installed = request.getfixturevalue(f"from_{kind}")
    where = installed.python.parent.parent

    touch = bundled()
    version = installed.kaskade("--version").stdout.splitlines()
    assert version == [f"kaskade {controller.__version__}",
                       f"touch firmware {touch.version} ({touch.content_hash})"]

    check = installed.kaskade("wiring", "--check").stdout
    assert "are current" in check
    assert f"in {installed.site / 'wiring'}" in check, "the package's own copies"
    out = tmp_path / "builds"
    installed.kaskade("wiring", "--out", str(out))
    assert (out / "kaskade-8x8" / "README.md").read_text(encoding="utf-8") == \
        (ROOT / "wiring" / "kaskade-8x8" / "README.md").read_text(encoding="utf-8")
    refused = installed.kaskade("wiring", "--out", str(installed.site / "wiring"), status=2)
    assert "is inside the installed package" in refused.stderr
    nothing = installed.kaskade("wiring", status=2)
    assert "nothing written: say where with --out DIR" in nothing.stderr
    assert not list(installed.work.glob("kaskade-*")), "nothing written here either"

    replayed = installed.kaskade("replay", "kaskade", "--size", "3x3", "--moves", "a1 c3 a1",
                                 "--json").stdout
    assert json.loads(replayed)["plies"] == 3

    script = installed.work / "script.txt"
    script.write_text("tap d4\nwait 0.3\ndescribe\n", encoding="utf-8")
    simulated = installed.kaskade("sim", "--headless", "--script", str(script), "--png-out",
                                  str(tmp_path / "png")).stdout
    assert json.loads(simulated.splitlines()[-1])
    assert (tmp_path / "png" / "final.png").is_file()

    bundle = installed.kaskade("firmware", "bundle", "--out", str(tmp_path / "fw")).stdout
    assert f"firmware {touch.version} ({touch.content_hash})" in bundle
    manifest = json.loads((tmp_path / "fw" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["content_hash"] == touch.content_hash

    profile = installed.kaskade("profile", "check", "kaskade-16x16").stdout
    assert "16 x 16" in profile or "16x16" in profile

    paths = subprocess.run(
        [str(installed.python), "-c", "import controller, firmware, hw, sim, wiring; "
         "print('\\n'.join(m.__file__ for m in (controller, firmware, hw, sim, wiring)))"],
        cwd=installed.work, env=installed.env, capture_output=True, text=True, check=True)
    for path in paths.stdout.split():
        assert Path(path).is_relative_to(where), path
    compiled = subprocess.run(
        [str(installed.python), "-c", "import importlib.util; print(importlib.util.find_spec("
         "'controller.ai.kaskade._core') is not None)"],
        cwd=installed.work, env=installed.env, capture_output=True, text=True, check=True)
    assert compiled.stdout.strip() == ("True" if kind == "wheel" else "False"), \
        "the wheel has the compiled core; the sdist without a compiler runs in pure Python"


@pytest.mark.micropython
def test_the_device_emulator_runs_once_its_interpreter_is_installed(from_wheel, tmp_path):
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.fail("the emulator needs node and npm (make test names them)")
    missing = from_wheel.kaskade("sim", "device", "--flash", str(tmp_path / "flash"),
                                 stdin="quit\n", status=2)
    assert "kaskade sim device --install-interpreter" in missing.stderr
    # npm installs from this user's cache, filled by make test's npm ci: no network here
    cache = subprocess.run(["npm", "config", "get", "cache"], capture_output=True, text=True,
                           check=True).stdout.strip()
    offline = Installed(from_wheel.python, from_wheel.work,
                        {**from_wheel.env, "npm_config_offline": "true",
                         "npm_config_cache": cache})
    installed = offline.kaskade("sim", "device", "--install-interpreter", timeout=300)
    assert str(Path(offline.env["XDG_DATA_HOME"]) / "kaskade-board" / "micropython") in \
        installed.stdout
    device = subprocess.Popen(
        [str(from_wheel.python), str(from_wheel.work / "run.py"), str(ROOT),
         os.pathsep.join(map(str, DEPENDENCIES)), "sim", "device", "--flash",
         str(tmp_path / "flash")],
        cwd=from_wheel.work, env=from_wheel.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        assert device.stdout is not None
        ready, _, _ = select.select([device.stdout], [], [], 120)
        assert ready, "the emulator said nothing in two minutes"
        first = device.stdout.readline()
        assert first.startswith("MicroPython board on /dev/"), first
        port = first.split()[3].rstrip(",")
        # the port is there at power-on, the interpreter answers once it has booted
        deadline = time.monotonic() + 120
        while True:
            status = from_wheel.kaskade("firmware", "status", "--port", port, status=1).stdout
            if "does not answer" not in status or time.monotonic() > deadline:
                break
        assert "but no Kaskade firmware on this board" in status
    finally:
        _, error = device.communicate("quit\n", timeout=60)
    assert device.returncode == 0, error
