"""Finding and reading profile files: by name from the reference builds in ``wiring/``, or by
path for a maker's own build."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from controller.profile.model import Profile
from controller.profile.parse import ProfileError, parse_profile

DEFAULT_PROFILE = "kaskade-8x8"


def profile_names() -> list[str]:
    """The reference builds shipped in ``wiring/``, by name."""
    return sorted(entry.name[: -len(".toml")] for entry in resources.files("wiring").iterdir()
                  if entry.name.endswith(".toml"))


def load_profile(name: str) -> Profile:
    """The profile called ``name`` (a reference build such as ``kaskade-8x8``) or stored at the
    path ``name`` (anything with a ``/`` or ending in ``.toml``). Raises :class:`ProfileError`
    naming the file, the key and the reason."""
    if "/" in name or name.endswith(".toml"):
        path = Path(name)
        source = str(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise ProfileError(source, [("(file)", error.strerror or str(error))]) from None
    else:
        source = f"wiring/{name}.toml"
        entry = resources.files("wiring").joinpath(f"{name}.toml")
        if not entry.is_file():
            known = ", ".join(profile_names())
            raise ProfileError(source, [("(name)", f"no such profile; the reference builds are "
                                         f"{known}, or give the path of a .toml file")])
        data = entry.read_bytes()
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ProfileError(source, [("(file)", f"not UTF-8 text ({error.reason})")]) from None
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(source, [("(syntax)", str(error))]) from None
    except RecursionError:
        raise ProfileError(source, [("(syntax)", "nested too deep to be a profile")]) from None
    return parse_profile(document, source)
