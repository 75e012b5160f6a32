"""The Pi stage's parts that need no emulation: the root filesystem's recipe (README's apt
line in it, the cache key following it), the mirror this machine's apt uses, dpkg's record
read back, the tree's user, folders made in a run's changes as the tree has them, and the
repository of the checkout that README's clone takes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from sim.pi import rootfs
from sim.pi.chroot import Chroot, ids
from sim.pi.readme import apt_packages, pi_steps
from sim.pi.stage import repository


def test_the_recipe_installs_readmes_packages_and_the_systems():
    packages = rootfs.packages()
    assert set(apt_packages(pi_steps())) <= set(packages)
    assert {"systemd-sysv", "linux-image-arm64", "sudo"} <= set(packages)
    assert packages == sorted(packages)


def test_the_cache_key_follows_the_recipe(monkeypatch):
    key = rootfs.recipe_key()
    assert key == rootfs.recipe_key()
    monkeypatch.setattr(rootfs, "SYSTEM_PACKAGES", (*rootfs.SYSTEM_PACKAGES, "less"))
    assert rootfs.recipe_key() != key


def test_the_mirror_is_this_machines(tmp_path):
    listed = tmp_path / "sources.list"
    listed.write_text("# a comment\ndeb [arch=amd64] http://mirror.example/debian/ bookworm "
                      "main\n")
    deb822 = tmp_path / "debian.sources"
    deb822.write_text("Types: deb\nURIs: https://deb.example.org/debian\nSuites: bookworm\n")
    assert rootfs.mirror([listed, deb822]) == "http://mirror.example/debian"
    assert rootfs.mirror([tmp_path / "none", deb822]) == "https://deb.example.org/debian"
    assert rootfs.mirror([tmp_path / "none"]) == rootfs.MIRROR


def fake_tree(root: Path) -> Path:
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "passwd").write_text("root:x:0:0::/root:/bin/bash\n"
                                         "maker:x:1000:1000::/home/maker:/bin/bash\n")
    (root / "etc" / "group").write_text("root:x:0:\nsudo:x:27:maker\nmaker:x:1000:\n")
    (root / "home" / "maker").mkdir(parents=True)
    if os.geteuid() == 0:
        os.chown(root / "home" / "maker", 1000, 1000)
    (root / "var" / "lib" / "dpkg").mkdir(parents=True)
    (root / "var" / "lib" / "dpkg" / "status").write_text(
        "Package: sudo\nStatus: install ok installed\nVersion: 1.9.13p3-1+deb12u1\n\n"
        "Package: gone\nStatus: deinstall ok config-files\nVersion: 1\n\n"
        "Package: git\nStatus: install ok installed\nVersion: 1:2.39.5-0+deb12u2\n")
    return root


def test_dpkgs_record_gives_the_installed_versions(tmp_path):
    tree = fake_tree(tmp_path / "rootfs")
    assert rootfs.installed_versions(tree) == {"git": "1:2.39.5-0+deb12u2",
                                               "sudo": "1.9.13p3-1+deb12u1"}


def test_the_users_ids_are_the_trees(tmp_path):
    assert ids(fake_tree(tmp_path / "rootfs")) == (1000, 1000, [27])


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder another owner needs root")
def test_a_folder_is_made_in_the_runs_changes_as_the_tree_has_its_parents(tmp_path):
    fake_tree(tmp_path / "cache" / "rootfs")
    tree = Chroot(rootfs.Rootfs(tmp_path / "cache"), tmp_path / "run")
    made = tree.make_folder("/home/maker/.cache/pip")
    assert made == tmp_path / "run" / "upper" / "home" / "maker" / ".cache" / "pip"
    for path in (made, made.parent, made.parent.parent):
        assert (path.stat().st_uid, path.stat().st_gid) == (1000, 1000)
    assert (made.parent.parent.parent.stat().st_uid) == 0, "/home stays root's"


def test_readmes_clone_gets_the_checkout_as_it_is(tmp_path):
    """Committed files and new ones alike; what git ignores is left out."""
    into = repository(tmp_path / "source", os.getuid(), os.getgid())
    files = subprocess.run(["git", "-C", str(into), "ls-files"], capture_output=True,
                           text=True, check=True).stdout.split()
    assert "README.md" in files
    assert "sim/pi/stage.py" in files
    assert not any(name.startswith(".venv/") for name in files)
    cloned = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(into), str(cloned)], check=True)
    assert (cloned / "pyproject.toml").read_text() == (Path.cwd() / "pyproject.toml").read_text()


def test_a_layer_over_readmes_tree_sees_it_and_changes_only_itself(tmp_path):
    """The stage's checks and the emulated machine each build on README's tree in a layer of
    their own: a file README's steps wrote is read through the layer, the layer's own changes
    go to its own folder, and overlayfs is given both trees, the nearest first."""
    fake_tree(tmp_path / "cache" / "rootfs")
    readme = Chroot(rootfs.Rootfs(tmp_path / "cache"), tmp_path / "run" / "tree",
                    {tmp_path / "pip": "/home/maker/.cache/pip"})
    readme.changed("/home/maker/kaskade-board/README.md").parent.mkdir(parents=True)
    readme.changed("/home/maker/kaskade-board/README.md").write_text("cloned")
    checks = Chroot(readme.rootfs, tmp_path / "run" / "checks", below=readme)
    assert checks.read("/home/maker/kaskade-board/README.md") == b"cloned"
    assert checks.read("/etc/group").startswith(b"root:")
    assert checks.changed("/tmp/x") == tmp_path / "run" / "checks" / "upper" / "tmp" / "x"
    assert checks.binds == readme.binds
    assert checks.lowers == (readme.work / "upper", readme.rootfs.tree)
    assert f"lowerdir={readme.work / 'upper'}:{readme.rootfs.tree}," in checks.overlay
    assert f"upperdir={checks.work / 'upper'}," in checks.overlay
