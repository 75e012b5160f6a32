"""Running the web page's scripts under node, as the page runs them in a browser: classic
scripts in one global scope, then a test's own script that reads ``INPUT`` and sets ``OUTPUT``
(both JSON). Node is in every CI run (``.ci/run``); without it a test fails in CI and is skipped
elsewhere, saying so."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import controller.web

PAGE = Path(controller.web.__file__).parent / "page"
RUNNER = """
const fs = require("fs"), vm = require("vm");
globalThis.INPUT = JSON.parse(fs.readFileSync(0, "utf8"));
const [script, ...files] = process.argv.slice(1);
for (const file of files) vm.runInThisContext(fs.readFileSync(file, "utf8"), { filename: file });
vm.runInThisContext(script, { filename: "test" });
process.stdout.write(JSON.stringify(globalThis.OUTPUT));
"""


def run_page_js(files: list[str], script: str, data: Any, timeout: float = 120) -> Any:
    """``script`` run after the page's ``files`` (names in the page's folder) with ``data`` as
    ``INPUT``; its ``OUTPUT``."""
    node = shutil.which("node")
    if node is None:
        message = "node is not installed (Debian: nodejs)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    result = subprocess.run(
        [node, "-e", RUNNER, "--", script, *(str(PAGE / name) for name in files)],
        input=json.dumps(data), capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
