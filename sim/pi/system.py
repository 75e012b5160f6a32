"""The whole board in one emulated machine: qemu-system-aarch64 (``-M virt``, a Cortex-A72 as in
a Pi 4) boots Debian's arm64 kernel from a disk made of the arm64 tree as the aarch64 stage left
it (the program cloned and installed as README says), with systemd as init.

What the machine has, and where it leads on this machine:

* its disk: an ext4 image made with ``mkfs.ext4 -d`` from the tree (no loop device, no
  device-mapper: neither is needed to build it);
* its network: qemu's user network, through this machine's (whose trusted certificates it
  gets); the web companion's port forwarded to a loopback port here, and ``10.0.2.2`` is this
  machine's loopback, where the LED controller's stand-in (:class:`sim.wled.DdpReceiver`)
  takes the frames;
* its touch board: a USB serial adapter (qemu's FTDI ``usb-serial``, with a serial number of
  its own) whose other end is the emulated Pico's USB serial line — the pseudo-terminal of the
  silicon stage, where the rp2 image runs the real firmware;
* a console for the test: ``hvc0``, a virtio console on a Unix socket here, logged in as
  README's user; the kernel's own console (``ttyAMA0``) goes to a log file.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

from sim.pi.chroot import TRUSTED, Chroot
from sim.pi.rootfs import USER, Rootfs, RootfsError

QEMU = "qemu-system-aarch64"
QEMU_PACKAGE = "qemu-system-arm"
CPU = "cortex-a72"
"""A Pi 4's cores (a Pi 5 has Cortex-A76, which this qemu does not offer)."""
MEMORY_MB = 1024
"""A Pi 3's memory, and the smallest Pi 4's."""
CORES = 2
DISK_SLACK = 3 << 30
"""Bytes of the disk left free beyond the tree: the service's release (its own environment)
and what the board writes."""
USB_ID = (0x0403, 0x6001)
"""The vendor and product id of qemu's USB serial adapter (an FTDI FT232)."""
WEB = 8765
"""The port of the installed board's web companion (``kaskade install``'s default)."""
HOST = "10.0.2.2"
"""This machine, as the emulated one reaches it (qemu's user network)."""
DEVICE_SECONDS = 600
"""How long systemd waits for a device (the console's, the disk's): under emulation on a busy
machine, udev comes to them minutes after power-on."""
KERNEL_ARGS = ("root=/dev/vda", "rw", "console=ttyAMA0", "panic=-1",
               f"systemd.default_device_timeout_sec={DEVICE_SECONDS}", "nokaslr",
               "mitigations=off")
"""The kernel's command line. The last two spare the emulator work that only silicon needs:
with its address space laid out at random (KASLR), the kernel keeps user and kernel page
tables apart (KPTI), and with the speculation mitigations it clears branch history on every
entry; each is a few cycles on a Cortex-A72 but many translated instructions and flushes of
qemu's TLB on every system call. Without them the machine boots in about half the time and
installs the program a third faster (docs/pi-stage.md)."""
PROMPT_SECONDS = 600.0
"""The longest the machine may take from power-on to its console's prompt: systemd to
multi-user in about 95 s on a busy machine of this kind, several times that under load."""


PROMPT = f"{USER}@[^\r\n]*:~\\$ $".encode()
"""The login shell's prompt, at the end of what the console said."""


class MachineError(RootfsError):
    """The emulated machine failed to start or a command on it failed."""


def disk_image(tree: Chroot, into: Path, extra: Iterable[tuple[Path, str]] = ()) -> Path:
    """``into``: an ext4 image of ``tree`` as this run left it (its cache below, its changes
    above), with the folders of ``extra`` (this machine's path, the path inside) as well,
    made by ``mkfs.ext4 -d`` in a mount namespace of its own."""
    merged = tree.work / "merged"
    size = _tree_bytes(tree) + DISK_SLACK
    mounts = [f"mount -t overlay overlay -o {tree.overlay} {merged}"]
    if TRUSTED.is_file():  # the machine's network is this one's: so is what it trusts
        mounts.append(f"mount --bind {TRUSTED} {merged}{TRUSTED}")
    for source, target in extra:
        mounts += [f"mkdir -p {shlex.quote(str(merged) + target)}",
                   f"mount --bind {shlex.quote(str(source))} {shlex.quote(str(merged) + target)}"]
    into.unlink(missing_ok=True)
    script = "set -e\n" + "\n".join(mounts) + \
        f"\nmkfs.ext4 -q -F -L kaskade-pi -d {merged} {shlex.quote(str(into))} {size // 1024}k"
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "--", "sh", "-c",
                           script], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise MachineError(f"mkfs.ext4 -d could not make the disk: {done.stderr.strip()[-800:]}")
    return into


def _tree_bytes(tree: Chroot) -> int:
    record = tree.rootfs.record
    base = int(record.get("bytes", 0))  # type: ignore[call-overload]
    changed = sum(path.stat().st_size for layer in (tree.work / "upper", *tree.lowers[:-1])
                  for path in layer.rglob("*") if path.is_file() and not path.is_symlink())
    return base + changed


MACHINE_SETUP = f"""\
set -e
# The test's console: a login on hvc0 (the tree's autologin drop-in makes it {USER}'s), its
# driver loaded early rather than when udev comes to it, which under emulation is late.
systemctl enable serial-getty@hvc0.service
echo virtio_console > /etc/modules-load.d/emulated-machine.conf
"""
"""What the emulated machine needs of the tree beyond a Pi's: run in the tree before its disk
is made."""


def prepare_machine(tree: Chroot) -> None:
    """Make the tree ready to boot as the emulated machine (see :data:`MACHINE_SETUP`)."""
    tree.run(MACHINE_SETUP, "preparing the emulated machine", root=True)


class Machine:
    """The emulated machine booting ``disk`` with ``rootfs``'s kernel; its web companion on
    loopback ``web_port`` here, its touch board the serial line at ``touch`` (a
    pseudo-terminal) behind a USB adapter with serial number ``touch_serial``. The console's
    socket, the kernel's log and qemu's own are kept in ``work``."""

    def __init__(self, rootfs: Rootfs, disk: Path, work: Path, web_port: int, touch: str,
                 touch_serial: str) -> None:
        if shutil.which(QEMU) is None:
            raise MachineError(f"{QEMU} is missing: sudo apt-get install --no-install-recommends "
                               f"{QEMU_PACKAGE}")
        self.work = work
        self.socket_path = work / "console.sock"
        self.kernel_log = work / "kernel.log"
        self.started = time.monotonic()
        self.booted: float | None = None
        """Seconds from power-on to the console's prompt."""
        self._buffer = b""
        self._console: socket.socket | None = None
        command = [
            QEMU, "-M", "virt", "-cpu", CPU, "-smp", str(CORES), "-m", str(MEMORY_MB),
            "-accel", "tcg,thread=multi", "-nographic", "-monitor", "none", "-no-reboot",
            "-kernel", str(rootfs.kernel), "-initrd", str(rootfs.initrd),
            "-append", " ".join(KERNEL_ARGS),
            "-drive", f"file={disk},format=raw,if=none,id=disk,cache=unsafe",
            "-device", "virtio-blk-pci,drive=disk",
            "-netdev", f"user,id=net,hostfwd=tcp:127.0.0.1:{web_port}-:{WEB}",
            "-device", "virtio-net-pci,netdev=net,romfile=",  # no boot ROM: the kernel is given
            "-device", "qemu-xhci,id=usb",
            "-chardev", f"serial,id=touch,path={touch}",
            "-device", f"usb-serial,chardev=touch,bus=usb.0,serial={touch_serial}",
            "-device", "virtio-serial-pci,id=consoles",
            "-chardev", f"socket,id=shell,path={self.socket_path},server=on,wait=off",
            "-device", "virtconsole,chardev=shell,bus=consoles.0",
            "-serial", f"file:{self.kernel_log}",
        ]
        self.command = command
        self._log = open(work / "qemu.log", "w")  # noqa: SIM115  (kept until close)
        self._process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log,
                                         stderr=subprocess.STDOUT, start_new_session=True)

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    def _connect(self, deadline: float) -> socket.socket:
        while True:
            if not self.running:
                raise MachineError(f"qemu stopped: {self._tail(self.work / 'qemu.log')}")
            with contextlib.suppress(FileNotFoundError, ConnectionRefusedError):
                console = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                console.connect(str(self.socket_path))
                console.settimeout(1.0)
                return console
            if time.monotonic() > deadline:
                raise MachineError("qemu never opened the console's socket")
            time.sleep(0.2)

    def _tail(self, path: Path, lines: int = 20) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def _read_until(self, pattern: bytes, deadline: float) -> bytes:
        """What the console says up to and with ``pattern`` (a regular expression)."""
        assert self._console is not None
        expression = re.compile(pattern)
        while True:
            found = expression.search(self._buffer)
            if found:
                said, self._buffer = self._buffer[:found.end()], self._buffer[found.end():]
                return said
            if time.monotonic() > deadline:
                raise MachineError(f"the console did not say {pattern!r} in time; it said "
                                   f"{self._buffer[-600:]!r}; the kernel's console: "
                                   f"{self._tail(self.kernel_log)}")
            if not self.running:
                raise MachineError(f"the machine stopped; the kernel's console: "
                                   f"{self._tail(self.kernel_log, 40)}")
            try:
                chunk = self._console.recv(65536)
            except TimeoutError:
                continue
            except ConnectionError:
                chunk = b""
            if not chunk:
                raise MachineError(f"the console's socket closed; qemu: "
                                   f"{self._tail(self.work / 'qemu.log')}; the kernel's "
                                   f"console: {self._tail(self.kernel_log)}")
            self._buffer += chunk

    def wait_for_prompt(self, timeout: float = PROMPT_SECONDS) -> float:
        """Until the console's login shell (logged in on its own, as README's user) shows its
        prompt; the seconds since power-on. Typing before then is lost: the login flushes it."""
        deadline = time.monotonic() + timeout
        self._console = self._connect(deadline)
        self._read_until(PROMPT, deadline)
        self.booted = time.monotonic() - self.started
        self._console.sendall(b"stty -echo; export PS1= PS2= TERM=dumb; "
                              b"bind 'set enable-bracketed-paste off'; cd ~\r")
        self.sh("true", timeout=120)
        return self.booted

    def sh(self, command: str, timeout: float = 600) -> tuple[int, str]:
        """``command`` run by the console's shell (README's user); its exit status and what it
        printed (its error output too)."""
        if self._console is None:
            raise MachineError("the console is not ready: wait_for_prompt first")
        marker = secrets.token_hex(6)
        wrapped = f"{{ {command}\n}} 2>&1; echo \"@@{marker} $?\"\r"
        self._console.sendall(wrapped.encode())
        said = self._read_until(f"@@{marker} (\\d+)\\r?\\n".encode(), time.monotonic() + timeout)
        text = said.decode(errors="replace")
        body, _, code = text.rpartition(f"@@{marker} ")
        return int(code.strip()), body.replace("\r\n", "\n").strip("\n")

    def must(self, command: str, timeout: float = 600) -> str:
        """``command``'s output; :class:`MachineError` with it if it fails."""
        code, output = self.sh(command, timeout)
        if code != 0:
            raise MachineError(f"{command!r} failed on the emulated machine (exit {code}):\n"
                               f"{output[-3000:]}")
        return output

    def close(self) -> None:
        """Power off (or stop qemu if the machine does not in time)."""
        if self._console is not None:
            with contextlib.suppress(OSError):
                self._console.sendall(b"sudo systemctl poweroff\r")
            with contextlib.suppress(OSError):
                self._console.close()
            self._console = None
        try:
            self._process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self._process.pid, 15)
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self._process.pid, 9)
                self._process.wait()
        self._log.close()

    def __enter__(self) -> Machine:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
