"""Which firmware this is: its version and a hash of its files.

The hash is what the Pi compares to decide whether the board runs the firmware it bundles: the
first 8 hex digits of SHA-256 over every ``.py`` and ``.mpy`` file of the firmware, in sorted
order of their paths, each as its path, a zero byte, its length in decimal, a zero byte and its
bytes. The same function computes it on the board and on the Pi.
"""

import hashlib
import os

from firmware.port import const

VERSION = "0.7.0"
_CHUNK = const(512)


def _files(root, prefix=""):
    found = []
    for name in sorted(os.listdir(root + prefix)):
        path = prefix + "/" + name
        if os.stat(root + path)[0] & 0x4000:  # a directory
            if name != "__pycache__":
                found.extend(_files(root, path))
        elif name.endswith(".py") or name.endswith(".mpy"):
            found.append(path)
    return found


def content_hash(root):
    """The content hash of the firmware in directory ``root``."""
    digest = hashlib.sha256()
    buffer = bytearray(_CHUNK)
    for path in _files(root):
        size = os.stat(root + path)[6]
        digest.update(path[1:].encode())
        digest.update(b"\0")
        digest.update(str(size).encode())
        digest.update(b"\0")
        with open(root + path, "rb") as file:
            while True:
                count = file.readinto(buffer)
                if not count:
                    break
                digest.update(buffer[:count])
    return "".join(f"{byte:02X}" for byte in digest.digest()[:4])
