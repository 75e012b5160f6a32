"""The layers point one way (``../shared/DESIGN.md``, principles 1 and 6; docs/architecture.md),
checked on every import statement of every module, also the ones inside functions, on every
``import_module`` call with a written name, and on every string that names a module of this
project (``"hw.board:pi_board"``: what a registry or a composition root imports later).

* The core is pure: ``controller.games`` and ``controller.render`` import only the standard
  library and the pure parts of this package, and none of the standard modules that reach files,
  sockets, processes, clocks or global randomness.
* Each other part imports only the parts below it (contracts in the spirit of import-linter's):
  the app never a backend, a backend never the app or the drawing code, the firmware only what
  MicroPython has; the runners (``controller.cli``, ``controller.bench``, the simulator's front
  ends) assemble everything and may import anything.
* The folders of ``hw`` do not import each other in a circle.
* The screens see the app only as their host (``controller/app/host.py``): nothing on the
  screens' side imports the app or a module that leads to it, so the app's modules import
  one another in no circle.
* The edges (the web companion, remote play, the runners, the simulator) drive the app by its
  commands (``new_game``, ``continue_waiting``, ``change_settings``, ``play_move``, ``resign``,
  ``show``, …): none writes an attribute or an item of the app or of what it holds — a
  session, a screen, the settings, the store — whatever name holds it (``app.screen = …``,
  ``session.tags["Id"] = …``, ``setattr(app.settings, …)``, ``app.notices.append(…)``).
"""

from __future__ import annotations

import ast
import re
import sys
import sysconfig
from importlib.util import find_spec
from pathlib import Path

import pytest

import controller

ROOT = Path(controller.__file__).parent.parent
OWN = {"controller"}
PICTURES = ("controller.render", "controller.games", "controller.profile.model",
            "controller.errors", "controller.devices.frame")
"""What a picture may import: pure drawing, the rules, the board's shape."""
PURE = {
    "controller/games": ("controller.games", "controller.errors"),
    "controller/render": PICTURES,
    # a game's face: its picture, its words and text board, its lesson, and what a face's
    # set-up and text are, are pure (its screen and the face itself belong to the app's side)
    "controller/faces/setup.py": (),
    "controller/faces/text.py": ("controller.games",),
    "controller/faces/*/picture.py": PICTURES,
    "controller/faces/*/animation.py": PICTURES,
    "controller/faces/*/text.py": ("controller.games", "controller.faces.text"),
    "controller/faces/*/lesson.py": ("controller.games",),
}
"""The pure parts (folders, modules, or modules matched by a pattern) and what of this project
each may import."""
NAMED_ONLY = {"controller/games/registry.py": ("controller.faces",)}
"""Modules a pure part may name in a string without importing them: the registry's entries
name each game's face, which the app imports (the registry never does)."""
FORBIDDEN = {
    "os", "io", "pathlib", "shutil", "tempfile", "glob", "socket", "ssl", "select", "selectors",
    "asyncio", "subprocess", "threading", "multiprocessing", "signal", "time", "datetime",
    "random", "secrets", "sqlite3", "urllib", "http", "logging", "builtins", "ctypes",
}
STDLIB = Path(sysconfig.get_paths()["stdlib"]).resolve()


PACKAGE_ROOTS = ("controller", "hw", "sim", "firmware", "wiring")
TARGET = re.compile(r"(?P<module>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?::[A-Za-z_]\w*)?")
"""A string naming a module, maybe with a name in it: ``hw.board`` or ``hw.board:pi_board``."""


def imported_modules(path: Path, root: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in ``path``: the statements, ``import_module`` calls
    with a written name, and every string naming a module of this project under ``root``
    (``"hw.board:pi_board"``: what a registry or a composition root imports later, by name).
    Calls to ``open`` and ``__import__`` come as ``<call to …>``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: use absolute imports"
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("open", "__import__"):
            found.append((node.lineno, f"<call to {node.func.id}>"))
        elif isinstance(node, ast.Call) and _calls_import_module(node) and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.append((node.lineno, node.args[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            target = named_module(node.value, root)
            if target is not None:
                found.append((node.lineno, target))
    return sorted(set(found))


def named_in_strings(path: Path, root: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every string in ``path`` naming a module of this project."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.lineno, target) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and (target := named_module(node.value, root)) is not None]


def _calls_import_module(call: ast.Call) -> bool:
    """Whether ``call`` is ``import_module(…)`` or ``importlib.import_module(…)``."""
    return "import_module" in (getattr(call.func, "id", ""), getattr(call.func, "attr", ""))


def named_module(text: str, root: Path) -> str | None:
    """The module of this project under ``root`` that ``text`` names, if it names one."""
    match = TARGET.fullmatch(text)
    if match is None or match["module"].split(".")[0] not in PACKAGE_ROOTS:
        return None
    module = root.joinpath(*match["module"].split("."))
    if module.with_suffix(".py").is_file() or (module / "__init__.py").is_file():
        return match["module"]
    return None


def is_standard_library(name: str) -> bool:
    top = name.split(".", maxsplit=1)[0]
    if top in sys.builtin_module_names or top == "__future__":
        return True
    spec = find_spec(top)
    if spec is None or spec.origin in (None, "frozen", "built-in"):
        return spec is not None
    origin = Path(spec.origin).resolve()
    return STDLIB in origin.parents and "site-packages" not in origin.parts


def pure_files(root: Path, where: str) -> list[Path]:
    """The modules ``where`` names under ``root``: a folder's, a module, or a pattern's."""
    if "*" in where:
        return sorted(root.glob(where))
    target = root / where
    return [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))


def problems_in(path: Path, root: Path,
                allowed: tuple[str, ...] = PURE["controller/games"]) -> list[str]:
    problems = []
    named = NAMED_ONLY.get(path.relative_to(root).as_posix(), ()) if path.is_relative_to(root) \
        else ()
    strings = {line for line, _ in named_in_strings(path, root)}
    for line, name in imported_modules(path, root):
        if line in strings and any(name == ok or name.startswith(ok + ".") for ok in named):
            continue
        top = name.split(".")[0]
        where = f"{path.relative_to(root)}:{line}"
        if name.startswith("<call"):
            problems.append(f"{where}: {name}")
        elif top in OWN:
            if not any(name == own or name.startswith(own + ".") for own in allowed):
                problems.append(f"{where}: imports {name}, outside the pure core")
        elif top in FORBIDDEN:
            problems.append(f"{where}: imports {name}, which reaches the outside world")
        elif not is_standard_library(name):
            problems.append(f"{where}: imports {name}, not in the standard library")
    return problems


@pytest.mark.parametrize("package", sorted(PURE))
def test_the_pure_parts_import_only_the_standard_library_and_pure_code(package):
    files = pure_files(ROOT, package)
    assert files, "the scan found the part's modules"
    problems = [p for path in files for p in problems_in(path, ROOT, PURE[package])]
    assert problems == []


def test_the_registry_names_the_faces_but_imports_none(tmp_path):
    """A string naming a face is the registry's entry; an import of one is not allowed."""
    registry = tmp_path / "controller/games/registry.py"
    registry.parent.mkdir(parents=True)
    (tmp_path / "controller/faces/kaskade").mkdir(parents=True)
    (tmp_path / "controller/faces/kaskade/__init__.py").write_text("")
    registry.write_text('FACE = "controller.faces.kaskade:FACE"\n'
                        "from controller.faces import kaskade\n")
    assert [p.split(":")[1] for p in problems_in(registry, tmp_path)] == ["2"]


def test_the_check_catches_each_kind_of_impurity(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import os\nfrom time import monotonic\nimport hypothesis\n"
        "from controller.app import storage\nimport random\ndata = open('x')\n"
        "from collections import Counter\nfrom controller.games.base import Event\n"
    )
    found = problems_in(bad, tmp_path)
    assert [p.split(":")[1] for p in found] == ["1", "2", "3", "4", "5", "6"]


def test_the_check_itself_tells_standard_from_third_party_modules():
    assert is_standard_library("collections.abc")
    assert is_standard_library("re")
    assert not is_standard_library("hypothesis")
    assert not is_standard_library("pytest")


# -- the layers above the pure core ------------------------------------------------------------

CONTRACTS: dict[str, tuple[str, ...]] = {
    # where (a folder or a module): the parts of this project it may import
    "controller/app": ("controller.app", "controller.games", "controller.render", "controller.ai",
                       "controller.devices", "controller.profile", "controller.errors",
                       "controller.faces.face", "controller.faces.setup",
                       "controller.faces.text"),
    # a game's face: its screen is made with the app as its host, like every screen
    "controller/faces": ("controller.faces", "controller.app.screens", "controller.app.host",
                         "controller.app.session", "controller.games", "controller.render",
                         "controller.devices.interfaces", "controller.profile",
                         "controller.errors"),
    "controller/ai": ("controller.ai", "controller.games", "controller.errors"),
    # the web companion follows the app through its bridge, as a front end does; it never
    # reaches a backend
    "controller/web": ("controller.web", "controller.app", "controller.faces", "controller.games",
                       "controller.render", "controller.devices.interfaces",
                       "controller.devices.firmware", "controller.profile", "controller.errors"),
    # remote play follows the app as the web companion does; what the boards say, the dice
    # and the game as both logs tell it are pure (the rules and the project's errors only)
    "controller/remote": ("controller.remote", "controller.app", "controller.faces",
                          "controller.games",
                          "controller.render", "controller.devices.interfaces",
                          "controller.devices.firmware", "controller.errors"),
    "controller/remote/messages.py": ("controller.errors",),
    "controller/remote/chance.py": ("controller.remote.messages", "controller.errors"),
    "controller/remote/table.py": ("controller.remote", "controller.games", "controller.errors"),
    "controller/devices": ("controller.devices", "controller.profile", "controller.errors",
                           "firmware.identity", "firmware.pads"),
    "controller/profile": ("controller.profile", "controller.games.algebraic",
                           "controller.errors", "firmware.sensors"),
    "hw": ("hw", "controller.devices", "controller.profile", "controller.errors", "firmware"),
    "wiring": ("wiring", "controller.profile", "controller.errors"),
    "firmware": ("firmware",),
    # the simulator's backends: the same interfaces as hw, virtual (its front ends, window.py,
    # terminal.py and headless.py, are runners); the touch board names its pads as cells
    "sim/touch_board": ("sim.touch_board", "controller.profile", "controller.errors", "firmware",
                        "controller.games.algebraic"),
    "sim/board.py": ("sim", "hw.touch", "hw.flash", "controller.devices", "controller.profile",
                     "controller.errors"),
    "sim/leds.py": ("sim", "controller.devices", "controller.profile", "controller.render.color"),
    "sim/front/raster.py": ("sim", "controller.profile", "controller.render.color"),
    "sim/front/png.py": ("sim",),
    "sim/front/script.py": ("sim", "controller.games.algebraic", "controller.errors",
                            "controller.profile", "controller.devices"),
    "sim/micropython/board.py": ("sim", "controller.errors"),
    "sim/micropython/interpreter.py": ("sim", "controller.errors"),
}
"""What each part may import of this project. Not listed, and so free: ``controller/cli``,
``controller/bench`` and the simulator's other front ends (``sim/front``: the window, the
terminal, the headless runner) — the runners that put the parts together (the design's one
place where everything meets)."""
MICROPYTHON = {"micropython", "machine", "gc", "sys", "os", "json", "array", "select", "time",
               "hashlib", "binascii", "io", "struct", "errno", "collections", "math", "rp2",
               "__future__"}
"""What the firmware may import besides itself: modules MicroPython has."""


def own_imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of this project's packages in ``path``, but for the
    package ``controller`` itself, which holds only the version and is free to all."""
    return [(line, name) for line, name in imported_modules(path, root)
            if name.split(".")[0] in PACKAGE_ROOTS and name != "controller"]


def contract_problems(root: Path, contracts: dict[str, tuple[str, ...]]) -> list[str]:
    """Every import that breaks a contract, as ``file:line: imports X``."""
    problems = []
    for where, allowed in contracts.items():
        target = root / where
        files = [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))
        for path in (path for path in files if path.exists()):
            for line, name in own_imports(path, root):
                if not any(name == ok or name.startswith(ok + ".") for ok in allowed):
                    problems.append(f"{path.relative_to(root)}:{line}: imports {name}, which "
                                    f"{where} may not")
    return problems


def firmware_problems(root: Path) -> list[str]:
    problems = []
    for path in sorted((root / "firmware").rglob("*.py")):
        for line, name in imported_modules(path, root):
            top = name.split(".")[0]
            if top != "firmware" and top not in MICROPYTHON and not name.startswith("<call"):
                problems.append(f"{path.relative_to(root)}:{line}: imports {name}, which "
                                "MicroPython does not have")
    return problems


def hw_cycles(root: Path) -> list[list[str]]:
    """Circles among the folders of ``hw`` (``touch`` imports ``flash`` imports ``touch``)."""
    folders = sorted(p.name for p in (root / "hw").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    edges: dict[str, set[str]] = {folder: set() for folder in folders}
    for folder in folders:
        for path in (root / "hw" / folder).rglob("*.py"):
            for _, name in own_imports(path, root):
                parts = name.split(".")
                if parts[0] == "hw" and len(parts) > 1 and parts[1] in edges and \
                        parts[1] != folder:
                    edges[folder].add(parts[1])
    cycles = []

    def walk(node: str, path: list[str]) -> None:
        for following in sorted(edges[node]):
            if following in path:
                cycles.append([*path[path.index(following):], following])
            else:
                walk(following, [*path, following])

    for folder in folders:
        walk(folder, [folder])
    return cycles


SCREENS_SIDE = ("controller/app/screens", "controller/app/host.py", "controller/faces",
                "controller/app/description.py", "controller/remote/screen.py")
"""What the app imports to show and describe its screens: below the app, so it may not reach
``controller.app.app`` (a screen asks its host instead)."""


def module_name(path: Path, root: Path) -> str:
    """``controller.app.screens.home`` for ``controller/app/screens/home.py`` under ``root``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def app_imports(root: Path) -> dict[str, set[str]]:
    """Each module of ``controller/app`` under ``root``, with the modules of it that it
    imports (type-checking imports too: they tie the modules together all the same)."""
    modules = {module_name(path, root): path
               for path in sorted((root / "controller/app").rglob("*.py"))}
    return {name: {imported for _, imported in own_imports(path, root)
                   if imported in modules and imported != name}
            for name, path in modules.items()}


def leading_to_the_app(root: Path) -> set[str]:
    """``controller.app.app`` and every module of ``controller/app`` that imports it, directly
    or through others."""
    edges = app_imports(root)
    found = {"controller.app.app"}
    while True:
        more = {name for name, imported in edges.items() if imported & found} - found
        if not more:
            return found
        found |= more


def screen_side_problems(root: Path) -> list[str]:
    """Every import on the screens' side of a module that leads to the app."""
    above = leading_to_the_app(root)
    problems = []
    for where in SCREENS_SIDE:
        target = root / where
        files = [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))
        for path in (path for path in files if path.exists()):
            problems += [f"{path.relative_to(root)}:{line}: imports {name}, which leads to "
                         "the app (a screen asks its host)"
                         for line, name in own_imports(path, root) if name in above]
    return problems


def app_cycles(root: Path) -> list[list[str]]:
    """Circles among the modules of ``controller/app``, each from its smallest name."""
    edges = app_imports(root)
    cycles = []

    def walk(node: str, path: list[str]) -> None:
        for following in sorted(edges[node]):
            if following == path[0]:
                cycles.append([*path, following])
            elif following not in path and following > path[0]:
                walk(following, [*path, following])

    for module in sorted(edges):
        walk(module, [module])
    return cycles


FRONT_ENDS = ("controller/web", "controller/cli", "controller/bench", "controller/remote", "sim")
"""The edges: what drives the app from outside (the web companion, remote play and Home
Assistant, the runners, the simulator)."""
APP_NAMES = frozenset({"app", "session", "screen", "settings", "store", "autosave", "history",
                       "pairing", "parked", "announcer", "firmware_update", "readings",
                       "notices", "restarts", "remote"})
"""Names under which the edges hold the app and what it holds; a name assigned in a function
counts by what is assigned to it, an annotated parameter by its annotation."""
APP_TYPES = frozenset({"App", "Session", "Screen", "GameScreen", "PausableScreen",
                       "LessonScreen", "RemoteScreen", "Settings", "SettingsFile", "Store",
                       "Autosave", "History", "Pairing", "ParkedGames", "Announcer",
                       "FirmwareUpdate", "LiveReadings", "Notices", "BoardRestarts",
                       "RemoteWiring"})
"""The app's objects by their classes, as annotations name them."""
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update",
                      "setdefault", "discard", "popitem", "sort", "reverse"})
"""Methods that write into a list, dict or set (``session.tags.update(…)`` writes items)."""
Kind = bool | None
"""Whether a name holds one of the app's objects; ``None``: its annotation does not say."""


def _chain(node: ast.expr) -> tuple[ast.expr, list[str]]:
    """The root of ``a.b[c].d()`` (``a``) and the attributes along it (``b``, ``d``)."""
    attributes = []
    while True:
        if isinstance(node, ast.Attribute):
            attributes.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return node, attributes


def _names_an_app_type(annotation: ast.expr | None) -> Kind:
    """Whether an annotation names one of the app's classes (``None``: no annotation)."""
    if annotation is None:
        return None
    words = set()
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words |= set(re.findall(r"\w+", node.value))
    return bool(words & APP_TYPES)


def _local_nodes(function: ast.AST) -> list[ast.AST]:
    """The nodes of ``function``'s own body (not those of functions and classes in it)."""
    found, todo = [], list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda |
                          ast.ClassDef):
            todo.extend(ast.iter_child_nodes(node))
    return found


class _Scope:
    """What each name in a function (or a module) holds: the app's objects or not."""

    def __init__(self, node: ast.AST, outer: _Scope | None) -> None:
        self.outer = outer
        self.kinds: dict[str, Kind] = {}
        self.assigned: dict[str, list[ast.expr]] = {}
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg):
                if argument is not None:
                    self.kinds[argument.arg] = _names_an_app_type(argument.annotation)
        for child in _local_nodes(node):
            if isinstance(child, ast.Assign):
                for target in child.targets:
                    self._assign(target, child.value)
            elif isinstance(child, ast.AnnAssign) and isinstance(child.target, ast.Name):
                self.kinds[child.target.id] = _names_an_app_type(child.annotation)
            elif isinstance(child, ast.NamedExpr):
                self._assign(child.target, child.value)
            elif isinstance(child, ast.For | ast.comprehension):
                self._assign(child.target, child.iter)
            elif isinstance(child, ast.withitem) and child.optional_vars is not None:
                self._assign(child.optional_vars, child.context_expr)

    def _assign(self, target: ast.expr, value: ast.expr) -> None:
        """``target`` is bound to ``value`` (a name, or the names a tuple unpacks)."""
        if isinstance(target, ast.Name):
            self.assigned.setdefault(target.id, []).append(value)
        elif isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                self._assign(element, value)
        elif isinstance(target, ast.Starred):
            self._assign(target.value, value)

    def holds_app(self, name: str, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``name`` holds one of the app's objects here."""
        kind = self.kinds.get(name)
        if kind is not None:
            return kind
        if name in self.assigned:
            return name not in seen and any(
                self.reaches_app(value, seen | {name}) for value in self.assigned[name])
        if self.outer is not None and name not in self.kinds:
            return self.outer.holds_app(name, seen)
        return name in APP_NAMES

    def reaches_app(self, node: ast.expr, seen: frozenset[str] = frozenset()) -> bool:
        """Whether ``node`` is one of the app's objects or reached from one (``app``,
        ``self.driver.app.session``, ``app.current_game()``, ``screen.session.tags``)."""
        if isinstance(node, ast.IfExp):
            return self.reaches_app(node.body, seen) or self.reaches_app(node.orelse, seen)
        if isinstance(node, ast.BoolOp):
            return any(self.reaches_app(value, seen) for value in node.values)
        root, attributes = _chain(node)
        if APP_NAMES.intersection(attributes):
            return True
        return isinstance(root, ast.Name) and root.id != "self" and \
            self.holds_app(root.id, seen)


def _written(node: ast.AST) -> list[ast.expr]:
    """The objects ``node`` writes into: ``x`` for ``x.a = …``, ``x[k] = …``, ``x.a += …``,
    ``del x[k]``, ``setattr(x, …)``, and ``x.items`` for ``x.items.append(…)``."""
    if isinstance(node, ast.Assign | ast.Delete):
        targets = node.targets
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        targets = [node.target]
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("setattr", "delattr") \
            and node.args:
        return [node.args[0]]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr in MUTATORS and isinstance(node.func.value, ast.Attribute |
                                                      ast.Subscript):
        return [node.func.value.value]
    else:
        return []
    flat: list[ast.expr] = []
    for target in targets:
        flat += target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
    return [target.value for target in flat if isinstance(target, ast.Attribute | ast.Subscript)]


def app_writes(root: Path) -> list[str]:
    """Every place in the edges under ``root`` that writes an attribute or an item of the app
    or of what it holds — a session, a screen, the settings, the store … —, as
    ``file:line: what``. An edge's own attributes (``self.x = …``) are its own."""
    found = []
    for where in FRONT_ENDS:
        for path in sorted((root / where).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

            def visit(node: ast.AST, scope: _Scope, path: Path = path) -> None:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                        visit(child, _Scope(child, scope))
                        continue
                    line = getattr(child, "lineno", 0)
                    found.extend(f"{path.relative_to(root)}:{line}: {ast.unparse(child)}"
                                 for written in _written(child) if scope.reaches_app(written))
                    visit(child, scope)

            visit(tree, _Scope(tree, None))
    return found


def test_each_part_imports_only_the_parts_below_it():
    assert contract_problems(ROOT, CONTRACTS) == []


def test_the_firmware_imports_only_what_micropython_has():
    assert firmware_problems(ROOT) == []


def test_the_folders_of_hw_import_each_other_in_no_circle():
    assert hw_cycles(ROOT) == []


def test_the_screens_never_import_the_app():
    assert screen_side_problems(ROOT) == []


def test_the_modules_of_the_app_import_each_other_in_no_circle():
    assert app_cycles(ROOT) == []


def test_the_edges_drive_the_app_by_its_commands():
    """No edge writes into the app or what it holds: each drives it by its commands."""
    assert app_writes(ROOT) == []


def test_the_check_catches_an_edge_writing_into_the_app(tmp_path):
    """Writes into the app, a session, a screen, the settings — held under their own names,
    reached through others, assigned to a name of any kind, or annotated — are caught; an
    edge's own attributes, its own containers and the app's commands are not."""
    (tmp_path / "controller/remote").mkdir(parents=True)
    (tmp_path / "controller/remote/link.py").write_text(
        "def sync(self, app, now):\n"
        "    app.screen = app.start_game(start, {})\n"
        "    setattr(app.settings, 'sound', False)\n"
        "    self.driver.app.screen.share += 1\n"
        "    session = app.session\n"
        "    session.tags['Result'] = 'white'\n"
        "    game = app.current_game()\n"
        "    game.showing_winner = False\n"
        "    del game.session.tags['Id']\n"
        "    app.notices.append('x')\n"
        "    self.session.remote_words = ''\n"
        "    app.new_game(start, {})\n"
        "    app.play_move('1', move, now)\n"
        "    words = app.describe(now)\n"
        "    self.session = app.session\n"
        "    self.sent[3] = 'c4'\n"
        "    self.leaving.append(connection)\n"
        "    topics = [log_topic(self.settings.user)]\n"
        "    topics.append('x')\n"
        "\n"
        "\n"
        "def end(keeper: Session, web_app: Application, board: Board) -> None:\n"
        "    keeper.unsaved = True\n"
        "    web_app['routes'] = []\n"
        "    board.pixels.frames.clear()\n"
        "    app = web.Application()\n"
        "    app['key'] = 1\n")
    assert app_writes(tmp_path) == [
        "controller/remote/link.py:2: app.screen = app.start_game(start, {})",
        "controller/remote/link.py:3: setattr(app.settings, 'sound', False)",
        "controller/remote/link.py:4: self.driver.app.screen.share += 1",
        "controller/remote/link.py:6: session.tags['Result'] = 'white'",
        "controller/remote/link.py:8: game.showing_winner = False",
        "controller/remote/link.py:9: del game.session.tags['Id']",
        "controller/remote/link.py:10: app.notices.append('x')",
        "controller/remote/link.py:11: self.session.remote_words = ''",
        "controller/remote/link.py:23: keeper.unsaved = True",
    ]


def test_the_checks_catch_a_screen_importing_the_app(tmp_path):
    """A screen that imports the app — even only for its type, even through a module that
    does — is caught, and so is the circle it makes with the app that shows it."""
    (tmp_path / "controller/app/screens").mkdir(parents=True)
    (tmp_path / "controller/faces").mkdir(parents=True)
    files = {
        "controller/__init__.py": "",
        "controller/app/__init__.py": "",
        "controller/app/screens/__init__.py": "",
        "controller/app/app.py": "from controller.app.screens.home import HomeScreen\n",
        "controller/app/driver.py": "from controller.app.app import App\n",
        "controller/app/host.py": "from controller.app.session import Session\n",
        "controller/app/session.py": "",
        "controller/app/screens/home.py": "from typing import TYPE_CHECKING\n\n"
                                          "if TYPE_CHECKING:\n"
                                          "    from controller.app.app import App\n",
        "controller/app/screens/pause.py": "from controller.app.host import Host\n"
                                           "import controller.app.driver\n",
        "controller/faces/face.py": "from controller.app.host import Host\n",
        "controller/app/description.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert screen_side_problems(tmp_path) == [
        "controller/app/screens/home.py:4: imports controller.app.app, which leads to the app "
        "(a screen asks its host)",
        "controller/app/screens/pause.py:2: imports controller.app.driver, which leads to the "
        "app (a screen asks its host)",
    ]
    assert app_cycles(tmp_path) == [
        ["controller.app.app", "controller.app.screens.home", "controller.app.app"]]


def test_the_checks_catch_a_forbidden_import_and_a_circle(tmp_path):
    """The contracts are enforced: a backend importing the app, the app importing a backend,
    a circle between two folders of hw, the firmware importing what MicroPython lacks."""
    for folder in ("hw/touch", "hw/flash", "controller/app", "firmware"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "hw/touch/link.py").write_text("from controller.app.app import App\n"
                                               "from hw.flash.update import flash\n")
    (tmp_path / "hw/flash/update.py").write_text("from hw.touch.link import TouchLink\n")
    (tmp_path / "controller/app/app.py").write_text("def run():\n    import hw.board\n")
    (tmp_path / "firmware/main.py").write_text("import threading\n")
    problems = contract_problems(tmp_path, {"hw": CONTRACTS["hw"],
                                            "controller/app": CONTRACTS["controller/app"]})
    assert problems == [
        "hw/touch/link.py:1: imports controller.app.app, which hw may not",
        "controller/app/app.py:2: imports hw.board, which controller/app may not",
    ]
    assert hw_cycles(tmp_path)[0] == ["flash", "touch", "flash"]
    assert firmware_problems(tmp_path) == [
        "firmware/main.py:1: imports threading, which MicroPython does not have"]


def test_the_checks_follow_modules_named_in_strings(tmp_path):
    """A module named in a string (a registry's ``"controller.games.go:GoState"``, a backend's
    ``"hw.board:pi_board"``) or handed to ``import_module`` is imported as surely as by a
    statement, only later: the contracts hold it to its direction, upward caught, downward
    let be — whatever the file."""
    files = {
        "controller/devices/choose.py": 'BACKENDS = {"pi": "hw.board:pi_board"}\n'
                                        'NOTE = "hw.board is opened by the runners"\n'
                                        'LOG = "hw.log"\n',
        "controller/devices/load.py": "import importlib\n\n\ndef load():\n"
                                      "    return importlib.import_module('sim.board')\n",
        "controller/games/registry.py": 'GAMES = {"go": "controller.games.go:GoState"}\n',
        "controller/games/go.py": 'SCREEN = "controller.app.screens.go:GoScreen"\n',
        "hw/board.py": 'PARTS = "controller.devices.choose"\n',
        "sim/board.py": "from importlib import import_module\n\n\n"
                        "def parts():\n    return import_module('controller.devices.load')\n",
    }
    for name in ("controller/devices", "controller/games", "controller/app/screens", "hw",
                 "sim"):
        (tmp_path / name).mkdir(parents=True, exist_ok=True)
        (tmp_path / name / "__init__.py").write_text("")
    (tmp_path / "controller/app/screens/go.py").write_text("")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    problems = contract_problems(tmp_path, {"controller/devices": CONTRACTS["controller/devices"],
                                            "hw": CONTRACTS["hw"],
                                            "sim/board.py": CONTRACTS["sim/board.py"]})
    assert problems == [
        "controller/devices/choose.py:1: imports hw.board, which controller/devices may not",
        "controller/devices/load.py:5: imports sim.board, which controller/devices may not",
    ]
    games = tmp_path / "controller/games"
    assert problems_in(games / "registry.py", tmp_path) == []
    assert problems_in(games / "go.py", tmp_path) == [
        "controller/games/go.py:1: imports controller.app.screens.go, outside the pure core"]
