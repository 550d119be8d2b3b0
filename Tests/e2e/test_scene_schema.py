"""Every declarative scene file in ``config/scenes`` and every example of the format (the schema's, the docs', the
gesture-conflict fixtures') is valid against ``docs/scene.schema.json`` (draft 2020-12) and loads on the server, and the
schema itself is a valid schema, so the format the docs describe, the files the server ships and what it accepts agree. The loader's own
checks (which name the bad field) are tested in Swift (``DeclarativeSceneTests``)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import doc_examples
from acceptance import module_server, run  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "scene.schema.json").read_text())
SCENE_FILES = sorted((ROOT / "config" / "scenes").glob("*.json"))


def test_the_schema_is_a_valid_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)


def test_there_are_scene_files():
    assert len(SCENE_FILES) >= 5


@pytest.mark.parametrize("path", SCENE_FILES, ids=lambda p: p.name)
def test_scene_file_matches_the_schema(path: Path):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft202012Validator(SCHEMA).iter_errors(json.loads(path.read_text()))]
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("frame, valid", [
    ({"guide": "safeArea", "left": 0, "top": 0, "right": 0, "bottom": 0}, True),
    ({"guide": "screen", "left": 0, "top": 0, "right": 0, "bottom": 0}, False),
])
def test_frame_guides(frame: dict, valid: bool):
    scene = {"name": "x", "views": [{"id": "v", "frame": frame,
                                     "variants": [{"verticalSizeClass": "compact", "frame": [0, 0, 10, 10]}]}]}
    assert Draft202012Validator(SCHEMA).is_valid(scene) == valid


def test_a_variant_names_a_size_class():
    scene = {"name": "x", "views": [{"id": "v", "frame": [0, 0, 1, 1], "variants": [{"frame": [0, 0, 10, 10]}]}]}
    assert not Draft202012Validator(SCHEMA).is_valid(scene)


# Every example of the format the repository shows — the schema's own `examples`, the docs' scene blocks and the
# inline scenes of the docs' Python examples (`scene = {…}`) and the scenes of the gesture-conflict fixtures — is valid against the schema, and
# the server loads each one: the format the docs describe and the one the server accepts agree.

DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def doc_scenes() -> list[tuple[str, dict]]:
    """The docs' ```json scene blocks and the `scene = {…}` assignments of their Python blocks, as (where, scene)."""
    found = [(example.where, json.loads(example.block.code)) for example in doc_examples.examples() if example.kind == "scene"]
    for path in DOCS:
        for index, block in enumerate(PYTHON_BLOCK.findall(path.read_text())):
            for node in ast.walk(ast.parse(block)):
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "scene" for t in node.targets):
                    found.append((f"{path.name} block {index}", ast.literal_eval(node.value)))
    return found


EXAMPLES = ([(f"scene.schema.json examples[{i}]", e) for i, e in enumerate(SCHEMA["examples"])] + doc_scenes()
            + [(f"gesture_conflicts.json {c['id']}", c["scene"])
               for c in json.loads((ROOT / "Tests" / "e2e" / "gesture_conflicts.json").read_text())["cases"]])


def test_there_are_examples():
    assert len(SCHEMA["examples"]) >= 2 and len(doc_scenes()) >= 2 and len(EXAMPLES) >= 10


@pytest.mark.parametrize("where, scene", EXAMPLES, ids=[where for where, _ in EXAMPLES])
def test_example_matches_the_schema_and_loads(where: str, scene: dict, module_server):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in Draft202012Validator(SCHEMA).iter_errors(scene)]
    assert not errors, "\n".join(errors)
    run(module_server, scene, [])  # fails on an `error` instead of the welcome


@pytest.mark.parametrize("kind", ["view", "label", "image", "drawing", "button", "switch", "slider", "control", "scrollView"])
def test_responder_is_valid_on_every_kind(kind: str):
    scene = {"name": "x", "views": [{"id": "v", "kind": kind, "frame": [0, 0, 10, 10], "responder": "log"}]}
    assert Draft202012Validator(SCHEMA).is_valid(scene)


# Issue 27 §3's data (answer tables, shouldReceiveEvent, tracking, autoresizesSubviews, nested animate): the schema takes
# what the server takes and refuses the same wrong types.
@pytest.mark.parametrize("recognizer, view, valid", [
    ({"delegate": {"shouldRequireFailureOf": {"other": True, "*": False}}}, {}, True),
    ({"delegate": {"shouldRequireFailureOf": {"other": "yes"}}}, {}, False),
    ({"delegate": {"shouldRecognizeSimultaneouslyWith": ["other"]}}, {}, False),
    ({"delegate": {"shouldReceiveEvent": {"allTouchesAtMost": 2}}}, {}, True),
    ({"delegate": {"shouldReceiveEvent": {"allTouchesAtMost": 0}}}, {}, False),
    ({"delegate": {"shouldReceiveEvent": 1}}, {}, False),
    ({"delegate": {"shouldRequireFailureOf": {f"r{i}": True for i in range(202)}}}, {}, False),
    ({"overrides": {"canPrevent": {"other": False}}}, {}, True),
    ({"overrides": {"canPrevents": {}}}, {}, False),
    ({}, {"tracking": True}, True),
    ({}, {"tracking": {"beginTracking": False}}, True),
    ({}, {"tracking": {"endTracking": False}}, False),
    ({}, {"autoresizesSubviews": False}, True),
    ({}, {"autoresizesSubviews": "no"}, False),
])
def test_answer_tables_tracking_and_autoresizes_subviews(recognizer: dict, view: dict, valid: bool):
    scene = {"name": "x", "views": [{"id": "v", "kind": "control", "frame": [0, 0, 10, 10], **view}],
             "recognizers": [{"id": "r", "kind": "custom", "class": "observer", "view": "v", **recognizer},
                             {"id": "other", "kind": "tap", "view": "v"}]}
    assert Draft202012Validator(SCHEMA).is_valid(scene) == valid


def test_nested_animate_calls_in_the_schema():
    call = {"view": "v", "duration": 10, "to": {"alpha": 0}}
    scene = lambda animate: {"name": "x", "views": [{"id": "v", "frame": [0, 0, 10, 10]}],  # noqa: E731
                             "timeline": [{"t": 0, "actions": [{"animate": animate}]}]}
    assert Draft202012Validator(SCHEMA).is_valid(scene({**call, "options": ["overrideInheritedCurve"], "nested": [call]}))
    assert not Draft202012Validator(SCHEMA).is_valid(scene({**call, "nested": [{"view": "v"}]}))
    assert not Draft202012Validator(SCHEMA).is_valid(scene({**call, "nested": [call] * 17}))


@pytest.mark.parametrize("fields, valid", [
    ({"anchorPoint": [0, 1], "position": [40, 120]}, True), ({"anchorPoint": [0.5]}, False), ({"anchorPoint": [0, 11]}, False),
    ({"position": "middle"}, False),
])
def test_anchor_point_and_position_on_every_view(fields: dict, valid: bool, module_server):
    scene = {"name": "x", "views": [{"id": "v", "kind": "label", "frame": [0, 0, 10, 10], **fields}]}
    assert Draft202012Validator(SCHEMA).is_valid(scene) == valid
    if valid:
        run(module_server, scene, [])  # the server loads what the schema allows
