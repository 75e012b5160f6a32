"""The Pi's operating system for the Pi stage: Debian 12 "bookworm" for arm64, the base of
Raspberry Pi OS Lite 64-bit, built with mmdebstrap from Debian's packages into a root filesystem
and kept in a cache outside the work tree (``~/.cache/kaskade-board/arm64``), so only the first
run on a machine builds it.

What goes in is kept small, because on an x86-64 machine every maintainer script runs under
emulation (qemu's user mode through binfmt_misc): Debian's ``apt`` variant (the essential
packages and apt), the packages README's Pi steps install with apt (read from README, so the two
cannot drift apart), and what makes the tree a machine that boots (systemd, udev, Debian's arm64
kernel and an initramfs, sudo, adduser). No documentation, manual pages, translations or
drivers for hardware an emulated machine has not (graphics, sound, radio, cameras) are unpacked.

The cache key is the recipe (suite, packages, options, the customisation); the versions Debian
gave are recorded beside the tree (``build.json``). ``--refresh`` builds again with today's.

    python -m sim.pi.rootfs            # build if needed; print the tree's folder
    python -m sim.pi.rootfs --json     # ... and what it holds
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from controller.errors import KaskadeError
from sim.pi.readme import apt_packages, pi_steps

SUITE = "bookworm"
ARCH = "arm64"
VARIANT = "apt"
"""The essential packages and apt: the least that README's ``sudo apt install`` runs on."""
MIRROR = "http://deb.debian.org/debian"
SECURITY = "http://deb.debian.org/debian-security"
SYSTEM_PACKAGES = (
    "systemd-sysv",       # init: the service, its sandbox, its watchdog
    "udev",               # the rule naming the touch board's port
    "kmod",               # the kernel's modules (virtio, USB serial)
    "linux-image-arm64",  # Debian's arm64 kernel, for the emulated machine
    "initramfs-tools",    # ... and its initramfs (the disk and ext4 are modules)
    "zstd",               # which initramfs-tools compresses with
    "sudo",               # README's steps are typed by a user with sudo
    "adduser",            # README's last step
    "passwd",             # kaskade install makes the service's user
)
USER = "maker"
"""The user README's steps run as: a member of group sudo, as Raspberry Pi OS's first user is."""
HOSTNAME = "kaskade-pi"
EXCLUDED = (
    "/usr/share/man/*", "/usr/share/doc/*", "/usr/share/locale/*", "/usr/share/info/*",
    "/usr/lib/modules/*/kernel/drivers/gpu/*", "/usr/lib/modules/*/kernel/drivers/media/*",
    "/usr/lib/modules/*/kernel/drivers/net/wireless/*",
    "/usr/lib/modules/*/kernel/drivers/infiniband/*", "/usr/lib/modules/*/kernel/sound/*",
    "/usr/lib/modules/*/kernel/drivers/staging/*",
    "/usr/lib/modules/*/kernel/drivers/net/ethernet/*",
    "/usr/lib/modules/*/kernel/drivers/net/can/*", "/usr/lib/modules/*/kernel/drivers/scsi/*",
    "/usr/lib/modules/*/kernel/drivers/ata/*", "/usr/lib/modules/*/kernel/drivers/iio/*",
    "/usr/lib/modules/*/kernel/drivers/hwmon/*", "/usr/lib/modules/*/kernel/drivers/bluetooth/*",
    "/usr/lib/modules/*/kernel/net/bluetooth/*", "/usr/lib/modules/*/kernel/net/wireless/*",
    "/usr/lib/modules/*/kernel/net/mac80211/*", "/usr/lib/modules/*/kernel/drivers/mtd/*",
    "/usr/lib/modules/*/kernel/drivers/isdn/*", "/usr/lib/modules/*/kernel/drivers/nfc/*",
)
"""What dpkg does not unpack (Debian's ``path-exclude``): read by no test, slow to unpack under
emulation, and the kernel's drivers for hardware an emulated machine has not."""
KEPT = ("/usr/share/doc/*/copyright",)
"""What is unpacked anyway: every package's licence."""
MASKED = ("apt-daily.timer", "apt-daily-upgrade.timer", "e2scrub_all.timer", "fstrim.timer",
          "systemd-networkd-wait-online.service")
"""Units a test machine does without: nothing wakes up on its own or waits for the network."""
INITRAMFS_MODULES = ("virtio_pci", "virtio_blk", "ext4")
"""What the initramfs holds (with what they need): the emulated machine's disk and its file
system. initramfs-tools' default takes every storage driver the kernel has, which under
emulation costs the better part of an hour."""
ESSENTIAL = f"""\
set -eu
root="$1"
# Before the kernel's package makes its initramfs: only the modules listed.
mkdir -p "$root/etc/initramfs-tools/conf.d" "$root/usr/share/initramfs-tools/modules.d"
echo MODULES=list > "$root/etc/initramfs-tools/conf.d/emulated-machine"
printf '%s\\n' {' '.join(INITRAMFS_MODULES)} \\
  > "$root/usr/share/initramfs-tools/modules.d/emulated-machine"
"""
"""What mmdebstrap's essential hook does, once the essential packages are in (``$1``)."""
CUSTOMIZE = f"""\
set -eu
root="$1"
# README's user, who may use sudo without a password (Raspberry Pi OS's first user asks for one
# once; a test cannot type it).
chroot "$root" useradd --create-home --shell /bin/bash --user-group --groups sudo {USER}
echo '{USER} ALL=(ALL:ALL) NOPASSWD: ALL' > "$root/etc/sudoers.d/{USER}"
chmod 0440 "$root/etc/sudoers.d/{USER}"
echo {HOSTNAME} > "$root/etc/hostname"
printf '127.0.0.1\\tlocalhost\\n127.0.1.1\\t{HOSTNAME}\\n' > "$root/etc/hosts"
# The emulated machine: its disk, its network by DHCP from qemu, qemu's name server.
printf '/dev/vda / ext4 rw,noatime 0 0\\n' > "$root/etc/fstab"
printf '[Match]\\nType=ether\\n\\n[Network]\\nDHCP=yes\\n' \\
  > "$root/etc/systemd/network/20-wired.network"
printf 'nameserver 10.0.2.3\\n' > "$root/etc/resolv.conf"
chroot "$root" systemctl enable systemd-networkd.service
# The test's shell: the machine's second console (hvc0), logged in as the user.
mkdir -p "$root/etc/systemd/system/serial-getty@hvc0.service.d"
printf '[Service]\\nExecStart=\\nExecStart=-/sbin/agetty --autologin {USER} --noclear %s\\n' \\
  '%I 115200 $TERM' > "$root/etc/systemd/system/serial-getty@hvc0.service.d/autologin.conf"
chroot "$root" systemctl mask {' '.join(MASKED)}
"""
"""What mmdebstrap's customize hook does to the finished tree (``$1``)."""
JOBS = 2


class RootfsError(KaskadeError, RuntimeError):
    """The root filesystem could not be built or used; the message says which step failed."""


class MissingHostError(RootfsError):
    """This machine lacks a tool the Pi stage needs and only root may install it (or make
    arm64 programs run); the message says what to run."""


@dataclass(frozen=True)
class Rootfs:
    """A built root filesystem in the cache."""

    folder: Path

    @property
    def tree(self) -> Path:
        """The root directory of the arm64 system."""
        return self.folder / "rootfs"

    @property
    def record(self) -> dict[str, object]:
        """What ``build.json`` says: the recipe, Debian's versions, seconds, size."""
        loaded: dict[str, object] = json.loads((self.folder / "build.json").read_text())
        return loaded

    @property
    def kernel(self) -> Path:
        """Debian's arm64 kernel (``vmlinuz``), for qemu-system-aarch64."""
        return _one(self.tree / "boot", "vmlinuz-*")

    @property
    def initrd(self) -> Path:
        """Its initramfs."""
        return _one(self.tree / "boot", "initrd.img-*")


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise RootfsError(f"{folder} holds {len(found)} files {pattern}, not one")
    return found[0]


HOST_TOOLS = {
    "mmdebstrap": "mmdebstrap",
    "mkfs.ext4": "e2fsprogs",
    "arch-test": "arch-test",
}
"""The tools the stage runs on this machine, and the Debian package of each."""
EMULATOR = {"qemu-aarch64-static": "qemu-user-static"}
"""What runs arm64 programs on another architecture, through binfmt_misc."""
BINFMT = Path("/proc/sys/fs/binfmt_misc")
BINFMT_CONF = Path("/usr/lib/binfmt.d/qemu-aarch64.conf")


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/kaskade-board/arm64`` (``~/.cache`` when unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kaskade-board" / "arm64"


def native() -> bool:
    """Whether this machine runs arm64 programs itself."""
    return platform.machine() in ("aarch64", "arm64")


def install_host_packages(packages: dict[str, str]) -> None:
    """Install the Debian packages of the tools in ``packages`` that are missing (as root;
    anyone else is told the command)."""
    missing = sorted({package for tool, package in packages.items() if shutil.which(tool) is None})
    if not missing:
        return
    if os.geteuid() != 0:
        raise MissingHostError("the Pi stage needs Debian packages that are not installed; "
                               f"run:\n  sudo apt-get update && sudo apt-get install "
                               f"--no-install-recommends {' '.join(missing)}")
    _run(["apt-get", "update", "-qq"], "apt-get update")
    _run(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq",
          "--no-install-recommends", *missing], f"installing {' '.join(missing)}")


def ensure_arm64() -> None:
    """Make arm64 programs run here: natively, or through qemu's user mode registered with
    binfmt_misc (with the F flag, so that it works inside a chroot too). Registering is
    root's; anyone else is told the commands."""
    if native():
        return
    install_host_packages(EMULATOR)
    entry = BINFMT / "qemu-aarch64"
    if entry.is_file() and entry.read_text().startswith("enabled"):
        return
    commands = []
    if not (BINFMT / "register").exists():
        commands.append(f"mount -t binfmt_misc binfmt_misc {BINFMT}")
    commands.append(f"cat {BINFMT_CONF} > {BINFMT}/register")
    if os.geteuid() != 0:
        raise MissingHostError("arm64 programs do not run here: as root, register qemu's "
                               "user mode with binfmt_misc:\n  " + "\n  ".join(commands))
    if entry.is_file():  # registered but disabled
        entry.write_text("1")
        return
    if not (BINFMT / "register").exists():
        _run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], "mounting binfmt_misc")
    if not BINFMT_CONF.is_file():
        raise RootfsError(f"{BINFMT_CONF} is missing: reinstall qemu-user-static")
    (BINFMT / "register").write_text(BINFMT_CONF.read_text().strip())


def _run(args: list[str], what: str, log: Path | None = None,
         env: dict[str, str] | None = None) -> str:
    """Run a command; on failure raise :class:`RootfsError` with its last lines of output."""
    try:
        done = subprocess.run(args, capture_output=True, text=True, check=False, env=env)
    except OSError as error:
        raise RootfsError(f"{what}: cannot run {args[0]}: {error}") from error
    if log is not None:
        with log.open("a") as out:
            out.write(f"$ {' '.join(args)}\n{done.stdout}{done.stderr}\n")
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise RootfsError(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done.stdout


def packages() -> list[str]:
    """What goes into the tree besides the variant: README's apt packages, the system's."""
    return sorted({*apt_packages(pi_steps()), *SYSTEM_PACKAGES})


def recipe() -> dict[str, object]:
    """Everything that decides what the tree holds (the cache key is its hash)."""
    return {"suite": SUITE, "arch": ARCH, "variant": VARIANT, "packages": packages(),
            "excluded": list(EXCLUDED), "kept": list(KEPT), "essential": ESSENTIAL,
            "customize": CUSTOMIZE}


def recipe_key() -> str:
    text = json.dumps(recipe(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


APT_SOURCES = Path("/etc/apt/sources.list")


def mirror(files: list[Path] | None = None) -> str:
    """The Debian mirror this machine's apt uses (a local one is faster), else Debian's;
    ``files``: apt's sources (this machine's when not given)."""
    if files is None:
        files = [APT_SOURCES, *sorted(Path(f"{APT_SOURCES}.d").glob("*"))]
    for path in files:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for uri in re.findall(r"^(?:deb\s+(?:\[[^\]]*\]\s+)?|URIs:\s*)(\S+)", text, re.MULTILINE):
            if uri.rstrip("/").endswith("/debian") and uri.startswith(("http://", "https://")):
                return uri.rstrip("/")
    return MIRROR


def sources() -> list[str]:
    """mmdebstrap's sources: the release, its updates and its security updates."""
    main = mirror()
    return [f"deb {main} {SUITE} main", f"deb {main} {SUITE}-updates main",
            f"deb {SECURITY} {SUITE}-security main"]


def mmdebstrap_command(target: Path, hooks: Path) -> list[str]:
    """The build, with the hooks' scripts in ``hooks`` (``essential.sh``, ``customize.sh``)."""
    return ["mmdebstrap", "--mode=root", f"--arch={ARCH}", f"--variant={VARIANT}",
            f"--include={','.join(packages())}",
            *(f"--dpkgopt=path-exclude={path}" for path in EXCLUDED),
            *(f"--dpkgopt=path-include={path}" for path in KEPT),
            f'--essential-hook=sh {hooks / "essential.sh"} "$1"',
            f'--customize-hook=sh {hooks / "customize.sh"} "$1"',
            SUITE, str(target), *sources()]


def _complete(folder: Path) -> bool:
    return (folder / "build.json").is_file() and (folder / "rootfs" / "etc" / "os-release").exists()


def cached() -> Rootfs | None:
    """The tree for the current recipe if the cache holds it (``None``: :func:`build` would take
    many minutes), without building anything."""
    folder = cache_root() / recipe_key()
    return Rootfs(folder) if _complete(folder) else None


def build(refresh: bool = False, out: TextIO = sys.stderr) -> Rootfs:
    """The tree for the current recipe: from the cache when there, else built (and cached).
    One build at a time: a second caller (a test process, the build CI starts in the
    background) waits for the first's lock and then finds the tree in the cache."""
    root = cache_root()
    key = recipe_key()
    folder = root / key
    if not refresh and _complete(folder):
        ensure_arm64()
        return Rootfs(folder)
    if os.geteuid() != 0:
        raise MissingHostError("building the arm64 root filesystem needs root (mmdebstrap "
                               "makes device files and runs maintainer scripts as root): run "
                               "sudo python3 -m sim.pi.rootfs once")
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        install_host_packages(HOST_TOOLS)
        ensure_arm64()
        if refresh or not _complete(folder):
            _build_into(folder, key, out)
    return Rootfs(folder)


def _build_into(folder: Path, key: str, out: TextIO) -> None:
    """mmdebstrap into ``work-<key>``, renamed into place when done (a failed build leaves
    nothing that looks finished)."""
    work = cache_root() / f"work-{key}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "essential.sh").write_text(ESSENTIAL)
    (work / "customize.sh").write_text(CUSTOMIZE)
    log = work / "build.log"
    print(f"building Debian {SUITE} {ARCH} with mmdebstrap ({len(packages())} packages and "
          f"their dependencies, under emulation: many minutes, once) in {work} ...", file=out,
          flush=True)
    started = time.monotonic()
    with log.open("w") as progress:  # as it goes: the build is there to follow
        done = subprocess.run(mmdebstrap_command(work / "rootfs", work), stdout=progress,
                              stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        tail = "\n".join(log.read_text(errors="replace").strip().splitlines()[-25:])
        raise RootfsError(f"mmdebstrap failed (exit {done.returncode}; {log}):\n{tail}")
    seconds = round(time.monotonic() - started, 1)
    tree = work / "rootfs"
    record = {
        **recipe(),
        "sources": sources(),
        "build_seconds": seconds,
        "host": platform.machine(),
        "kernel": _one(tree / "boot", "vmlinuz-*").name.removeprefix("vmlinuz-"),
        "versions": installed_versions(tree),
        "bytes": _size(tree),
    }
    (work / "build.json").write_text(json.dumps(record, indent=2) + "\n")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in ("rootfs", "build.json", "build.log"):
        (work / name).rename(folder / name)
    shutil.rmtree(work)


def installed_versions(tree: Path) -> dict[str, str]:
    """Every installed package's version, read from dpkg's status file."""
    versions = {}
    status = (tree / "var" / "lib" / "dpkg" / "status").read_text(encoding="utf-8")
    for entry in status.split("\n\n"):
        fields = dict(re.findall(r"^([A-Za-z-]+): (.*)$", entry, re.MULTILINE))
        if fields.get("Status", "").endswith(" installed") and "Package" in fields:
            versions[fields["Package"]] = fields.get("Version", "")
    return dict(sorted(versions.items()))


def _size(tree: Path) -> int:
    total = 0
    for path in tree.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sim.pi.rootfs",
        description=f"Build Debian {SUITE} for {ARCH} from Debian's packages with mmdebstrap "
        "(cached; a second run costs nothing) and print the folder that holds it.",
    )
    parser.add_argument("--refresh", action="store_true",
                        help="build again, with the versions Debian carries today")
    parser.add_argument("--json", action="store_true",
                        help="print the build record (packages, versions, build time) as JSON")
    args = parser.parse_args(argv)
    try:
        built = build(refresh=args.refresh)
    except RootfsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.json:
        record = built.record
        print(json.dumps({"folder": str(built.folder), **{
            name: record[name] for name in ("suite", "arch", "packages", "build_seconds",
                                            "kernel", "bytes")},
            "installed": len(record["versions"])}, indent=2))  # type: ignore[arg-type]
    else:
        print(built.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
