"""``contentMode`` over the protocol (UIKIT-VIEW-CONTENT-MODE, docs/protocol.md §5.2): a scene's image view declares its
mode, a resize sets the image's size apart from the bounds', and the render carries both; an unknown mode is refused."""

from __future__ import annotations

from acceptance import act, module_server, run, scene  # noqa: F401

PHOTO = scene([{"id": "photo", "kind": "image", "frame": [0, 0, 120, 60], "contentMode": "scaleAspectFit"}])


def test_the_render_carries_the_mode_and_the_content_size(module_server):
    s = run(module_server, PHOTO, [act(0, {"set": {"view": "photo", "property": "frame", "value": [0, 0, 120, 120]}})])
    assert not s.errors, s.errors
    photo = s.render_nodes()["photo"]
    assert (photo["contentMode"], photo["contentSize"], photo["bounds"]) == ("scaleAspectFit", [120, 60], [0, 0, 120, 120])
    back = run(module_server, PHOTO, [act(0, {"set": {"view": "photo", "property": "contentMode", "value": "scaleToFill"}})])
    assert back.render_nodes()["photo"]["contentMode"] is None, "scaleToFill is the default: null"


def test_an_unknown_mode_is_refused(module_server):
    s = run(module_server, PHOTO, [act(0, {"set": {"view": "photo", "property": "contentMode", "value": "stretch"}})])
    assert [e["path"] for e in s.errors] == ["actions[0].set.value"] and "expected one of" in s.errors[0]["message"], s.errors
