"""Every Python example in README.md and docs/*.md runs against the real server as written, and prints what the
document shows after it; so does the first script of docs/scripting.md with ``touchbridge drive``.

An example is a ```python block; it takes the server's WebSocket URL as its first argument. When the next block
of the document starts with ``$ python``, the lines after that first one are the example's exact output.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys

import pytest

import conftest
from conftest import ROOT, ServerProcess

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.S | re.M)


def examples() -> list[tuple[str, str, str | None]]:
    """(document:line, code, shown output or None) for every Python block."""
    found = []
    for document in DOCUMENTS:
        text = document.read_text()
        blocks = list(BLOCK.finditer(text))
        for index, block in enumerate(blocks):
            if block.group(1) != "python":
                continue
            shown = None
            if index + 1 < len(blocks) and blocks[index + 1].group(2).startswith("$ python"):
                shown = blocks[index + 1].group(2).split("\n", 1)[1]
            line = text.count("\n", 0, block.start()) + 1
            found.append((f"{document.relative_to(ROOT)}:{line}", block.group(2), shown))
    return found


EXAMPLES = examples()


@pytest.fixture(scope="module")
def ws_url():
    server = ServerProcess()
    server.start()
    yield server.ws_url
    server.stop()


def test_the_documents_have_python_examples():
    assert len(EXAMPLES) >= 6, [where for where, _, _ in EXAMPLES]


@pytest.mark.parametrize("where,code,shown", EXAMPLES, ids=[where for where, _, _ in EXAMPLES])
def test_a_python_example_runs_as_shown(ws_url, where, code, shown, monkeypatch):
    # In this process, as `python example.py URL` would run it (a fresh interpreter per example costs seconds).
    monkeypatch.setattr(sys, "argv", [where, ws_url])
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, where, "exec"), {"__name__": "__main__"})
    if shown is not None:
        assert output.getvalue() == shown, f"{where} printed:\n{output.getvalue()}\nbut the document shows:\n{shown}"


def test_the_first_script_of_the_scripting_guide_prints_what_it_shows(tmp_path):
    # docs/scripting.md §1: save the JSON block as my-first.json, run `touchbridge drive my-first.json`, get the
    # output block after it, byte for byte, and exit status 1.
    text = (ROOT / "docs" / "scripting.md").read_text()
    section = text[text.index("Save this as `my-first.json`"):]
    blocks = BLOCK.findall(section)
    assert blocks[0][0] == "json" and blocks[1] == ("sh", ".build/debug/touchbridge drive my-first.json\n"), blocks[:2]
    (tmp_path / "my-first.json").write_text(blocks[0][1])
    result = subprocess.run([str(conftest.SERVER_BIN), "drive", "my-first.json"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 1
    assert result.stdout == blocks[2][1], f"drive printed:\n{result.stdout}\nbut the guide shows:\n{blocks[2][1]}"
