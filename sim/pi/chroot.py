"""Commands run in the arm64 tree as on a Pi: the cached root filesystem below, this run's
changes above it (overlayfs, in a folder of the run's own, so the cache stays as built), arm64
programs run by qemu's user mode through binfmt_misc. Each command gets a mount namespace of
its own, so nothing stays mounted when it ends, whatever happens to it.

The tree uses this machine's network: its name server, and the certificates this machine
trusts (a network whose proxy re-signs TLS has its own; Debian's pip trusts the system's
bundle), bound over the tree's own for each command.

README's user is the tree's ``maker``. ``sudo`` cannot work here — qemu's user mode runs a
setuid program with its caller's rights, so sudo finds itself without root — so a step that
README writes with sudo is run as root instead (:meth:`Chroot.run` with ``root=True``); in the
emulated machine (``sim.pi.system``), where the kernel is arm64's own, sudo runs as written.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from sim.pi.rootfs import USER, Rootfs, RootfsError

PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
TRUSTED = Path("/etc/ssl/certs/ca-certificates.crt")
"""The certificates this machine trusts (Debian's place for them, the tree's too)."""


class ChrootError(RootfsError):
    """A command in the arm64 tree failed; the message has the end of its output."""


def ids(tree: Path, user: str = USER) -> tuple[int, int, list[int]]:
    """``user``'s uid, gid and supplementary groups in ``tree`` (read from its files: the
    names mean nothing on this machine)."""
    for line in (tree / "etc" / "passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            uid, gid = int(fields[2]), int(fields[3])
            break
    else:
        raise RootfsError(f"{tree} has no user {user}")
    groups = [int(fields[2]) for fields in
              (line.split(":") for line in (tree / "etc" / "group").read_text().splitlines())
              if user in fields[3].split(",")]
    return uid, gid, groups


class Chroot:
    """``rootfs`` with the changes of this run in ``work`` (made if missing); ``binds`` mounts
    folders of this machine into the tree (this machine's path → the path inside).

    ``below`` puts another tree's changes between the cache and this one's (that tree must
    change no more): README's steps leave a tree that the stage's checks and the emulated
    machine each build on in a layer of their own, side by side."""

    def __init__(self, rootfs: Rootfs, work: Path, binds: Mapping[Path, str] | None = None,
                 below: Chroot | None = None) -> None:
        self.rootfs = rootfs
        self.work = work
        self.binds: dict[Path, str] = {**(below.binds if below else {}), **(binds or {})}
        self.lowers: tuple[Path, ...] = (rootfs.tree,) if below is None else \
            (below.work / "upper", *below.lowers)
        """The layers under this tree's changes, the nearest first (overlayfs' order)."""
        for name in ("upper", "work", "merged"):
            (work / name).mkdir(parents=True, exist_ok=True)
        self.uid, self.gid, self.groups = ids(rootfs.tree)

    @property
    def overlay(self) -> str:
        """The mount options of the tree: its changes over its layers."""
        return (f"lowerdir={':'.join(map(str, self.lowers))},upperdir={self.work / 'upper'},"
                f"workdir={self.work / 'work'}")

    @property
    def home(self) -> str:
        return f"/home/{USER}"

    def changed(self, inside: str) -> Path:
        """Where a file this run wrote at ``inside`` is kept on this machine."""
        return self.work / "upper" / inside.lstrip("/")

    def make_folder(self, inside: str) -> Path:
        """The folder ``inside`` made in this run's changes, with the tree's owner and mode
        for the part of it the tree has and the user's for the rest (a bind mount's place)."""
        where = PurePosixPath(inside)
        for depth in range(2, len(where.parts) + 1):
            part = PurePosixPath(*where.parts[:depth]).relative_to("/")
            upper = self.work / "upper" / part
            if upper.is_dir():
                continue
            upper.mkdir()
            lower = next((base / part for base in self.lowers if (base / part).is_dir()), None)
            if lower is not None:
                found = lower.stat()
                os.chown(upper, found.st_uid, found.st_gid)
                upper.chmod(found.st_mode & 0o7777)
            else:
                os.chown(upper, self.uid, self.gid)
                upper.chmod(0o755)
        return self.work / "upper" / where.relative_to("/")

    def read(self, inside: str) -> bytes:
        """A file of the tree as the commands see it (this run's copy, else the cache's)."""
        for base in (self.work / "upper", *self.lowers):
            path = base / inside.lstrip("/")
            if path.is_file():
                return path.read_bytes()
        raise FileNotFoundError(inside)

    def _mounts(self) -> str:
        merged = self.work / "merged"
        lines = [
            "set -e",
            f"mount -t overlay overlay -o {self.overlay} {merged}",
            f"mount -t proc proc {merged}/proc",
            f"mount --rbind /sys {merged}/sys",
            f"mount --rbind /dev {merged}/dev",
            f"mount -t tmpfs tmpfs {merged}/run",
            f"mount -t tmpfs tmpfs {merged}/tmp",
            # the tree's own names a name server only the emulated machine has (qemu's)
            f"mount --bind /etc/resolv.conf {merged}/etc/resolv.conf",
        ]
        if TRUSTED.is_file() and (self.rootfs.tree / str(TRUSTED).lstrip("/")).is_file():
            lines.append(f"mount --bind {TRUSTED} {merged}{TRUSTED}")
        for source, target in self.binds.items():
            lines += [f"mkdir -p {shlex.quote(str(merged) + target)}",
                      f"mount --bind {shlex.quote(str(source))} "
                      f"{shlex.quote(str(merged) + target)}"]
        return "\n".join(lines)

    def command(self, script: str, root: bool = False, cwd: str | None = None,
                env: Mapping[str, str] | None = None) -> list[str]:
        """The command line that runs ``script`` (bash) in the tree, as ``maker`` or root."""
        home = "/root" if root else self.home
        variables = {"HOME": home, "USER": "root" if root else USER,
                     "LOGNAME": "root" if root else USER, "PATH": PATH, "LANG": "C.UTF-8",
                     "TERM": "dumb", "PIP_DISABLE_PIP_VERSION_CHECK": "1", **(env or {})}
        inner = f"cd {shlex.quote(cwd or home)} && {script}"
        who = [] if root else [f"--userspec={self.uid}:{self.gid}",
                               f"--groups={','.join(map(str, self.groups)) or self.gid}"]
        chroot = ["chroot", *who, str(self.work / "merged"), "/usr/bin/env", "-i",
                  *(f"{key}={value}" for key, value in variables.items()),
                  "/bin/bash", "-c", inner]
        return ["unshare", "--mount", "--propagation", "private", "--", "sh", "-c",
                self._mounts() + "\nexec " + shlex.join(chroot)]

    def run(self, script: str, what: str, *, root: bool = False, cwd: str | None = None,
            timeout: float = 3600, env: Mapping[str, str] | None = None,
            check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run ``script`` (``what`` it does, for errors); raise :class:`ChrootError` with its
        last lines when it fails and ``check``."""
        if os.geteuid() != 0:
            raise RootfsError("running the arm64 tree needs root (its mounts): run the tests as "
                              "root, as CI does")
        done = subprocess.run(self.command(script, root, cwd, env), capture_output=True,
                              text=True, check=False, timeout=timeout)
        if check and done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-30:])
            raise ChrootError(f"{what} failed on arm64 (exit {done.returncode}):\n{tail}")
        return done
