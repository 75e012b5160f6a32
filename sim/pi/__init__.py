"""The Pi stage: the Pi half of the board where it lives. Debian 12 "bookworm" for arm64 — the
base of Raspberry Pi OS Lite 64-bit — built from Debian's packages into a root filesystem and
kept in a cache (``rootfs``); README's Pi steps run in it under emulation (``chroot``: qemu's
user mode through binfmt_misc); the same seeds giving the same moves on both architectures
(``moves``); and the whole board in one emulated machine (``system``: qemu-system-aarch64 booting
that root filesystem with Debian's kernel, its touch board the emulated Pico on an emulated
serial line, its LEDs seen through the network LED backend)."""
