"""Every example in README.md and docs/*.md runs as written and shows what it prints, so none can go stale:
``doc_examples.py`` says what each fenced block is; a block that is no example must say so (```text, or
``<!-- example: not run — REASON -->``), and one that is neither fails here.

- Python blocks run against the real server (URL as first argument) and print the output block after them.
- Commands (``$ touchbridge …`` transcripts, ``sh`` blocks of ``touchbridge`` commands) run with the debug binary in
  a directory that links the checkout's top-level entries, plus the files the document has the reader save and the
  ``FIXTURES`` below; their standard output is compared with what the document shows. Nothing is normalised: the
  commands are deterministic (replay, drive, lint, what-if and flake on committed files, manual clock). What the
  document leaves out it writes as ``…``: a line that is only ``…`` stands for any lines, a ``…`` inside a line for
  any text on that line. Without shown output a command must exit 0; ``> FILE`` at a command's end writes its output to
  FILE for the commands after it.
- Exchanges (``→`` sent, ``←`` received, in order) are played against a server, each ``←`` compared as above.
- Synopses: every subcommand and ``--option`` they name is in that subcommand's ``--help``.
- JSON: scripts are driven (exit 0); script steps one a line are driven as one script on transform-image, and each
  must be read and reported (gestures ok; an expectation may fail, but never as an unreadable step); scenes are
  validated against docs/scene.schema.json and loaded by the server (test_scene_schema.py); client messages are
  sent to a server, which must read them (no ``bad-json``, ``unknown-type``, ``schema``, ``limit``, ``unknown-scene``);
  samples of server messages have only fields the real ones have (values differ from session to session).
- Swift: the checked-in ``Tests/DocExampleTests`` are exactly what ``doc_examples.py --write`` generates (the build
  compiles them, ``swift test`` runs their tests); a manifest is evaluated with ``swift package dump-package``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import websockets

import conftest
import doc_examples
from conftest import ROOT, ServerProcess

EXAMPLES = doc_examples.examples()
READ_ERRORS = {"bad-json", "unknown-type", "schema", "limit", "unsupported-protocol", "unknown-scene"}


def recording_with_the_first_tap_moved(directory: Path) -> None:
    """docs/scripting.md §5's ``moved-tap.jsonl``: single-double-tap.jsonl, its first tap moved from x 97.5 to x 300."""
    original = (ROOT / "Tests" / "recordings" / "single-double-tap.jsonl").read_text()
    (directory / "moved-tap.jsonl").write_text(original.replace('\\"x\\":97.5', '\\"x\\":300', 1))


# Files a document's commands use that the document does not spell out (each says how it is made).
FIXTURES = {"moved-tap.jsonl": recording_with_the_first_tap_moved}


def of_kind(*kinds: str) -> list:
    return [pytest.param(e, id=e.where) for e in EXAMPLES if e.kind in kinds and not e.problem]


def matches(shown: str, printed: str) -> bool:
    """``printed`` is ``shown`` where a line that is only ``…`` stands for any lines and ``…`` in a line for any text."""
    pattern = ""
    for line in shown.splitlines(keepends=True):
        if line.strip() == "…":
            pattern += r"(?:.*\n)*?"
        else:
            pattern += "[^\n]*?".join(re.escape(part) for part in line.split("…"))
    return re.fullmatch(pattern, printed) is not None


@pytest.fixture(scope="module")
def ws_url():
    server = ServerProcess()
    server.start()
    yield server.ws_url
    server.stop()


def test_every_block_is_an_example_or_says_it_is_not():
    problems = [f"{e.where}: {e.problem}" for e in EXAMPLES if e.problem]
    assert not problems, "\n".join(problems)
    kinds = {e.kind for e in EXAMPLES}
    assert {"python", "commands", "exchange", "synopsis", "saved", "script", "steps", "scene", "message",
            "server-message", "swift", "manifest"} <= kinds, kinds


def test_what_a_document_saves_its_commands_use():
    for example in EXAMPLES:
        if example.kind == "saved":
            name = doc_examples.SAVE_AS.search(example.block.before).group(1)
            users = [e for e in EXAMPLES if name in e.saves and any(name in c.argv for c in e.commands)]
            assert users, f"{example.where}: saved as {name}, but no command of the document uses it"


@pytest.mark.parametrize("example", of_kind("python"))
def test_a_python_example_runs_as_shown(ws_url, example, monkeypatch):
    # In this process, as `python example.py URL` would run it (a fresh interpreter per example costs seconds).
    monkeypatch.setattr(sys, "argv", [example.where, ws_url])
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(example.block.code, example.where, "exec"), {"__name__": "__main__"})
    if example.shown is not None:
        assert matches(example.shown, output.getvalue()), \
            f"{example.where} printed:\n{output.getvalue()}\nbut the document shows:\n{example.shown}"


def workdir(tmp_path: Path, example) -> Path:
    """The checkout's top-level entries, the files the document had the reader save, and the fixtures."""
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (tmp_path / entry.name).symlink_to(entry)
    for name, text in example.saves.items():
        (tmp_path / name).write_text(text)
    for name, make in FIXTURES.items():
        if any(name in command.argv for command in example.commands):
            make(tmp_path)
    return tmp_path


def touchbridge(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Runs a documented command; `> FILE` at its end writes its standard output to FILE (a later command reads it)."""
    redirect = argv[-1] if len(argv) > 2 and argv[-2] == ">" else None
    result = subprocess.run([str(conftest.SERVER_BIN), *argv[1:len(argv) - (2 if redirect else 0)]], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    if redirect:
        assert "/" not in redirect, f"{redirect}: the work directory links the checkout; write beside it"
        (cwd / redirect).write_text(result.stdout)
        result.stdout = ""
    return result


@pytest.mark.parametrize("example", of_kind("commands"))
def test_a_command_prints_what_the_document_shows(tmp_path, example):
    cwd = workdir(tmp_path, example)
    status = None
    for command in example.commands:
        if command.argv == ["echo", "$?"]:
            printed, status = f"{status}\n", 0
        else:
            result = touchbridge(command.argv, cwd)
            printed, status = result.stdout, result.returncode
            if command.shown is None:
                assert status == 0, f"{example.where}: {' '.join(command.argv)} exited {status}:\n{result.stdout}{result.stderr}"
        if command.shown is not None:
            assert matches(command.shown, printed), \
                f"{example.where}: `{' '.join(command.argv)}` printed:\n{printed}\nbut the document shows:\n{command.shown}"


def test_the_first_script_exits_1_and_passes_once_corrected(tmp_path):
    # docs/scripting.md §1, after its output: "The exit status is 1. Change the expected transform to [2, 0, 0, 2, 0, 0],
    # run again: PASS, exit status 0."
    example = next(e for e in EXAMPLES if "my-first.json" in e.saves and e.commands)
    cwd = workdir(tmp_path, example)
    assert touchbridge(example.commands[0].argv, cwd).returncode == 1
    script = cwd / "my-first.json"
    script.write_text(script.read_text().replace("[3, 0, 0, 3, 0, 0]", "[2, 0, 0, 2, 0, 0]"))
    corrected = touchbridge(example.commands[0].argv, cwd)
    assert corrected.returncode == 0 and "PASS my-first.json" in corrected.stdout, corrected.stdout


@pytest.mark.parametrize("example", of_kind("synopsis"))
def test_a_synopsis_names_real_commands_and_options(example):
    for command in example.commands:
        subcommand = command.argv[1]
        result = touchbridge(["touchbridge", subcommand, "--help"], ROOT)
        assert result.returncode == 0, f"{example.where}: no command {subcommand}: {result.stderr}"
        options = {re.sub(r"[\[\]]|=.*", "", word) for word in command.argv if word.lstrip("[").startswith("--")}
        missing = sorted(option for option in options if option not in result.stdout)
        assert not missing, f"{example.where}: `touchbridge {subcommand}` has no {missing}"


def drive(tmp_path: Path, script: dict) -> subprocess.CompletedProcess:
    (tmp_path / "example.json").write_text(json.dumps(script))
    return touchbridge(["touchbridge", "drive", "example.json"], tmp_path)


@pytest.mark.parametrize("example", of_kind("script"))
def test_a_script_drives_and_passes(tmp_path, example):
    result = drive(tmp_path, json.loads(example.block.code))
    assert result.returncode == 0, f"{example.where}:\n{result.stdout}{result.stderr}"


@pytest.mark.parametrize("example", of_kind("steps"))
def test_script_steps_are_read_and_run(tmp_path, example):
    steps = doc_examples.json_values(example.block.code)
    result = drive(tmp_path, {"scene": "transform-image", "steps": steps})
    reported = [line for line in result.stdout.splitlines() if re.match(r"  (ok  |FAIL) ", line)]
    # A script with a step drive cannot read is refused whole, before its scene line: no step is reported.
    assert len(reported) == len(steps) + 1, f"{example.where}: every step is read and reported:\n{result.stdout}"
    for step, line in zip(steps, reported[1:]):
        if "gesture" in step:
            assert line.startswith("  ok "), f"{example.where}: {step}\n{result.stdout}"


async def read_messages(url: str, messages: list[dict]) -> list[dict]:
    """Sends the messages (after a manual-clock hello unless the first is a hello) and returns the errors."""
    errors = []
    async with websockets.connect(url, subprotocols=["touchbridge.v1"]) as ws:
        if messages[0]["type"] != "hello":
            messages = [{"type": "hello", "protocol": 1, "role": "device", "scene": "transform-image",
                         "viewport": {"width": 400, "height": 800, "scale": 2}, "clock": "manual"}, *messages]
        await ws.send(json.dumps(messages[0]))
        joined = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if joined["type"] == "error":
            return [joined]
        for message in [*messages[1:], {"type": "ping", "id": -1}]:
            await ws.send(json.dumps(message))
        while True:
            reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if reply["type"] == "error":
                errors.append(reply)
            if reply["type"] == "pong" and reply.get("id") == -1:
                return errors


@pytest.mark.parametrize("example", of_kind("message"))
def test_a_client_message_is_read_by_the_server(ws_url, example):
    errors = asyncio.run(read_messages(ws_url, doc_examples.json_values(example.block.code)))
    unread = [e for e in errors if e["code"] in READ_ERRORS]
    assert not unread, f"{example.where}: {unread}"


async def real_server_messages(url: str) -> list[dict]:
    """A welcome, a full and a partial render, events, a schema error and a pong from a real session."""
    finger = {"pointerType": "touch", "y": 400}
    messages = [
        {"type": "hello", "protocol": 1, "role": "device", "scene": "transform-image",
         "viewport": {"width": 390, "height": 844, "scale": 3}, "clock": "client", "t": 15234.5},
        {"type": "input", "seq": 1, "pointers": [{**finger, "id": 1, "phase": "down", "x": 150, "t": 16000},
                                                 {**finger, "id": 2, "phase": "down", "x": 250, "t": 16000}]},
        {"type": "input", "seq": 2, "pointers": [{**finger, "id": 1, "phase": "move", "x": 130, "t": 16016},
                                                 {**finger, "id": 2, "phase": "move", "x": 270, "t": 16016}]},
        {"type": "input", "seq": 3, "pointers": [{**finger, "id": 1, "phase": "press", "x": 130, "t": 16032}]},
        {"type": "ping", "id": 42}]
    received = []
    async with websockets.connect(url, subprotocols=["touchbridge.v1"]) as ws:
        for message in messages:
            await ws.send(json.dumps(message))
        while not received or received[-1]["type"] != "pong":
            received.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
    return received


def fits(shown, real) -> bool:
    """Every field ``shown`` has, ``real`` has too, at every depth; each object of a shown array fits one of the real
    array's. Values are not compared (they differ from session to session)."""
    if isinstance(shown, dict):
        return isinstance(real, dict) and all(key in real and fits(value, real[key]) for key, value in shown.items())
    if isinstance(shown, list):
        return isinstance(real, list) and all(any(fits(item, candidate) for candidate in real) for item in shown)
    return True


@pytest.mark.parametrize("example", of_kind("server-message"))
def test_a_server_message_sample_has_only_real_fields(ws_url, example):
    real = asyncio.run(real_server_messages(ws_url))
    for sample in doc_examples.json_values(example.block.code):
        same_kind = [m for m in real if m["type"] == sample["type"] and m.get("full") == sample.get("full")]
        assert same_kind and any(fits(sample, m) for m in same_kind), \
            f"{example.where}: {json.dumps(sample)[:300]}\nhas a field no real {sample['type']} has: {same_kind}"


async def play(url: str, messages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Sends each `→` message; returns (shown, received) for each `←` one, received in order."""
    received = []
    async with websockets.connect(url, subprotocols=["touchbridge.v1"]) as ws:
        for direction, text in messages:
            if direction == "→":
                await ws.send(text)
            else:
                received.append((text, await asyncio.wait_for(ws.recv(), 30)))
    return received


@pytest.mark.parametrize("example", of_kind("exchange"))
def test_an_exchange_is_what_the_server_answers(ws_url, example):
    for shown, received in asyncio.run(play(ws_url, doc_examples.exchange(example.block.code))):
        assert matches(shown + "\n", received + "\n"), f"{example.where}: the server sent\n{received}\nwhere the document shows\n{shown}"


def test_the_swift_examples_are_generated_from_the_documents():
    wanted = doc_examples.swift_files()
    present = {path.name: path.read_text() for path in doc_examples.SWIFT_TARGET.glob("*.swift")}
    assert present == wanted, "run `python3 Tests/e2e/doc_examples.py --write` and commit Tests/DocExampleTests"
    assert len(wanted) >= 6


@pytest.mark.parametrize("example", of_kind("manifest"))
def test_a_manifest_is_valid(tmp_path, example):
    (tmp_path / "Package.swift").write_text(example.block.code.replace("/path/to/TouchBridge", str(ROOT)))
    result = subprocess.run(["swift", "package", "dump-package"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "SWIFTPM_DISABLE_SANDBOX": "1"})
    assert result.returncode == 0, result.stderr
    # Every product it takes from TouchBridge is one TouchBridge has (a target that is not a product cannot be used).
    products = set(re.findall(r'\.(?:library|executable)\(name: "(\w+)"', (ROOT / "Package.swift").read_text()))
    used = [dependency["product"][0] for target in json.loads(result.stdout)["targets"]
            for dependency in target["dependencies"] if "product" in dependency and dependency["product"][1] == "TouchBridge"]
    assert used and set(used) <= products, (used, products)
