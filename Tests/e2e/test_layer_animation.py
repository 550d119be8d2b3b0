"""The ``layerAnimation`` action (docs/protocol.md §4.11): a ``CABasicAnimation`` on a view's own layer, black-box over
the protocol — the model never changes, ``report`` reads the presentation, the log says when it began and ended, and
the render carries it as an ``absolute`` entry with the timing function's control points (UIKIT-CA-EXPLICIT)."""

from __future__ import annotations

from acceptance import act, advance, module_server, run, scene, view  # noqa: F401

BOX = scene([view("V", 0, 100, 100, 100)])


def report(t: float, property: str) -> dict:
    return act(t, {"report": {"view": "V", "property": property}})


# Pins UIKIT-CA-EXPLICIT.
def test_a_layer_animation_draws_from_its_values_and_jumps_back(module_server):
    fade = {"layerAnimation": {"view": "V", "keyPath": "opacity", "from": 0, "to": 0.5, "duration": 400, "timing": "easeOut", "key": "fade"}}
    s = run(module_server, BOX, [act(0, fade), report(0, "alpha"), report(200, "presentation.alpha"), advance(399),
                                 report(400, "presentation.alpha")])
    assert [line for line in s.log() if " = " not in line] == [
        "note: act: V.layer.add(CABasicAnimation opacity from 0 to 0.5 over 400 ms, easeOut)",
        "anim: layer animation 1 began: V.opacity key fade over 400 ms",
        "anim: layer animation 1 ended (finished true)", "note: layer animation of V done(true)"]
    values = [line.removeprefix("note: act: ") for line in s.log() if line.startswith("note: act: V.") and " = " in line]
    # easeOut (0,0)(0.58,1) at half time is 0.6846: 0.5 × 0.6846 ≈ 0.342; removed at the end: the model, 1.
    assert values[0] == "V.alpha = 1" and values[2] == "V.presentation.alpha = 1", values
    assert abs(float(values[1].split(" = ")[1]) - 0.342) < 0.002, values
    record = next(m for m in s.messages if m["type"] == "render" and any("animations" in op.get("props", {}) for op in m["ops"]))
    entry = next(op["props"]["animations"][0] for op in record["ops"] if "animations" in op.get("props", {}))
    assert {k: entry[k] for k in ("absolute", "property", "from", "to", "begin", "duration", "curve", "controlPoints")} == {
        "absolute": True, "property": "alpha", "from": [0], "to": [0.5], "begin": 0, "duration": 400, "curve": "bezier",
        "controlPoints": [0, 0, 0.58, 1]}


def test_bad_layer_animations_are_refused_with_their_reason(module_server):
    for body, reason in [
        ({"view": "V", "keyPath": "strokeColor", "duration": 100}, "keyPath"),
        ({"view": "V", "keyPath": "position", "from": 3, "duration": 100}, "from"),
        ({"view": "nope", "keyPath": "opacity", "duration": 100}, "no view named"),
        ({"view": "V", "keyPath": "opacity", "duration": 1e9}, "duration"),
    ]:
        s = run(module_server, BOX, [act(0, {"layerAnimation": body}), advance(10)])
        errors = [m for m in s.messages if m["type"] == "error"]
        assert errors and reason in str(errors[0]), (body, errors)
        assert not any("layer animation" in line for line in s.log())


RING = scene([view("V", 0, 100, 200, 100, shape={"path": [["move", 0, 50], ["line", 100, 50]], "strokeColor": "#ff0000", "lineWidth": 4,
                                                  "bounds": [200, 100], "position": [100, 50]})])


def animations(s) -> list[dict]:
    """The animations of V's last render that had any."""
    found = [op["props"]["animations"] for m in s.messages if m["type"] == "render" for op in m["ops"]
             if op.get("props", {}).get("animations")]
    return found[-1] if found else []


# Pins UIKIT-CA-SUBLAYER-DRAWN.
def test_sublayer_keyframe_and_repeating_animations_on_the_wire(module_server):
    s = run(module_server, RING, [act(0, {"layerAnimation": {"view": "V", "layer": "shape", "keyPath": "strokeEnd", "from": 0, "to": 1,
                                                             "duration": 1000}},
                                      {"layerAnimation": {"view": "V", "layer": "shape", "keyPath": "transform.rotation.z", "to": 3.14,
                                                          "duration": 500, "repeatCount": 2.5, "autoreverses": True}},
                                      {"layerAnimation": {"view": "V", "keyPath": "position", "values": [[100, 150], [150, 150], [150, 250]],
                                                          "keyTimes": [0, 0.2, 1], "duration": 800, "repeatCount": "infinity"}})])
    assert not s.errors, s.errors
    assert [line for line in s.log() if line.startswith("note: act")] == [
        "note: act: V.shape.add(CABasicAnimation strokeEnd from 0 to 1 over 1000 ms, linear)",
        "note: act: V.shape.add(CABasicAnimation transform.rotation.z from model to 3.14 over 500 ms, linear, repeatCount 2.5, autoreverses)",
        "note: act: V.layer.add(CAKeyframeAnimation position through 100,150; 150,150; 150,250 over 800 ms, linear, repeatCount infinity)"]
    hop, trim, spin = animations(s)
    assert {k: hop[k] for k in ("property", "keyframes", "keyTimes", "repeats", "absolute")} == {
        "property": "center", "keyframes": [[100, 150], [150, 150], [150, 250]], "keyTimes": [0, 0.2, 1], "repeats": True, "absolute": True}
    assert "sublayer" not in hop and "passes" not in hop
    ring = {"commands": [0, 1], "opacity": 1, "parent": [1, 0, 0, 1, 0, 0], "position": [100, 50], "stroke": [0, 1], "strokeCommand": 0,
            "strokePath": [["move", 0, 50], ["line", 100, 50]], "transform": [1, 0, 0, 1, 0, 0]}
    assert (trim["property"], trim["from"], trim["to"], trim["sublayer"]) == ("strokeEnd", [0], [1], ring)
    assert (spin["property"], spin["from"], spin["to"], spin["passes"], spin["autoreverses"]) == ("transform.rotation.z", [0], [3.14], 2.5, True)
    assert spin["sublayer"] == ring, "one sublayer, the same commands"


def test_bad_keyframe_and_sublayer_animations_are_refused(module_server):
    for body, reason in [
        ({"view": "V", "layer": "shape", "keyPath": "opacity", "duration": 100}, "has no shape layer"),
        ({"view": "V", "keyPath": "strokeEnd", "duration": 100}, "keyPath"),
        ({"view": "V", "keyPath": "opacity", "values": [1, 0], "from": 0, "duration": 100}, "not both"),
        ({"view": "V", "keyPath": "opacity", "values": [1, 0], "keyTimes": [0], "duration": 100}, "one key time per value"),
        ({"view": "V", "keyPath": "opacity", "values": [0.5] * 65, "duration": 100}, "values"),
        ({"view": "V", "keyPath": "opacity", "from": 0, "duration": 100, "repeatCount": -1}, "repeatCount"),
    ]:
        s = run(module_server, BOX, [act(0, {"layerAnimation": body}), advance(10)])
        errors = [m for m in s.messages if m["type"] == "error"]
        assert errors and reason in str(errors[0]), (body, errors)
