"""Build MicroPython's rp2 image for a plain Pico, and the boot ROM it starts from, from Debian's
packages only — and keep both in a cache outside the work tree, so a second run costs nothing;
and the image for the Pico 2 (RP2350) from the very same sources, which no emulator here runs
but which the tests check (``build_pico2``).

The cross compiler comes from the machine's own Debian (``gcc-arm-none-eabi``,
``libnewlib-arm-none-eabi``); the sources from Debian 13 "trixie" (the source packages
``micropython`` and ``mbedtls``, the binary packages ``pico-sdk-source`` and
``tinyusb-source``, only unpacked), fetched through an apt state of the cache's own so that the
machine's apt configuration is never touched. Trixie keeps one version of each; whatever it
carries is recorded beside the image (``build.json``).

Changes to the port, made here and recorded in the cache key:

* its frozen modules are the port's own and asyncio (``FROZEN_MANIFEST``): micropython-lib,
  whose drivers the port's usual manifest requires, is in no package;
* the pico-sdk's C++ new/delete is left out (its library is a 1.5 GB package; the port is C);
* for the emulated Pico: float, double, memory and bit operations are the compiler's (newlib
  and libgcc, and the port's own ``libm`` for the float maths), not the ones in the RP2040's
  mask ROM, which no package ships: the emulator runs the project's own small ROM
  (``bootrom.S``) instead. The Pico 2's image keeps the port's float implementation (its
  RP2350 has a floating-point unit), with newlib's ``libm`` for ``log2f``.

    python -m sim.silicon.image            # build if needed; print the image's folder
    python -m sim.silicon.image --refresh  # ask trixie for newer versions first
    python -m sim.silicon.image --pico2    # the Pico 2's image, from the Pico's sources
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from controller.errors import KaskadeError

HERE = Path(__file__).resolve().parent
# The build's manifest.py, written beside the build (MicroPython's build runs it; the text says
# what it freezes and why).
FROZEN_MANIFEST = (
    "# The modules frozen into the rp2 image: the port's own and asyncio. The port's usual"
    " manifest\n"
    "# also requires drivers from micropython-lib (onewire, ds18x20, dht, neopixel), which no\n"
    "# package carries; the touch firmware needs none of them.\n"
    'freeze("$(PORT_DIR)/modules")\n'
    'include("$(MPY_DIR)/extmod/asyncio")\n'
)
BOOTROM_SOURCE = HERE / "bootrom.S"
BOOTROM_SCRIPT = HERE / "bootrom.ld"

SUITE = "trixie"
MIRROR = "http://deb.debian.org/debian"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
SOURCE_PACKAGES = ("micropython", "mbedtls")
BINARY_PACKAGES = ("pico-sdk-source", "tinyusb-source")
TOOLCHAIN_PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi")
# The host tools the build runs, and the Debian package of each.
HOST_TOOLS = {
    "arm-none-eabi-gcc": "gcc-arm-none-eabi",
    "cmake": "cmake",
    "make": "make",
    "cc": "gcc",
    "dpkg-source": "dpkg-dev",
}

# The port's float implementation (its own, partly in the ROM) becomes the compiler's, and so do
# the double, memory and bit operations (the pico-sdk's defaults call the ROM): per target, as the
# pico-sdk's PICO_DEFAULT_*_IMPL settings are overridden inside the SDK 2.1 for all but double.
# The port's libm supplies the float maths the ROM would, newlib's libm the rest (log2f); the
# port's libm_extra.c, a fix to the ROM's float addition, goes with the ROM.
FLOAT_LINE = "pico_set_float_implementation(${MICROPY_TARGET} micropython)"
FLOAT_REPLACEMENT = "\n".join((
    "pico_set_float_implementation(${MICROPY_TARGET} compiler)",
    "pico_set_double_implementation(${MICROPY_TARGET} compiler)",
    "pico_set_mem_ops_implementation(${MICROPY_TARGET} compiler)",
    "pico_set_bit_ops_implementation(${MICROPY_TARGET} compiler)",
    "target_sources(${MICROPY_TARGET} PRIVATE ${MICROPY_SOURCE_LIB_LIBM}"
    " ${MICROPY_SOURCE_LIB_LIBM_SQRT_SW})",
    "target_link_libraries(${MICROPY_TARGET} m)",
))
# For the Pico 2 the port keeps its float implementation, whose libm lacks log2f in Debian's
# source (which the RP2040's image takes from newlib's libm too, above): newlib's is linked.
PICO2_LIBM = "target_link_libraries(${MICROPY_TARGET} m)"
# The port has no C++, but the pico-sdk adds a C++ new/delete to every program, which needs
# libstdc++ (Debian's libstdc++-arm-none-eabi-newlib, 1.5 GB) and makes g++ link the image: it
# is left out, so the image is C and links without libstdc++.
CXX_SOURCE_LINE = "${CMAKE_CURRENT_LIST_DIR}/new_delete.cpp"
# A plain Pico; the .elf and .bin without picotool (which no package ships).
CMAKE_OPTIONS = ("-DMICROPY_BOARD=RPI_PICO", "-DPICO_NO_PICOTOOL=1")
PICO2_CMAKE_OPTIONS = ("-DMICROPY_BOARD=RPI_PICO2", "-DPICO_NO_PICOTOOL=1")
JOBS = 2
# What the pico-sdk says of the RP2350's watchdog, kept with the Pico 2's image: the firmware
# stands the watchdog down by clearing this bit at this address (firmware/watchdog.py).
SDK_FACTS = {
    "watchdog_base": ("src/rp2350/hardware_regs/include/hardware/regs/addressmap.h",
                      "WATCHDOG_BASE"),
    "watchdog_enable_bits": ("src/rp2350/hardware_regs/include/hardware/regs/watchdog.h",
                             "WATCHDOG_CTRL_ENABLE_BITS"),
}


class ImageBuildError(KaskadeError, RuntimeError):
    """The rp2 image or the boot ROM could not be built; the message says which step failed."""


class MissingPackagesError(ImageBuildError):
    """The build needs Debian packages this machine lacks, and only root may install them; the
    message gives the command."""


@dataclass(frozen=True)
class Built:
    """A built firmware in the cache: the ``.elf`` (symbols), the ``.bin`` (to load at the
    start of flash) and what it was built from."""

    folder: Path

    @property
    def firmware_bin(self) -> Path:
        return self.folder / "firmware.bin"

    @property
    def firmware_elf(self) -> Path:
        return self.folder / "firmware.elf"

    @property
    def record(self) -> dict[str, object]:
        """What ``build.json`` says: versions, build seconds, sizes."""
        loaded: dict[str, object] = json.loads((self.folder / "build.json").read_text())
        return loaded

    def symbol(self, name: str) -> int:
        """The address of the function or object ``name`` in the image (from the ``.elf``'s
        symbol table, read by the cross toolchain's ``nm``)."""
        listing = _run(["arm-none-eabi-nm", str(self.firmware_elf)], "reading the symbols")
        for line in listing.splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[2] == name:
                return int(fields[0], 16)
        raise ImageBuildError(f"the image has no symbol {name} ({self.firmware_elf})")


@dataclass(frozen=True)
class Image(Built):
    """The emulated Pico's image, and the boot ROM it starts from."""

    bootrom_bin: Path


def _complete(folder: Path) -> bool:
    """Whether ``folder`` holds a finished build (it is renamed into place only when done)."""
    return all((folder / name).is_file()
               for name in ("firmware.bin", "firmware.elf", "build.json"))


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/kaskade-board/rp2`` (``~/.cache`` when unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kaskade-board" / "rp2"


def inputs_digest(pico2: bool = False) -> str:
    """The hash of what the project feeds the firmware's build: the manifest, the changes to
    the port, the build's options (the Pico's, or the Pico 2's)."""
    recipe = json.dumps([FROZEN_MANIFEST, PICO2_LIBM, CXX_SOURCE_LINE, PICO2_CMAKE_OPTIONS]) \
        if pico2 else \
        json.dumps([FROZEN_MANIFEST, FLOAT_LINE, FLOAT_REPLACEMENT, CXX_SOURCE_LINE,
                    CMAKE_OPTIONS])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def bootrom_digest() -> str:
    """The hash of the ROM's source, its linker script and the assembler's version."""
    digest = hashlib.sha256()
    for path in (BOOTROM_SOURCE, BOOTROM_SCRIPT):
        digest.update(path.read_bytes() + b"\0")
    digest.update(_run(["arm-none-eabi-gcc", "--version"], "the cross compiler's version").encode())
    return digest.hexdigest()[:16]


def _run(args: list[str], what: str, cwd: Path | None = None, log: Path | None = None) -> str:
    """Run a command; on failure raise :class:`ImageBuildError` with its last lines of output."""
    try:
        done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as error:
        raise ImageBuildError(f"{what}: cannot run {args[0]}: {error}") from error
    if log is not None:
        with log.open("a") as out:
            out.write(f"$ {' '.join(args)}\n{done.stdout}{done.stderr}\n")
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise ImageBuildError(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done.stdout


def ensure_host_tools() -> None:
    """Install the cross compiler and the build tools from the machine's Debian if missing (as
    root; anyone else is told the command)."""
    missing = sorted({pkg for tool, pkg in HOST_TOOLS.items() if shutil.which(tool) is None})
    newlib = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "libnewlib-arm-none-eabi"],
                            capture_output=True, text=True, check=False)
    if "install ok installed" not in newlib.stdout:
        missing.append("libnewlib-arm-none-eabi")
    if not missing:
        return
    if os.geteuid() != 0:
        raise MissingPackagesError(
            "the rp2 image needs Debian packages that are not installed; run:\n"
            f"  sudo apt-get update && sudo apt-get install {' '.join(missing)}"
        )
    _run(["apt-get", "update", "-qq"], "apt-get update")
    env_args = ["env", "DEBIAN_FRONTEND=noninteractive"]
    _run([*env_args, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
         f"installing {' '.join(missing)}")


def _installed_version(package: str) -> str:
    return _run(["dpkg-query", "-W", "-f=${Version}", package], f"the version of {package}")


class PrivateApt:
    """apt pointed at trixie through state folders of its own: the machine's sources, lists and
    package cache stay untouched."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sources = root / "etc" / "trixie.sources"
        self.parts = root / "etc" / "sources.list.d"
        self.lists = root / "lists"
        self.cache = root / "cache"

    def options(self) -> list[str]:
        return [
            "-o", f"Dir::Etc::SourceList={self.sources}",
            "-o", f"Dir::Etc::SourceParts={self.parts}",
            "-o", f"Dir::State::Lists={self.lists}",
            "-o", f"Dir::Cache={self.cache}",
            "-o", "APT::Sandbox::User=root",
        ]

    def update(self) -> None:
        for folder in (self.parts, self.lists / "partial", self.cache / "archives" / "partial"):
            folder.mkdir(parents=True, exist_ok=True)
        self.sources.write_text(
            f"Types: deb deb-src\nURIs: {MIRROR}\nSuites: {SUITE}\nComponents: main\n"
            f"Signed-By: {KEYRING}\n"
        )
        _run(["apt-get", *self.options(), "update", "-qq"], f"apt-get update ({SUITE})")

    def source_version(self, package: str) -> str:
        return self._version(["showsrc", "--only-source", package],
                             f"the {SUITE} version of the source package {package}",
                             f"{SUITE} has no source package {package}")

    def binary_version(self, package: str) -> str:
        return self._version(["show", package], f"the {SUITE} version of {package}",
                             f"{SUITE} has no package {package}")

    def _version(self, query: list[str], what: str, missing: str) -> str:
        """The first ``Version:`` apt-cache gives for ``query`` (the newest), or ``missing``."""
        out = _run(["apt-cache", *self.options(), *query], what)
        versions = [line.split(":", 1)[1].strip() for line in out.splitlines()
                    if line.startswith("Version:")]
        if not versions:
            raise ImageBuildError(missing)
        return versions[0]

    def fetch(self, versions: dict[str, str], into: Path) -> None:
        """Download the source packages and the binary packages, at the given versions."""
        into.mkdir(parents=True, exist_ok=True)
        for package in SOURCE_PACKAGES:
            _run(["apt-get", *self.options(), "source", "--download-only", "-qq",
                  f"{package}={versions[package]}"], f"fetching the source of {package}", cwd=into)
        for package in BINARY_PACKAGES:
            _run(["apt-get", *self.options(), "download", "-qq",
                  f"{package}={versions[package]}"], f"fetching {package}", cwd=into)


def resolve_versions(apt: PrivateApt) -> dict[str, str]:
    """The versions trixie carries now, and those of the cross compiler installed here."""
    apt.update()
    versions = {p: apt.source_version(p) for p in SOURCE_PACKAGES}
    versions.update({p: apt.binary_version(p) for p in BINARY_PACKAGES})
    versions.update({p: _installed_version(p) for p in TOOLCHAIN_PACKAGES})
    return versions


def image_key(versions: dict[str, str], inputs: str) -> str:
    text = json.dumps({"versions": versions, "inputs": inputs}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def unpack(downloads: Path, versions: dict[str, str], tree: Path, log: Path,
           pico2: bool = False) -> Path:
    """Lay out the sources as MicroPython's own checkout would have them (changed for the
    emulated Pico, or the Pico 2: ``patch_port``); return its root."""
    micropython = tree / "micropython"
    tree.mkdir(parents=True, exist_ok=True)
    for package in SOURCE_PACKAGES:
        dsc = downloads / f"{package}_{versions[package].split(':')[-1]}.dsc"
        _run(["dpkg-source", "--no-check", "-x", str(dsc), str(tree / package)],
             f"unpacking {package}", log=log)
    for package in BINARY_PACKAGES:
        debs = sorted(downloads.glob(f"{package}_*.deb"))
        if not debs:
            raise ImageBuildError(f"{package} was not downloaded")
        _run(["dpkg-deb", "-x", str(debs[-1]), str(tree / package)], f"unpacking {package}",
             log=log)
    placed = {
        "pico-sdk": tree / "pico-sdk-source" / "usr" / "src" / "pico-sdk",
        "tinyusb": tree / "tinyusb-source" / "usr" / "src" / "tinyusb",
        "mbedtls": tree / "mbedtls",
    }
    for name, source in placed.items():
        if not source.is_dir():
            raise ImageBuildError(f"the unpacked {name} is not where expected: {source}")
        slot = micropython / "lib" / name
        if slot.is_dir() and not slot.is_symlink():
            shutil.rmtree(slot)
        slot.symlink_to(source)
    patch_port(micropython, pico2)
    (tree / ".unpacked").touch()
    return micropython


def _replace_in(path: Path, old: str, new: str, why: str) -> None:
    text = path.read_text()
    if old not in text:
        raise ImageBuildError(f"{why}: {old!r} is missing from {path}")
    path.write_text(text.replace(old, new))


def patch_port(micropython: Path, pico2: bool = False) -> None:
    """Make the port take its float operations from the compiler (for the emulated Pico; the
    Pico 2's keeps them and links newlib's libm), and leave out the pico-sdk's C++ new/delete
    (see above)."""
    _replace_in(micropython / "ports" / "rp2" / "CMakeLists.txt", FLOAT_LINE,
                f"{FLOAT_LINE}\n{PICO2_LIBM}" if pico2 else FLOAT_REPLACEMENT,
                "the rp2 port no longer chooses its float implementation as expected")
    _replace_in(micropython / "lib" / "pico-sdk" / "src" / "rp2_common" / "pico_cxx_options"
                / "CMakeLists.txt", CXX_SOURCE_LINE, "",
                "the pico-sdk no longer adds its C++ new/delete as expected")


def build_firmware(micropython: Path, build: Path, log: Path,
                   options: tuple[str, ...] = CMAKE_OPTIONS) -> tuple[Path, Path]:
    """Configure and build the rp2 port with ``options``; return the .elf and the .bin."""
    # micropython-lib is in no package and the manifest takes nothing from it, but the build
    # insists on a checkout: an empty one, named as such.
    no_lib = build.parent / "micropython-lib-not-packaged"
    no_lib.mkdir(parents=True, exist_ok=True)
    (no_lib / "README.md").write_text("micropython-lib is not packaged; nothing comes from it.\n")
    manifest = build.parent / "manifest.py"
    manifest.write_text(FROZEN_MANIFEST)
    _run(["cmake", "-S", str(micropython / "ports" / "rp2"), "-B", str(build),
          f"-DMICROPY_FROZEN_MANIFEST={manifest}", f"-DMICROPY_LIB_DIR={no_lib}", *options],
         "configuring the rp2 port", log=log)
    _run(["make", f"-j{JOBS}", "-C", str(build)], "building the rp2 port", log=log)
    elf, binary = build / "firmware.elf", build / "firmware.bin"
    if not elf.is_file() or not binary.is_file():
        raise ImageBuildError(f"the build made no firmware.elf/.bin in {build}")
    return elf, binary


def build_bootrom(into: Path, log: Path) -> Path:
    """Assemble and link the project's boot ROM; return the raw 16 kB image."""
    elf = into / "bootrom.elf"
    _run(["arm-none-eabi-gcc", "-mcpu=cortex-m0plus", "-mthumb", "-nostdlib", "-nostartfiles",
          f"-Wl,-T,{BOOTROM_SCRIPT}", "-o", str(elf), str(BOOTROM_SOURCE)],
         "assembling the boot ROM", log=log)
    binary = into / "bootrom.bin"
    _run(["arm-none-eabi-objcopy", "-O", "binary", "--gap-fill", "0", str(elf), str(binary)],
         "extracting the boot ROM", log=log)
    return binary


def bootrom(root: Path) -> Path:
    """The boot ROM for the current source: from the cache when there, else assembled."""
    folder = root / f"bootrom-{bootrom_digest()}"
    binary = folder / "bootrom.bin"
    if not binary.is_file():
        root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="bootrom-", dir=root) as scratch:
            built = build_bootrom(Path(scratch), Path(scratch) / "build.log")
            folder.mkdir(exist_ok=True)
            shutil.move(built, binary)
    return binary


def build(refresh: bool = False, out: TextIO = sys.stderr) -> Image:
    """The image for the current inputs: from the cache when there, else built (and cached).
    One build at a time: a second caller (another test process, the build CI starts in the
    background) waits for the first's lock and then finds the image in the cache."""
    root = cache_root()
    inputs = inputs_digest()
    pointer = root / f"inputs-{inputs}"
    if not refresh:
        cached = _cached(root, pointer)
        if cached is not None:
            return cached
    root.mkdir(parents=True, exist_ok=True)
    with open(root / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            cached = None if refresh else _cached(root, pointer)
            return cached if cached is not None else _build(root, inputs, pointer, out)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build_pico2(out: TextIO = sys.stderr) -> Built:
    """The Pico 2's image (the port's ``RPI_PICO2`` board, an RP2350), built from exactly the
    package versions the emulated Pico's image was built from (that one first, if needed), and
    cached beside it. Nothing here runs it: rp2040js emulates the RP2040 alone."""
    pico = build(out=out)
    versions = pico.record["versions"]
    if not isinstance(versions, dict):
        raise ImageBuildError(f"{pico.folder / 'build.json'} names no package versions")
    root = cache_root()
    inputs = inputs_digest(pico2=True)
    folder = root / image_key(versions, inputs)
    with open(root / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not _complete(folder):
                ensure_host_tools()
                _build_into(folder, PrivateApt(root / "apt"), versions, inputs, root, out,
                            pico2=True)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return Built(folder)


def sdk_facts(sdk: Path) -> dict[str, int]:
    """``SDK_FACTS`` as the pico-sdk's headers under ``sdk`` define them."""
    facts = {}
    for name, (header, macro) in SDK_FACTS.items():
        text = (sdk / header).read_text()
        found = re.search(rf"#define\s+{macro}\s+_u\((0x[0-9a-fA-F]+)\)", text)
        if found is None:
            raise ImageBuildError(f"the pico-sdk no longer defines {macro} in {header}")
        facts[name] = int(found[1], 16)
    return facts


def cached() -> Image | None:
    """The image for the current inputs if the cache holds it (``None``: :func:`build` would
    take minutes), without building anything."""
    return _cached(cache_root(), cache_root() / f"inputs-{inputs_digest()}")


def _cached(root: Path, pointer: Path) -> Image | None:
    """The image the cache holds for these inputs, if it holds one whole."""
    if not pointer.is_file():
        return None
    folder = root / pointer.read_text().strip()
    if not _complete(folder):
        return None
    ensure_host_tools()
    return Image(folder, bootrom(root))


def _build(root: Path, inputs: str, pointer: Path, out: TextIO) -> Image:
    ensure_host_tools()
    apt = PrivateApt(root / "apt")
    versions = resolve_versions(apt)
    key = image_key(versions, inputs)
    folder = root / key
    if not _complete(folder):
        _build_into(folder, apt, versions, inputs, root, out)
    pointer.write_text(key + "\n")
    return Image(folder, bootrom(root))


def _build_into(folder: Path, apt: PrivateApt, versions: dict[str, str], inputs: str,
                root: Path, out: TextIO, pico2: bool = False) -> None:
    """Build into ``folder`` by way of ``work-<key>``, which a failed build leaves behind so
    that the next run goes on from where it stopped; a finished build removes it."""
    work = root / f"work-{folder.name}"
    downloads = work / "downloads"
    log = work / "build.log"
    started = time.monotonic()
    options = PICO2_CMAKE_OPTIONS if pico2 else CMAKE_OPTIONS
    if not (work / "src" / ".unpacked").is_file():
        shutil.rmtree(work, ignore_errors=True)
        apt.fetch(versions, downloads)
        unpack(downloads, versions, work / "src", log, pico2)
    print(f"building MicroPython {versions['micropython']} for rp2, {options[0]} (make "
          f"-j{JOBS}) in {work} ...", file=out)
    elf, binary = build_firmware(work / "src" / "micropython", work / "build", log, options)
    seconds = round(time.monotonic() - started, 1)
    staging = work / "image"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    shutil.copy2(elf, staging / "firmware.elf")
    shutil.copy2(binary, staging / "firmware.bin")
    shutil.copy2(log, staging / "build.log")
    record = {
        "suite": SUITE,
        "versions": versions,
        "inputs": inputs,
        "cmake_options": list(options),
        "build_seconds": seconds,
        "jobs": JOBS,
        "firmware_bin_bytes": binary.stat().st_size,
    }
    if pico2:
        record["sdk"] = sdk_facts(work / "src" / "micropython" / "lib" / "pico-sdk")
    (staging / "build.json").write_text(json.dumps(record, indent=2) + "\n")
    if folder.exists():
        shutil.rmtree(folder)
    staging.rename(folder)
    shutil.rmtree(work)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sim.silicon.image",
        description="Build MicroPython's rp2 image and the boot ROM from Debian's packages "
        "(cached; a second run costs nothing) and print the folder that holds them.",
    )
    parser.add_argument("--refresh", action="store_true",
                        help=f"ask {SUITE} for newer package versions, and rebuild if any")
    parser.add_argument("--json", action="store_true",
                        help="print the build record (versions, build time, size) as JSON")
    parser.add_argument("--pico2", action="store_true",
                        help="also the Pico 2's image (RP2350, the port's RPI_PICO2 board) from "
                        "the same package versions; no emulator here runs it")
    args = parser.parse_args(argv)
    try:
        image = build(refresh=args.refresh)
        built: list[Built] = [image, build_pico2()] if args.pico2 else [image]
    except ImageBuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not args.json:
        for one in built:
            print(one.folder)
        return 0
    records = [{"folder": str(one.folder), **({"bootrom": str(one.bootrom_bin)}
                                              if isinstance(one, Image) else {}), **one.record}
               for one in built]
    print(json.dumps(records[0] if len(records) == 1 else dict(zip(("pico", "pico2"), records)),
                     indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
