"""The releases side by side under the prefix: ``current`` and ``previous`` switched by a
rename, old releases pruned, wheels read for what they are, and where a release's program
and its constraints come from."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from hw.pi.constraints import NAME as CONSTRAINTS
from hw.pi.constraints import NoConstraintsError, pinned
from hw.pi.installer import (
    PINNED,
    PIP,
    Installer,
    find_constraints,
    is_checkout,
    not_copied,
    program_source,
    running_checkout,
)
from hw.pi.releases import FAILED, INFO, INSTALLING, Layout, Release, ReleaseError, read_wheel
from hw.pi.upgrade import remove_legacy


def release(layout: Layout, name: str, installed: str = "2026-11-01T00:00:00+00:00") -> Release:
    made = layout.release(name)
    (made.path / "bin").mkdir(parents=True)
    (made.path / "bin" / "kaskade").write_text("#!/bin/sh\n", encoding="utf-8")
    (made.path / INFO).write_text(json.dumps({"version": name.partition("-")[0],
                                              "installed": installed}), encoding="utf-8")
    return made


def test_switching_renames_a_new_link_over_current_and_keeps_the_one_before(tmp_path):
    layout = Layout(tmp_path)
    one, two = release(layout, "0.1.0-aaaaaaaa"), release(layout, "0.2.0-bbbbbbbb")
    assert layout.current() is None
    layout.switch(one, None)
    assert layout.current() == one
    assert layout.previous() is None
    inode = os.lstat(tmp_path / "current").st_ino
    layout.switch(two, one)
    assert os.readlink(tmp_path / "current") == "releases/0.2.0-bbbbbbbb", "relative"
    assert os.lstat(tmp_path / "current").st_ino != inode, "a new link, renamed over"
    assert (layout.current(), layout.previous()) == (two, one)
    assert layout.kaskade.resolve() == two.kaskade
    assert not list(tmp_path.glob(".*.new"))


def test_an_unfinished_release_is_never_switched_to(tmp_path):
    layout = Layout(tmp_path)
    half = release(layout, "0.2.0-bbbbbbbb")
    (half.path / INSTALLING).touch()
    with pytest.raises(ReleaseError, match="not a complete release"):
        layout.switch(half, None)
    assert layout.current() is None


def test_a_directory_where_current_should_be_is_a_clear_error(tmp_path):
    layout = Layout(tmp_path)
    one = release(layout, "0.1.0-aaaaaaaa")
    (tmp_path / "current").mkdir()
    with pytest.raises(ReleaseError, match="must be moved away first"):
        layout.switch(one, None)
    assert not list(tmp_path.glob(".*.new"))


def test_pruning_keeps_current_previous_and_the_newest_other(tmp_path):
    layout = Layout(tmp_path)
    names = [f"0.{n}.0-{n:08x}" for n in range(1, 6)]
    made = [release(layout, name, f"2026-11-0{n}T00:00:00+00:00")
            for n, name in enumerate(names, 1)]
    failed = release(layout, "0.6.0-ffffffff", "2026-11-07T00:00:00+00:00")
    (failed.path / FAILED).write_text("stopped while starting\n", encoding="utf-8")
    half = layout.release("0.7.0-eeeeeeee")
    half.path.mkdir(parents=True)
    (half.path / INSTALLING).touch()
    layout.switch(made[1], made[4])  # an older one runs (a rollback), a newer one before it
    removed = layout.prune(keep=3)
    assert sorted(removed) == sorted([half.name, failed.name, names[0], names[2]])
    assert [r.name for r in layout.installed()] == [names[1], names[3], names[4]]


def test_a_release_says_its_version_and_failure(tmp_path):
    layout = Layout(tmp_path)
    one = release(layout, "0.1.0-aaaaaaaa")
    assert (one.version, one.failed, one.complete) == ("0.1.0", None, True)
    one.mark_failed("did not report ready within 120 s")
    assert one.failed == "did not report ready within 120 s"


def make_wheel(path: Path, version: str = "0.3.0", program: bool = True) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"kaskade_board-{version}.dist-info/METADATA", "Name: kaskade-board\n")
        if program:
            archive.writestr("controller/__init__.py", "")
    return path


def test_a_wheel_is_read_for_its_version_and_named_by_its_digest(tmp_path):
    wheel = read_wheel(make_wheel(tmp_path / "kaskade_board-0.3.0-py3-none-any.whl"))
    assert wheel.version == "0.3.0"
    assert wheel.release_name() == f"0.3.0-{wheel.digest[:8]}"


@pytest.mark.parametrize(("name", "content", "why"), [
    ("other-1.0-py3-none-any.whl", "wheel", "not a Kaskade Board wheel"),
    ("kaskade_board-0.3.0-py3-none-any.whl", b"not a zip", "not a wheel"),
    ("kaskade_board-0.3.0-py3-none-any.whl", "no program", "the program is missing"),
    ("kaskade_board-0.3.0-py3-none-any.whl", "other version", "its metadata"),
    ("kaskade_board-0.3.0-py3-none-any.whl", None, "no such file"),
])
def test_what_is_not_a_board_wheel_is_refused_with_the_reason(tmp_path, name, content, why):
    path = tmp_path / name
    if content == "wheel":
        make_wheel(path)
    elif content == "no program":
        make_wheel(path, program=False)
    elif content == "other version":
        make_wheel(path, version="0.2.0")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    with pytest.raises(ReleaseError, match=why):
        read_wheel(path)


def test_a_directory_that_is_no_checkout_is_refused(tmp_path):
    with pytest.raises(ReleaseError, match="neither a wheel nor a Kaskade Board checkout"):
        Installer().install(tmp_path, Layout(tmp_path / "opt"))
    assert not (tmp_path / "opt" / "releases").exists()


def test_the_program_comes_from_this_checkout_and_constraints_from_its_root(tmp_path):
    checkout = running_checkout()
    assert checkout is not None
    assert is_checkout(checkout)
    assert program_source() == checkout
    assert program_source(tmp_path / "given.whl") == tmp_path / "given.whl"
    assert not is_checkout(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "kaskade-board"\n',
                                             encoding="utf-8")
    (tmp_path / CONSTRAINTS).write_text("aiohttp==3.14.3\n", encoding="utf-8")
    assert find_constraints(tmp_path) == tmp_path / CONSTRAINTS
    expected = checkout / CONSTRAINTS if (checkout / CONSTRAINTS).is_file() else None
    assert find_constraints(None) == expected


def test_pip_is_given_the_constraints_and_for_uploads_wheels_only(tmp_path):
    layout = Layout(tmp_path)
    wheel = read_wheel(make_wheel(tmp_path / "kaskade_board-0.3.0-py3-none-any.whl"))
    target = layout.release(wheel.release_name())
    constraints = tmp_path / CONSTRAINTS
    venv, new_pip, pip = Installer(python="python3", constraints=constraints).steps(wheel,
                                                                                     target)
    assert venv == ("python3", "-m", "venv", "--system-site-packages", str(target.path))
    assert new_pip[:4] == pip[:4] == (str(target.kaskade.with_name("python")), "-m", "pip",
                                      "install")
    assert new_pip[-2:] == ("--requirement", str(target.path / PIP)), "the pinned pip first"
    assert pip[-4:] == ("--constraint", str(constraints),
                        "--requirement", str(target.path / PINNED))
    uploaded = Installer(python="python3", binary_only=True).steps(wheel, target)[1]
    assert uploaded[-3:] == ("--only-binary", ":all:", f"{wheel.path}[pi]")
    assert "--constraint" not in uploaded


def test_with_hashed_constraints_the_program_is_pinned_by_its_own_hash(tmp_path):
    """pip checks every requirement's hash once the constraints carry hashes: the release's
    requirements name the kept wheel with its SHA-256."""
    layout = Layout(tmp_path / "opt")
    wheel = make_wheel(tmp_path / "kaskade_board-0.3.0-py3-none-any.whl")
    constraints = tmp_path / CONSTRAINTS
    constraints.write_text("aiohttp==3.14.3 --hash=sha256:" + "0" * 64 + "\n"
                           "pip==26.3 \\\n    --hash=sha256:" + "1" * 64 + "\n",
                           encoding="utf-8")
    ran: list[tuple[str, ...]] = []
    release = Installer(python="python3", constraints=constraints, run=ran.append).install(
        wheel, layout)
    program = (release.path / PINNED).read_text(encoding="utf-8")
    kept = release.path / wheel.name
    digest = hashlib.sha256(kept.read_bytes()).hexdigest()
    assert program == f"kaskade-board[pi] @ {kept.as_uri()} --hash=sha256:{digest}\n"
    assert (release.path / PIP).read_text(encoding="utf-8") == \
        f"pip==26.3 --hash=sha256:{'1' * 64}\n"
    assert ran[-1][-2:] == ("--requirement", str(release.path / PINNED))


def test_the_program_before_releases_is_removed_once_one_runs(tmp_path):
    layout = Layout(tmp_path)
    for name in ("bin", "lib", "include"):
        (tmp_path / name).mkdir()
    (tmp_path / "lib64").symlink_to("lib")
    (tmp_path / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    one = release(layout, "0.1.0-aaaaaaaa")
    layout.switch(one, None)
    assert sorted(remove_legacy(layout)) == ["bin", "include", "lib", "lib64", "pyvenv.cfg"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current", "releases"]
    assert remove_legacy(layout) == []


def test_the_copy_a_wheel_is_built_from_leaves_out_pipes_and_leftovers(tmp_path):
    """A clone where a program used the pins holds lgpio's notification pipe (kaskade
    selftest, run in the clone as README says, leaves one): the copy leaves it out rather than
    failing on it, as it leaves out environments and build leftovers."""
    checkout = tmp_path / "kaskade-board"
    (checkout / "controller").mkdir(parents=True)
    (checkout / "controller" / "game.py").write_text("x = 1\n", encoding="utf-8")
    (checkout / ".venv").mkdir()
    (checkout / "controller" / "_core.cpython-311-aarch64-linux-gnu.so").write_bytes(b"\x7fELF")
    os.mkfifo(checkout / ".lgd-nfy0")
    (checkout / "link").symlink_to("controller")
    left = not_copied(str(checkout), sorted(os.listdir(checkout)))
    assert left == {".lgd-nfy0", ".venv"}
    copy = tmp_path / "copy"
    shutil.copytree(checkout, copy, ignore=not_copied, symlinks=True)
    assert sorted(path.name for path in copy.rglob("*")) == ["controller", "game.py", "link"]


def test_the_pip_a_release_installs_with_is_pinned_by_the_constraints(tmp_path):
    """Debian 12's pip (23.0.1, which a new environment gets there) refuses a dependency only
    the hashed constraints pin: a release first installs the pip the constraints pin."""
    line = pinned(Path("constraints.txt"), "pip")
    version = line.split()[0].removeprefix("pip==")
    assert tuple(int(part) for part in version.split(".")[:2]) >= (26, 1)
    assert line.count("--hash=sha256:") >= 1
    assert "\\" not in line
    partial = tmp_path / CONSTRAINTS
    partial.write_text("pip==26.3\n    # via kaskade-board\n", encoding="utf-8")
    with pytest.raises(NoConstraintsError, match="without a hash"):
        pinned(partial, "pip")
    with pytest.raises(NoConstraintsError, match="does not pin lgpio"):
        pinned(partial, "lgpio")
