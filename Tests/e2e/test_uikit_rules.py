"""docs/uikit-rules.md and the repository agree (no server needed).

The page lists every UIKit rule TouchKit implements under a stable id (`UIKIT-HIT-FRONT-FIRST`), with
the code that implements it and the tests that pin it; code and tests cite the ids in comments. This
check fails when

- a file cites a rule id the page lacks,
- a rule has no test, a listed test file or function does not exist, or the comment block above a
  listed test does not cite the rule,
- a path under "Implemented in" does not exist or none of them cites the rule,
- a rule names neither Apple's documentation nor, where Apple is silent, TouchKit's choice,
- any file cites a document outside the repository, or TouchKit's code and tests cite a bare section
  number (the old citations of an external reference) instead of a rule id.

`test_the_checker_catches_*` run the same check on a small made-up repository with one fault each, so
the check itself is shown to fail when it should.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES_DOC = "docs/uikit-rules.md"
THIS_FILE = "Tests/e2e/test_uikit_rules.py"

RULE_ID = re.compile(r"\bUIKIT-[A-Z0-9]+(?:-[A-Z0-9]+)+\b")
HEADING = re.compile(r"^### (UIKIT-[A-Z0-9-]+)")
BACKTICKED = re.compile(r"`([^`]+)`")
# Written in pieces so that this file does not match itself.
OUTSIDE_REFERENCES = ("../" + "shared/", "uikit-" + "behaviour.md", "/work/" + "shared")
SECTION = re.compile(r"§\s?\d")
# Where every section sign used to cite the external UIKit reference: only docs/protocol.md and RFC
# sections may be cited there now.
RULE_CITING_DIRS = ("Sources/TouchKit/", "Sources/TouchBridgeScenes/", "Tests/TouchKitTests/",
                    "Tests/TouchKitPropertyTests/", "Tests/TouchKitTestSupport/", "Tests/TouchBridgeScenesTests/")
SCANNED_DIRS = ("Sources", "Tests", "web", "docs", "Examples", "Fuzz", "Benchmarks", "scripts", "config")
SCANNED_FILES = ("README.md", "Package.swift")
SCANNED_SUFFIXES = {".swift", ".py", ".mjs", ".js", ".md", ".sh", ".json", ".html", ".css", ".txt"}
SKIPPED_DIRS = {".build", ".venv", "node_modules", "artifacts", "__pycache__"}


@dataclass
class Rule:
    id: str
    line: int
    text: list[str] = field(default_factory=list)
    implemented_in: list[str] = field(default_factory=list)
    tested_by: list[tuple[str, list[str]]] = field(default_factory=list)


def parse_rules(doc: str) -> tuple[list[Rule], list[str]]:
    """The rules of the page, in order, and the problems of its form (duplicate ids)."""
    rules: list[Rule] = []
    problems: list[str] = []
    in_tests = False
    for number, line in enumerate(doc.splitlines(), start=1):
        if line.startswith("#"):
            in_tests = False
            heading = HEADING.match(line)
            if heading:
                if any(rule.id == heading.group(1) for rule in rules):
                    problems.append(f"{RULES_DOC}:{number}: {heading.group(1)} is defined twice")
                rules.append(Rule(heading.group(1), number))
            elif line.startswith("## "):
                rules.append(Rule("", number))  # a section title ends the previous rule
            continue
        if not rules or not rules[-1].id:
            continue
        rule = rules[-1]
        rule.text.append(line)
        if line.startswith("Implemented in:"):
            rule.implemented_in += BACKTICKED.findall(line)
        elif line.startswith("Tested by:"):
            in_tests = True
        elif in_tests and line.startswith("- "):
            names = BACKTICKED.findall(line)
            if names:
                rule.tested_by.append((names[0], names[1:]))
        elif not line.strip():
            in_tests = False
    return [rule for rule in rules if rule.id], problems


def scanned_files(root: Path) -> list[Path]:
    files = [root / name for name in SCANNED_FILES if (root / name).is_file()]
    for top in SCANNED_DIRS:
        for path in sorted((root / top).rglob("*")) if (root / top).is_dir() else []:
            if path.is_file() and path.suffix in SCANNED_SUFFIXES \
                    and not SKIPPED_DIRS.intersection(path.relative_to(root).parts):
                files.append(path)
    return files


def block_above(lines: list[str], index: int) -> str:
    """The declaration at `index` with the attributes, decorators and comments right above it."""
    start = index
    while start > 0:
        previous = lines[start - 1].strip()
        if not previous or previous == "}" or previous.endswith("{"):
            break
        start -= 1
    return "\n".join(lines[start:index + 1])


def function_block(source: str, name: str) -> str | None:
    """The comment and attribute block of the test function `name` (Swift or Python), or None."""
    lines = source.splitlines()
    pattern = re.compile(rf"\b(func|def) {re.escape(name)}\s*[(<]")
    for index, line in enumerate(lines):
        if pattern.search(line):
            return block_above(lines, index)
    return None


def paragraph(text: list[str], label: str) -> str | None:
    """The paragraph of a rule that starts with `label` ("Apple:", "Choice:"), or None."""
    for index, line in enumerate(text):
        if line.startswith(label):
            end = next((i for i in range(index, len(text)) if not text[i].strip()), len(text))
            return "\n".join(text[index:end])
    return None


def rule_problems(root: Path, rule: Rule) -> list[str]:
    where = f"{RULES_DOC}:{rule.line}: {rule.id}"
    problems = []
    apple = paragraph(rule.text, "Apple:")
    if apple is None:
        problems.append(f"{where} says nothing of Apple's documentation (an \"Apple:\" paragraph)")
    elif "developer.apple.com" not in apple and not (
            apple.startswith("Apple: silent") and paragraph(rule.text, "Choice:") is not None):
        problems.append(f"{where} cites no developer.apple.com page and gives no choice where Apple is silent")
    if not rule.implemented_in:
        problems.append(f"{where} names no code that implements it")
    citing_code = False
    for path in rule.implemented_in:
        target = root / path
        if not target.exists():
            problems.append(f"{where}: implemented in {path}, which does not exist")
            continue
        files = [target] if target.is_file() else [p for p in target.rglob("*") if p.is_file()]
        citing_code = citing_code or any(rule.id in p.read_text(errors="replace") for p in files)
    if rule.implemented_in and not citing_code:
        problems.append(f"{where}: none of the code it names cites it")
    if not rule.tested_by:
        problems.append(f"{where} has no test")
    for path, names in rule.tested_by:
        target = root / path
        if not target.is_file():
            problems.append(f"{where}: tested by {path}, which does not exist")
            continue
        source = target.read_text()
        if rule.id not in source:
            problems.append(f"{where}: {path} does not cite it")
        for name in names:
            block = function_block(source, name)
            if block is None:
                problems.append(f"{where}: {path} has no test function {name}")
            elif rule.id not in block:
                problems.append(f"{where}: the comments above {path} {name} do not cite it")
    return problems


def problems(root: Path) -> list[str]:
    """Everything that makes the page and the repository disagree; empty when they agree."""
    doc_path = root / RULES_DOC
    if not doc_path.is_file():
        return [f"{RULES_DOC} does not exist"]
    rules, found = parse_rules(doc_path.read_text())
    known = {rule.id for rule in rules}
    for rule in rules:
        found += rule_problems(root, rule)
    for path in scanned_files(root):
        relative = path.relative_to(root).as_posix()
        if relative == THIS_FILE:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1):
            for outside in OUTSIDE_REFERENCES:
                if outside in line:
                    found.append(f"{relative}:{number} cites {outside!r}, a document outside the repository")
            if relative != RULES_DOC:
                for cited in RULE_ID.findall(line):
                    if cited not in known:
                        found.append(f"{relative}:{number} cites {cited}, which {RULES_DOC} lacks")
            if relative.startswith(RULE_CITING_DIRS):
                for match in SECTION.finditer(line):
                    before = line[max(0, match.start() - 40):match.start()]
                    if "protocol" not in before and "RFC" not in before:
                        found.append(f"{relative}:{number} cites a section ({line[match.start():match.start() + 6]!r}) "
                                     f"instead of a rule id")
    return found


def test_the_rules_page_and_the_repository_agree():
    found = problems(ROOT)
    assert not found, "\n".join(found)


def test_every_rule_has_an_id_and_the_ids_are_many():
    rules, _ = parse_rules((ROOT / RULES_DOC).read_text())
    assert len(rules) >= 50, [rule.id for rule in rules]


# The checker on a made-up repository: one rule, its code and its test — then one fault at a time.

DEMO_DOC = """# Rules

## Demo

### UIKIT-DEMO-RULE: a demo

Apple: [a page](https://developer.apple.com/documentation/uikit/uiview)

Rule: demo.

Implemented in: `Sources/TouchKit/Demo.swift`

Tested by:
- `Tests/TouchKitTests/DemoTests.swift`: `demoRuleHolds`
"""
DEMO_SOURCE = "/// A demo (UIKIT-DEMO-RULE).\nfunc demo() {}\n"
DEMO_TEST = "@Suite struct DemoTests {\n    /// Pins UIKIT-DEMO-RULE.\n    @Test func demoRuleHolds() {}\n}\n"


def make_repository(root: Path, doc: str = DEMO_DOC, source: str = DEMO_SOURCE, test: str = DEMO_TEST) -> Path:
    for relative, text in [(RULES_DOC, doc), ("Sources/TouchKit/Demo.swift", source),
                           ("Tests/TouchKitTests/DemoTests.swift", test)]:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    return root


def test_the_checker_accepts_a_consistent_repository(tmp_path):
    assert problems(make_repository(tmp_path)) == []


@pytest.mark.parametrize("fault, expected", [
    ("code cites an unknown id", "cites UIKIT-DEMO-MISSING, which docs/uikit-rules.md lacks"),
    ("a test cites an unknown id", "cites UIKIT-DEMO-MISSING, which docs/uikit-rules.md lacks"),
    ("the rule lists no test", "UIKIT-DEMO-RULE has no test"),
    ("the test does not cite the rule", "DemoTests.swift does not cite it"),
    ("the listed test function does not exist", "has no test function demoRuleHolds"),
    ("a file cites the external reference", "a document outside the repository"),
    ("the implementing path does not exist", "implemented in Sources/TouchKit/Gone.swift, which does not exist"),
    ("the code does not cite the rule", "none of the code it names cites it"),
    ("the rule cites no Apple page", "cites no developer.apple.com page"),
    ("TouchKit cites a bare section", "instead of a rule id"),
    ("an id is defined twice", "UIKIT-DEMO-RULE is defined twice"),
])
def test_the_checker_catches_each_kind_of_fault(tmp_path, fault, expected):
    doc, source, test = DEMO_DOC, DEMO_SOURCE, DEMO_TEST
    if fault == "code cites an unknown id":
        source += "/// See UIKIT-DEMO-MISSING.\n"
    elif fault == "a test cites an unknown id":
        test = test.replace("UIKIT-DEMO-RULE.", "UIKIT-DEMO-RULE, UIKIT-DEMO-MISSING.")
    elif fault == "the rule lists no test":
        doc = doc.split("Tested by:")[0]
    elif fault == "the test does not cite the rule":
        test = test.replace("    /// Pins UIKIT-DEMO-RULE.\n", "")
    elif fault == "the listed test function does not exist":
        test = test.replace("demoRuleHolds", "somethingElse")
    elif fault == "a file cites the external reference":
        source += "/// As in " + "../" + "shared/" + "uikit-" + "behaviour.md.\n"
    elif fault == "the implementing path does not exist":
        doc = doc.replace("Sources/TouchKit/Demo.swift", "Sources/TouchKit/Gone.swift")
    elif fault == "the code does not cite the rule":
        source = source.replace(" (UIKIT-DEMO-RULE)", "")
    elif fault == "the rule cites no Apple page":
        doc = doc.replace("[a page](https://developer.apple.com/documentation/uikit/uiview)", "somewhere")
    elif fault == "TouchKit cites a bare section":
        source += "/// Hit-testing (§1.2).\n"
    elif fault == "an id is defined twice":
        doc += "\n" + doc.split("## Demo\n\n")[1]
    found = problems(make_repository(tmp_path, doc, source, test))
    assert any(expected in problem for problem in found), found
