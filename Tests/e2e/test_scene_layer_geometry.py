"""``anchorPoint`` and ``position`` in declarative scenes and ``act`` (docs/scenes.md, UIKIT-LAYER-ANCHOR-POINT), black-box
over the protocol: the render carries the anchor point and the centre it gives, ``set`` re-places the view as layout does,
a pinch with the ``scale`` behaviour grows the view about its anchor point, and bad values are refused with their path."""

from __future__ import annotations

from acceptance import D, M, U, act, module_server, run, scene, view  # noqa: F401


def corner(**fields) -> dict:
    return scene([view("V", 100, 100, 100, 50, **fields)])


# Pins UIKIT-LAYER-ANCHOR-POINT.
def test_the_frame_stays_and_position_places_the_anchor_point(module_server):
    kept = run(module_server, corner(anchorPoint=[0, 0]), [act(0)]).render_nodes()["V"]
    assert (kept["anchorPoint"], kept["center"], kept["bounds"]) == ([0, 0], [100, 100], [0, 0, 100, 50])
    placed = run(module_server, corner(anchorPoint=[1, 1], position=[50, 60]), [act(0)]).render_nodes()["V"]
    assert (placed["anchorPoint"], placed["center"]) == ([1, 1], [50, 60]), "the bottom-right corner at (50, 60)"
    middle = run(module_server, corner(position=[50, 60]), [act(0)]).render_nodes()["V"]
    assert middle["center"] == [50, 60] and "anchorPoint" not in middle, "the default anchor point is not sent"


def test_set_re_places_the_view(module_server):
    s = run(module_server, corner(), [act(0, {"set": {"view": "V", "property": "anchorPoint", "value": [1, 0]}}),
                                      act(1, {"report": {"view": "V", "property": "frame"}}),
                                      act(2, {"set": {"view": "V", "property": "position", "value": [300, 40]}}),
                                      act(3, {"report": {"view": "V", "property": "frame"}})])
    assert not s.errors, s.errors
    assert [line for line in s.log() if "V.frame" in line] == [
        "note: act: V.frame = (100, 100, 100, 50)", "note: act: V.frame = (200, 40, 100, 50)"]
    assert s.render_nodes()["V"]["center"] == [300, 40]


def test_a_pinch_scales_about_the_anchor_point(module_server):
    pinchable = scene([view("V", 100, 100, 100, 100, anchorPoint=[0, 0])],
                      [{"id": "pinch", "kind": "pinch", "view": "V", "behaviour": "scale"}])
    fingers = [D(1, 130, 150, 0), D(2, 170, 150, 0)] + [
        m for k in range(1, 11) for m in (M(1, 130 - 2 * k, 150, 16 * k), M(2, 170 + 2 * k, 150, 16 * k))] + [
        U(1, 110, 150, 180), U(2, 190, 150, 180)]
    s = run(module_server, pinchable, fingers)
    node = s.render_nodes()["V"]
    assert node["center"] == [100, 100], "the top-left corner stays where it was"
    assert node["transform"][0] > 1.5, node["transform"]


def test_bad_values_are_refused_with_their_path(module_server):
    for property, value, reason in [("anchorPoint", [0], "expected [x, y]"), ("anchorPoint", [0, 11], "expected a number in -10.0…10.0"),
                                    ("position", "middle", "expected an array")]:
        s = run(module_server, corner(), [act(0, {"set": {"view": "V", "property": property, "value": value}}),
                                          act(1, {"report": {"view": "V", "property": "frame"}})])
        assert len(s.errors) == 1 and reason in s.errors[0]["message"], (property, value, s.errors)
        assert s.errors[0]["path"] == "actions[0].set.value", s.errors[0]
        assert [line for line in s.log() if "V.frame" in line] == ["note: act: V.frame = (100, 100, 100, 50)"], "nothing changed"
