"""Acceptance scenarios S62–S71 (numbered as docs/uikit-rules.md explains: autoresizing, size-change order, size classes, safe
area, animations, paths as hit areas, scroll-view bounce), black-box over the protocol: ``resize`` messages, the
``report`` action writing what the app reads (frames, insets, traits, presentation values) to the log, a controller that
logs its layout callbacks, the ``animate`` action and the render's animation records."""

from __future__ import annotations

from acceptance import D, M, U, act, advance, module_server, run, scene, view  # noqa: F401

PHONE = {"width": 390, "height": 844, "scale": 3}


def resize(width: float, height: float, **extra) -> dict:
    return {"type": "resize", "width": width, "height": height, "scale": 2, **extra}


def report(t: float, *names: str, property: str = "frame") -> dict:
    return act(t, *[{"report": {"view": name, "property": property}} for name in names])


def reports(s) -> list[str]:
    """The values ``report`` actions wrote to the log."""
    return [line.removeprefix("note: act: ") for line in s.log()
            if line.startswith("note: act: ") and " = " in line and not line.startswith("note: act: set ")]


def test_s62_flexible_margins(module_server):
    views = [view("A", 100, 50, 100, 40, autoresizing=["flexibleLeftMargin", "flexibleRightMargin"]),
             view("B", 20, 100, 360, 40, autoresizing=["flexibleWidth"]),
             view("C", 100, 200, 100, 40, autoresizing=["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin"]),
             view("D", 300, 300, 50, 50, autoresizing=[])]
    s = run(module_server, scene(views), [resize(844, 390), report(10, "A", "B", "C", "D"),
                                          resize(400, 800), report(20, "A", "B", "C", "D")])
    assert reports(s) == ["A.frame = (248, 50, 100, 40)", "B.frame = (20, 100, 804, 40)", "C.frame = (211, 200, 211, 40)",
                          "D.frame = (300, 300, 50, 50)",
                          "A.frame = (100, 50, 100, 40)", "B.frame = (20, 100, 360, 40)", "C.frame = (100, 200, 100, 40)",
                          "D.frame = (300, 300, 50, 50)"]


def test_s63_size_change_order(module_server):
    logging = scene([view("V", 0, 0, 100, 100)], controller={"logsLayout": True})
    s = run(module_server, logging, [resize(844, 390), advance(10), resize(844, 390), advance(20)], viewport=PHONE)
    log = s.log()
    assert log[:3] == ["note: controller.viewWillLayoutSubviews", "note: root.layoutSubviews bounds (0, 0, 390, 844)",
                       "note: controller.viewDidLayoutSubviews bounds (0, 0, 390, 844)"], "the first layout, at 390×844"
    assert log[3:] == ["note: controller.willTransition(to: wC hC)",
                       "note: controller.viewWillTransition(to: 844×390) bounds (0, 0, 390, 844)",
                       "note: controller.traitCollectionDidChange(previous: wC hR)",
                       "note: controller.viewWillLayoutSubviews", "note: root.layoutSubviews bounds (0, 0, 844, 390)",
                       "note: controller.viewDidLayoutSubviews bounds (0, 0, 844, 390)"]
    s = run(module_server, logging, [resize(1180, 820), advance(10)], viewport={"width": 820, "height": 1180, "scale": 2})
    assert s.log()[3:] == ["note: controller.viewWillTransition(to: 1180×820) bounds (0, 0, 820, 1180)",
                       "note: controller.viewWillLayoutSubviews", "note: root.layoutSubviews bounds (0, 0, 1180, 820)",
                       "note: controller.viewDidLayoutSubviews bounds (0, 0, 1180, 820)"]


def test_s64_size_classes(module_server):
    sizes = [(375, 667, "wC hR"), (667, 375, "wC hC"), (390, 844, "wC hR"), (844, 390, "wC hC"), (414, 736, "wC hR"),
             (736, 414, "wR hC"), (430, 932, "wC hR"), (932, 430, "wR hC"), (820, 1180, "wR hR"), (1180, 820, "wR hR")]
    messages = []
    for index, (width, height, _) in enumerate(sizes):
        messages += [resize(width, height), report(index + 1, "V", property="traitCollection")]
    s = run(module_server, scene([view("V", 0, 0, 10, 10)]), messages)
    assert reports(s) == [f"V.traitCollection = {traits}" for _, _, traits in sizes]


def test_s65_safe_area(module_server):
    views = [view("X", 0, 0, 390, 100), view("Y", 0, 200, 390, 100), view("Z", 0, 800, 390, 44), view("O", 0, 0, 10, 10)]
    s = run(module_server, scene(views), [
        act(0, {"remove": {"view": "O"}}), report(1, "root", "X", "Y", "Z", "O", property="safeAreaInsets")],
        viewport={**PHONE, "safeArea": {"top": 59, "left": 0, "bottom": 34, "right": 0}})
    assert reports(s) == ["root.safeAreaInsets = (59, 0, 34, 0)", "X.safeAreaInsets = (59, 0, 0, 0)",
                          "Y.safeAreaInsets = (0, 0, 0, 0)", "Z.safeAreaInsets = (0, 0, 34, 0)", "O.safeAreaInsets = (0, 0, 0, 0)"]


SLIDING = scene([view("V", 0, 100, 100, 100, responder="forward"), view("S", 300, 600, 100, 100)],
                [{"id": "T", "kind": "tap", "view": "V"}], controller={"responder": "log"})


def slide(t: float, to: float, *options: str, duration: float = 1000) -> dict:
    return act(t, {"animate": {"view": "V", "duration": duration, "to": {"centerX": to}, "options": ["curveLinear", *options]}})


def test_s66_model_and_presentation(module_server):
    s = run(module_server, SLIDING, [
        slide(0, 350, "allowUserInteraction"), report(0, "V", property="center"), report(500, "V", property="presentation.center"),
        D(1, 200, 150, 500), U(1, 200, 150, 560), D(2, 350, 150, 600), U(2, 350, 150, 660), advance(1000)])
    assert s.log() == [
        'note: act: animate V to {"centerX":350} over 1000 ms after 0 ms options [curveLinear, allowUserInteraction]',
        "anim: animation 1 began: V.center over 1000 ms, linear, interaction allowed",
        "note: act: V.center = (350, 150)", "note: act: V.presentation.center = (200, 150)",
        # Hit-testing uses the model: where V is drawn, the root gets the tap; where V will be, V and its tap do.
        "root.tb(1)", "controller.tb(1) via root", "root.te(1)", "controller.te(1) via root",
        "V.tb(2)", "root.tb(2) via V", "controller.tb(2) via root", "T:possible→ended",
        "V.tc(2)", "root.tc(2) via V", "controller.tc(2) via root", "act(T,ended)",
        "anim: animation 1 ended (finished true)", "note: animation of V done(true)"]
    record = next(m for m in s.messages if m["type"] == "render" and any("animations" in op.get("props", {}) for op in m["ops"]))
    animation = next(op["props"]["animations"][0] for op in record["ops"] if "animations" in op.get("props", {}))
    assert (animation["property"], animation["from"], animation["to"], animation["begin"], animation["duration"], animation["curve"]) == (
        "center", [50, 150], [350, 150], 0, 1000, "linear")


def test_s67_interaction_locked_while_animating(module_server):
    s = run(module_server, SLIDING, [
        slide(0, 350), D(1, 350, 150, 500), U(1, 350, 150, 560), D(2, 350, 650, 500 + 70), U(2, 350, 650, 600),
        D(3, 350, 150, 1100), U(3, 350, 150, 1160)])
    assert s.log()[1:] == [
        "anim: animation 1 began: V.center over 1000 ms, linear, interaction off",
        "anim: V refused the touch: animation 1 runs without .allowUserInteraction",
        "root.tb(1)", "controller.tb(1) via root", "root.te(1)", "controller.te(1) via root",
        "S.tb(2)", "S.te(2)", "anim: animation 1 ended (finished true)", "note: animation of V done(true)",
        "V.tb(3)", "root.tb(3) via V", "controller.tb(3) via root", "T:possible→ended",
        "V.tc(3)", "root.tc(3) via V", "controller.tc(3) via root", "act(T,ended)"]


def test_s68_completion(module_server):
    fade = {"animate": {"view": "V", "duration": 300, "delay": 200, "to": {"alpha": 0.5}, "options": ["curveLinear"]}}
    s = run(module_server, SLIDING, [
        act(0, fade), report(0, "V", property="alpha"), report(100, "V", property="presentation.alpha"),
        report(350, "V", property="presentation.alpha"), advance(499), D(1, 10, 700, 520)])
    assert reports(s) == ["V.alpha = 0.5", "V.presentation.alpha = 1", "V.presentation.alpha = 0.75"]
    # The completion (due at 500) runs in the first dispatch after it, before that dispatch's input; an input at
    # exactly 500 would come first (TouchKit's rule for every deadline).
    assert s.log()[-4:] == ["anim: animation 1 ended (finished true)", "note: animation of V done(true)",
                            "root.tb(1)", "controller.tb(1) via root"]
    s = run(module_server, SLIDING, [act(0, {**fade, "animate": {**fade["animate"], "duration": 0, "delay": 0}}),
                                     report(0, "V", property="presentation.alpha"), advance(1)])
    assert reports(s) == ["V.presentation.alpha = 0.5"] and "note: animation of V done(true)" in s.log()
    s = run(module_server, SLIDING, [act(0, fade), act(300, {"removeAnimations": "V"}), report(300, "V", property="presentation.alpha")])
    assert "note: animation of V done(false)" in s.log() and reports(s) == ["V.presentation.alpha = 0.5"]


def test_s69_overlapping_animations(module_server):
    s = run(module_server, SLIDING, [
        slide(0, 350), slide(500, 50), *[report(t, "V", property="presentation.center") for t in (500, 750, 1000, 1250, 1500)],
        report(1500, "V", property="center")])
    assert reports(s) == ["V.presentation.center = (200, 150)", "V.presentation.center = (200, 150)",
                          "V.presentation.center = (200, 150)", "V.presentation.center = (125, 150)",
                          "V.presentation.center = (50, 150)", "V.center = (50, 150)"]
    timeline = [line.removeprefix("note: ") for line in s.log() if " = " in line or "done(" in line]
    assert timeline == ["act: V.presentation.center = (200, 150)", "act: V.presentation.center = (200, 150)",
                        "animation of V done(true)", "act: V.presentation.center = (200, 150)",
                        "act: V.presentation.center = (125, 150)", "animation of V done(true)",
                        "act: V.presentation.center = (50, 150)", "act: V.center = (50, 150)"]
    s = run(module_server, SLIDING, [slide(0, 350), slide(500, 50, "beginFromCurrentState"), report(500, "V", property="presentation.center")])
    assert reports(s) == ["V.presentation.center = (200, 150)"]


def test_s70_paths_as_hit_areas(module_server):
    def hit(shape: dict, x: float, y: float, frame=(100, 100, 100, 100)) -> bool:
        """Whether a touch at (x, y) lands on a view with ``shape`` as its ``point(inside:with:)``."""
        return run(module_server, scene([view("V", *frame, hitShape=shape)]), [D(1, x, y, 0)]).log()[:1] == ["V.tb(1)"]

    rings = {"path": [["rect", 0, 0, 100, 100], ["rect", 25, 25, 50, 50]]}
    assert hit(rings, 150, 150) and not hit({**rings, "evenOdd": True}, 150, 150)
    assert hit(rings, 110, 110) and hit({**rings, "evenOdd": True}, 110, 110)
    assert not hit({"path": [["rect", 0, 0, 100, 100], ["reversedRect", 25, 25, 50, 50]]}, 150, 150)
    open_path = [["move", 0, 0], ["line", 100, 0], ["line", 100, 100]]
    assert not hit({"path": open_path}, 190, 110) and hit({"path": [*open_path, ["close"]]}, 190, 110)
    assert not hit({"oval": True}, 105, 105) and hit({"oval": True}, 150, 150)
    assert not hit({"path": [["rect", 0, 0, 100, 100]]}, 250, 150, frame=(100, 100, 200, 100))


def display_lists(s) -> list:
    return [op["displayList"] for m in s.messages if m["type"] == "render" for op in m["ops"] if op["op"] == "display"]


def test_s70_shape_layer_stroke_and_layer_geometry(module_server):
    corner = [["move", 0, 0], ["line", 100, 0], ["line", 100, 100]]
    at_origin = {"path": corner, "strokeColor": "#000000", "bounds": [100, 100], "anchorPoint": [0, 0]}
    s = run(module_server, scene([view("V", 0, 0, 300, 300, shape={**at_origin, "strokeEnd": 0.75})]), [advance(1)])
    assert [[(c["cmd"], c["path"][-1]) for c in commands] for commands in display_lists(s)] == [[("stroke", ["line", 100, 50])]]
    s = run(module_server, scene([view("V", 0, 0, 300, 300, shape={**at_origin, "strokeStart": 0.8, "strokeEnd": 0.75})]), [advance(1)])
    assert all(not commands for commands in display_lists(s)), "nothing is stroked"
    placed = {"path": corner, "bounds": [100, 50], "position": [100, 100]}
    s = run(module_server, scene([view("V", 0, 0, 300, 300, shape=placed)]), [
        report(0, "V", property="shape.frame"),
        act(1, {"set": {"view": "V", "property": "shape", "value": {**placed, "anchorPoint": [0, 0]}}}),
        report(2, "V", property="shape.frame")])
    assert reports(s) == ["V.shape.frame = (50, 75, 100, 50)", "V.shape.frame = (100, 100, 100, 50)"]


def bounce_scene(**fields) -> dict:
    return scene([{"id": "SV", "kind": "scrollView", "frame": [0, 0, 400, 800], "contentSize": [400, 600], "delaysContentTouches": False,
                   **fields, "children": [view("C", 0, 0, 400, 600)]}])


DOWN_DRAG = [D(1, 200, 400, 0), *[M(1, 200, 400 + 10 * k, 16 * k) for k in range(1, 21)], U(1, 200, 600, 336)]


def offsets(s) -> list[float]:
    names: dict[int, str] = {}
    ys = []
    for message in s.messages:
        for op in message.get("ops", []) if message["type"] == "render" else []:
            if op["op"] == "create":
                names[op["id"]] = op["name"]
            if names.get(op["id"]) == "SV" and "bounds" in op.get("props", {}):
                ys.append(op["props"]["bounds"][1])
    return ys


def test_s71_always_bounce_vertical(module_server):
    s = run(module_server, bounce_scene(), DOWN_DRAG)
    assert [line for line in s.log() if line.startswith("C.")] == ["C.tb(1)"] + ["C.tm(1)"] * 20 + ["C.te(1)"]
    assert offsets(s) == [0]
    s = run(module_server, bounce_scene(alwaysBounceVertical=True), [*DOWN_DRAG, advance(3000)])
    assert [line for line in s.log() if line.startswith("C.")][-1] == "C.tc(1)"
    assert min(offsets(s)) < 0 and offsets(s)[-1] == 0
    s = run(module_server, bounce_scene(alwaysBounceVertical=True, bounces=False), DOWN_DRAG)
    assert offsets(s) == [0] and [line for line in s.log() if line.startswith("C.")][-1] == "C.te(1)"
    s = run(module_server, bounce_scene(alwaysBounceVertical=True),
            [D(1, 100, 400, 0), *[M(1, 100 + 10 * k, 400, 16 * k) for k in range(1, 21)], U(1, 300, 400, 336)])
    assert all(op == 0 for op in offsets(s))
