"""The fenced blocks of README.md and docs/*.md, each read as the example it is (test_doc_examples.py runs them).

Every block is one of these, or the test fails naming it:

- ``python``: a program taking the server's WebSocket URL as its first argument; when the next block starts with
  ``$ python``, the lines after that first line are its output.
- a *transcript*: an untagged (or ``console``) block whose first line starts with ``$ ``. Each ``$ COMMAND``
  (continued by a trailing ``\\``) is a ``touchbridge`` command; the lines after it, up to the next ``$ ``, are its
  output. ``$ echo $?`` prints the previous command's exit status.
- an *exchange*: an untagged block whose first line starts with ``→ ``: each ``→ MESSAGE`` is sent to a server, each
  ``← MESSAGE`` is the next message the server sends (``…`` for any text); indented lines continue the one before.
- ``sh``: commands, one a line. Runnable when every one is ``touchbridge`` (or ``.build/debug/touchbridge``, or
  ``scripts/run.sh``) with a command other than ``serve``; an untagged block right after it is their output.
- ``json``: a ``drive`` script (an object with ``steps`` or ``gestures``), a declarative scene (an object with
  ``views`` or ``recognizers``), script steps one a line (each an object with ``gesture`` or ``expect``), or client
  messages of the protocol (objects whose ``type`` is one, sent to a server: it must read them), or samples of what
  the server sends (``welcome``, ``render``, ``events``, ``error``, ``pong``: every field they show is one the real
  message has, at every depth).
- any block the text before it tells the reader to save (``Save this as `my-first.json` ``): written to that file for
  the document's later commands, which must use it.
- ``swift``: compiled in the ``DocExampleTests`` test target, one generated file per block (``python3
  Tests/e2e/doc_examples.py --write`` regenerates them). A block with statements at the top level is wrapped in a
  function (it is compiled, not run); a block of declarations is compiled as it is, its ``@Test``s run with the Swift
  suites. A block imports TouchBridge's products, the toolchain's modules, or a target its document's manifest declares
  (as ``MyScenesKit``; that import is left out, since the document's blocks share the target). A
  ``// swift-tools-version`` manifest is evaluated by ``swift package dump-package`` with ``/path/to/TouchBridge``
  set to the checkout, and takes only TouchBridge's products.
- ``text``: an illustration, not an example (say so by writing ``text``).

An HTML comment on the line before a block says more about it:

- ``<!-- example: not run — REASON -->``: deliberately not run (with the output block after it, if any).
- ``<!-- example: synopsis -->``: usage lines; every command and ``--option`` they name exists (``--help``).
- ``<!-- example: compile only — REASON -->``: Swift compiled, its ``@Test``s disabled with that reason.
- ``<!-- example: given SWIFT -->``: Swift declarations the block takes as the reader's own (``KnobViewController``),
  compiled with it.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.S | re.M)
MARKER = re.compile(r"<!-- example: (.*?) -->\s*\Z", re.S)
SAVE_AS = re.compile(r"[Ss]ave (?:this|it) as `([\w.-]+)`")
# `scripts/run.sh ARGS` is `touchbridge ARGS` on a release build: the same commands, run here with the debug binary.
PROGRAMS = ("touchbridge", ".build/debug/touchbridge", "scripts/run.sh")
SWIFT_TARGET = ROOT / "Tests" / "DocExampleTests"
# What a reader's package can import: TouchBridge's products and the toolchain's modules (a block may also import a
# target its document's manifest declares; a target of TouchBridge that is no product it cannot).
PRODUCTS = set(re.findall(r'\.library\(name: "(\w+)"', (ROOT / "Package.swift").read_text()))
TOOLCHAIN_MODULES = {"Foundation", "Testing", "XCTest", "Dispatch"}
# Client → server message types (docs/protocol.md §4): a sample of one is sent to a server.
CLIENT_MESSAGES = {"hello", "input", "advance", "motion", "remote", "resize", "scene", "ping", "resync", "mark", "act",
                   "pause", "step", "resume", "recordings", "open-recording", "export-test"}
# Server → client message types a sample of which is compared with the real one (docs/protocol.md §5).
SERVER_SAMPLES = {"welcome", "render", "events", "error", "pong"}
DECLARATION = re.compile(r"(@\w+|(public |private |fileprivate |internal |final |open )*"
                         r"(func|class|struct|enum|extension|protocol|actor|typealias)\b)")


@dataclass
class Block:
    document: Path
    line: int            # 1-based line of the opening fence
    language: str
    code: str
    marker: str | None   # the text of `<!-- example: … -->` right before the fence
    before: str          # the document's text between the previous block and this one

    @property
    def where(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"


@dataclass
class Command:
    """One command line (``touchbridge`` replaced by the binary later) and the output the document shows, if any."""
    argv: list[str]
    shown: str | None


@dataclass
class Example:
    where: str
    kind: str   # python, commands, exchange, synopsis, saved, script, steps, scene, message, server-message,
                # swift, manifest, not-run, text
    block: Block
    commands: list[Command] = field(default_factory=list)
    shown: str | None = None        # python: the output shown
    saves: dict[str, str] = field(default_factory=dict)   # files the document had the reader save before this example
    problem: str | None = None      # why the block is neither an example nor marked


def blocks(document: Path) -> list[Block]:
    text = document.read_text()
    found, previous_end = [], 0
    for match in BLOCK.finditer(text):
        before = text[previous_end:match.start()]
        marker = MARKER.search(before.rstrip() + " ")
        found.append(Block(document, text.count("\n", 0, match.start()) + 1, match.group(1), match.group(2),
                           marker.group(1).strip() if marker else None, before))
        previous_end = match.end()
    return found


def command_lines(text: str, indented_continues: bool = False) -> list[str]:
    """Lines of shell, with `\\` continuations joined (and indented lines, in a synopsis)."""
    lines, current = [], ""
    for raw in text.splitlines():
        if indented_continues and lines and raw[:1].isspace() and not current:
            lines[-1] += " " + raw.strip()
        elif raw.rstrip().endswith("\\"):
            current += raw.rstrip()[:-1] + " "
        else:
            lines.append(current + raw)
            current = ""
    return [line for line in lines if line.strip()]


def argv_of(line: str) -> list[str]:
    return shlex.split(line, comments=True)


def transcript(code: str) -> list[Command]:
    """`$ COMMAND` lines and the output under each."""
    commands: list[Command] = []
    lines = code.splitlines(keepends=True)
    index = 0
    while index < len(lines):
        line = lines[index]
        assert line.startswith("$ "), line
        command = line[2:]
        while command.rstrip().endswith("\\") and index + 1 < len(lines):
            index += 1
            command = command.rstrip()[:-1] + " " + lines[index].strip()
        index += 1
        output = []
        while index < len(lines) and not lines[index].startswith("$ "):
            output.append(lines[index])
            index += 1
        commands.append(Command(argv_of(command), "".join(output)))
    return commands


def exchange(code: str) -> list[tuple[str, str]]:
    """(`→` or `←`, the message) for each line of an exchange; indented lines continue the one before."""
    messages: list[tuple[str, str]] = []
    for line in code.splitlines():
        if line[:1].isspace():
            direction, text = messages[-1]
            messages[-1] = (direction, text + line.strip())
        else:
            messages.append((line[0], line[2:]))
    return messages


def runnable(argv: list[str]) -> bool:
    """A touchbridge command that ends (`serve` runs until stopped), or `echo $?`."""
    return argv == ["echo", "$?"] or (len(argv) > 1 and argv[0] in PROGRAMS and argv[1] != "serve")


def is_output(block: Block) -> bool:
    return block.language in ("", "console") and not block.code.startswith(("$ ", "→ "))


def json_values(code: str) -> list:
    """The block as one JSON value, else one value a line; [] when it is neither."""
    try:
        return [json.loads(code)]
    except ValueError:
        try:
            return [json.loads(line) for line in code.splitlines() if line.strip()]
        except ValueError:
            return []


def json_kind(code: str) -> str | None:
    values = json_values(code)
    if not values or not all(isinstance(value, dict) for value in values):
        return None
    if len(values) == 1 and {"steps", "gestures"} & values[0].keys():
        return "script"
    if len(values) == 1 and {"views", "recognizers"} & values[0].keys():
        return "scene"
    if all("gesture" in value or "expect" in value for value in values):
        return "steps"
    if all(value.get("type") in CLIENT_MESSAGES for value in values):
        return "message"
    if all(value.get("type") in SERVER_SAMPLES for value in values):
        return "server-message"
    return None


def imported(code: str) -> list[str]:
    return [line.split()[1] for line in code.splitlines() if line.startswith("import ")]


def own_modules(items: list[Block]) -> set[str]:
    """The targets a document's manifest (a ```swift block starting `// swift-tools-version`) declares."""
    return {name for block in items if block.language == "swift" and block.code.startswith("// swift-tools-version")
            for name in re.findall(r'[tT]arget\(name: "(\w+)"', block.code)}


def examples() -> list[Example]:
    found: list[Example] = []
    for document in DOCUMENTS:
        saves: dict[str, str] = {}
        items = blocks(document)
        consumed: set[int] = set()
        for index, block in enumerate(items):
            if index in consumed:
                continue
            following = items[index + 1] if index + 1 < len(items) else None
            example = Example(block.where, "", block, saves=dict(saves))
            marker = block.marker or ""
            if marker.startswith("not run"):
                example.kind = "not-run"
                if not re.match(r"not run — \S", marker):
                    example.problem = "a not-run marker says why: <!-- example: not run — REASON -->"
                if following is not None and is_output(following) and following.marker is None:
                    consumed.add(index + 1)
            elif marker == "synopsis":
                example.kind = "synopsis"
                example.commands = [Command(argv_of(line), None) for line in command_lines(block.code, True)]
                example.commands = [c for c in example.commands if c.argv]
                if not all(c.argv[0] in PROGRAMS for c in example.commands):
                    example.problem = "a synopsis names touchbridge commands only"
            elif block.language == "python":
                example.kind = "python"
                if following is not None and following.code.startswith("$ python"):
                    example.shown = following.code.split("\n", 1)[1]
                    consumed.add(index + 1)
            elif block.language == "" and block.code.startswith("→ "):
                example.kind = "exchange"
            elif block.language in ("", "console") and block.code.startswith("$ "):
                example.kind = "commands"
                example.commands = transcript(block.code)
                if not all(runnable(c.argv) for c in example.commands):
                    example.problem = "a transcript runs touchbridge commands only; mark others <!-- example: not run — … -->"
            elif block.language == "sh":
                example.kind = "commands"
                example.commands = [Command(argv_of(line), None) for line in command_lines(block.code)]
                example.commands = [c for c in example.commands if c.argv]
                if example.commands and following is not None and is_output(following) and following.marker is None:
                    example.commands[-1].shown = following.code
                    consumed.add(index + 1)
                if not example.commands or not all(runnable(c.argv) for c in example.commands):
                    example.problem = "runs something other than touchbridge: mark it <!-- example: not run — REASON -->"
            elif block.language == "json":
                example.kind = json_kind(block.code) or ""
                if not example.kind:
                    example.problem = "JSON that is neither a drive script, script steps nor a scene: mark it"
            elif block.language == "swift":
                example.kind = "manifest" if block.code.startswith("// swift-tools-version") else "swift"
                if block.code.lstrip().startswith("."):
                    example.problem = "a fragment of a manifest: mark it <!-- example: not run — … -->"
                unknown = sorted(set(imported(block.code)) - PRODUCTS - TOOLCHAIN_MODULES - own_modules(items))
                if example.kind == "swift" and unknown:
                    example.problem = f"imports {unknown}: neither a TouchBridge product nor a target of the document's manifest"
            elif block.language == "text":
                example.kind = "text"
            else:
                example.problem = f"a ```{block.language} block that is no example: run it, make it ```text or mark it"
            save = SAVE_AS.search(block.before)
            if save:
                example.kind, example.problem = "saved", None
                saves[save.group(1)] = block.code
            found.append(example)
    return found


# --- Swift: the generated test target ------------------------------------------------------------------------------


def swift_file_name(example: Example, ordinal: int) -> str:
    stem = re.sub(r"\W", "", example.block.document.stem.title().replace("-", ""))
    return f"{stem}Example{ordinal}.swift"


def swift_source(example: Example) -> str:
    """The generated file of one Swift block: the block as written, imports first, wrapped in a function when it has
    statements at the top level."""
    block = example.block
    marker = block.marker or ""
    lines = block.code.splitlines()
    imports = [line for line in lines if line.startswith("import ")]
    body = "\n".join(line for line in lines if not line.startswith("import ")).strip("\n").splitlines()
    kept = [line for line in imports if line.split()[1] in PRODUCTS | TOOLCHAIN_MODULES]
    out = ["// Generated by Tests/e2e/doc_examples.py from a Swift block of "
           f"{block.document.relative_to(ROOT)}: edit the document, then run `python3 Tests/e2e/doc_examples.py --write`.",
           *kept]
    for line in imports:
        if line not in kept:
            out.append(f"// {line}: the document's own module; its blocks are compiled together in this target.")
    if marker.startswith("given "):
        out += ["", "// The reader's own code the block takes as given (the document's `example: given` comment):",
                marker[len("given "):]]
    top_level = [line for line in body if line and not line[0].isspace() and not line.startswith(("//", "}"))]
    statements = any(not DECLARATION.match(line) for line in top_level)
    out.append("")
    if statements:
        out.append("// The block has statements at the top level: compiled inside a function, not run.")
        out.append("private func example() async throws {")
        out += [("    " + line) if line else "" for line in body]
        out.append("}")
    else:
        reason = re.match(r"compile only — (.+)", marker)
        for line in body:
            test = re.match(r"@Test(?:\((.*)\))?(\s.*)?$", line)
            if reason and test:
                traits = (test.group(1) + ", " if test.group(1) else "") + ".disabled(" + json.dumps(reason.group(1)) + ")"
                line = f"@Test({traits})" + (test.group(2) or "")
            out.append(line)
    return "\n".join(out).rstrip() + "\n"


def swift_files() -> dict[str, str]:
    files: dict[str, str] = {}
    counts: dict[Path, int] = {}
    for example in examples():
        if example.kind != "swift" or example.problem:
            continue
        counts[example.block.document] = counts.get(example.block.document, 0) + 1
        files[swift_file_name(example, counts[example.block.document])] = swift_source(example)
    return files


def write_swift_files() -> None:
    SWIFT_TARGET.mkdir(exist_ok=True)
    wanted = swift_files()
    for path in SWIFT_TARGET.glob("*.swift"):
        if path.name not in wanted:
            path.unlink()
    for name, source in wanted.items():
        (SWIFT_TARGET / name).write_text(source)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python3 Tests/e2e/doc_examples.py --write   # regenerates Tests/DocExampleTests/")
    write_swift_files()
