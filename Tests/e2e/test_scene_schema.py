"""Every declarative scene file in ``config/scenes`` is valid against ``docs/scene.schema.json`` (draft 2020-12), and the
schema itself is a valid schema, so the format the docs describe and the files the server ships agree. The loader's own
checks (which name the bad field) are tested in Swift (``DeclarativeSceneTests``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

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
