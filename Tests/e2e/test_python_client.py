"""The Python client package (``clients/python/touchbridge``) against the real server binary: hello and the manual
clock, gestures, ``act``, expectations and their failure messages, unknown names, and gestures released at an exact
velocity read back from TouchKit's estimators at 60, 120 and 240 Hz.
"""

from __future__ import annotations

import asyncio
import json
import subprocess

import pytest

import conftest
import touchbridge as tb
from conftest import ROOT, ServerProcess


@pytest.fixture(scope="module")
def url():
    # Gestures at 240 Hz on the manual clock go out as fast as the socket takes them: no engine-time share
    # (its own tests are test_security.py's).
    server = ServerProcess(extra_args=("--engine-seconds-per-second", "0"))
    server.start()
    yield server.ws_url
    server.stop()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_a_tap_with_transitions_actions_responders_and_render(url):
    async def scenario():
        async with tb.connect(url, scene="tap-recognition") as session:
            assert session.welcome["scene"] == "tap-recognition" and session.welcome["clock"] == "manual"
            result = await session.perform(tb.tap((220, 410)))
            assert (result.start, result.end, result.frames) == (0, 60, 2)
            assert "tap:possible→ended" in result.transitions
            await session.expect_transition("tap", to="ended", from_="possible",
                                            values={"location": [220, 410], "numberOfTouches": 1})
            await session.expect_action("tap", "ended")
            await session.expect_responder("image", "touchesBegan", touches=1)
            assert await session.expect_render("image", "center", [220, 410]) == [220, 410]
            assert session.now == 60

    run(scenario())


def test_expectations_let_manual_time_pass(url):
    async def scenario():
        async with tb.connect(url, scene="single-double-tap") as session:
            await session.perform(tb.tap((100, 400)))
            await session.expect(tb.Waiting("singleTap"), within=0)
            # The single tap waits for the double tap to fail: the expectation advances the clock.
            await session.expect_sequence(tb.Transition("doubleTap", "failed"), tb.Transition("singleTap", "ended"))
            assert 60 < session.now <= 60 + 350 + session.wait_step
            await session.advance(by=1000)
            await session.perform(tb.double_tap((100, 400)))
            await session.expect_transition("doubleTap", to="ended")
            await session.expect_no(tb.Transition("singleTap", "ended"), within=500)

    run(scenario())


def test_a_failing_expectation_names_the_recognizer_and_transition_and_shows_the_log(url):
    async def scenario():
        async with tb.connect(url, scene="single-double-tap") as session:
            await session.perform(tb.double_tap((100, 400)))
            with pytest.raises(tb.ExpectationFailure) as failure:
                await session.expect_transition("singleTap", to="ended", within=400)
            return str(failure.value)

    message = run(scenario())
    assert message.startswith("expected transition singleTap → ended\n"), message
    assert "closest: singleTap:possible→failed" in message, message
    assert "doubleTap:possible→ended" in message and "act(doubleTap,ended)" in message, message
    assert "log since the gesture" in message


def test_the_closest_transitions_are_the_decisions_not_the_changed_stream(url):
    async def scenario():
        async with tb.connect(url, scene="transform-image") as session:
            await session.perform(tb.pan((200, 400), (300, 400)))
            with pytest.raises(tb.ExpectationFailure) as failure:
                await session.expect_transition("pan", to="failed", within=0)
            return str(failure.value)

    closest = next(line for line in run(scenario()).splitlines() if line.startswith("  closest: "))
    decisions = [part.split(" {")[0] for part in closest[len("  closest: "):].split(" · ")]
    assert decisions == ["pan:possible→began", "pan:changed→ended"], closest


def test_unknown_names_are_errors_even_when_negated(url):
    async def scenario():
        async with tb.connect(url, scene="controls") as session:
            await session.perform(tb.tap((110, 122)))
            await session.expect_sequence(tb.ControlEvent("button", "touchDown"), tb.ControlEvent("button", "touchUpInside"))
            await session.expect_no(tb.Action("containerTap", "ended"), within=400)
            for expectation in (session.expect_no(tb.ControlEvent("crad", "touchUpInside")),
                                session.expect_control_event("button", "touchUpInsdie"),
                                session.expect_transition("containerTapp", to="ended"),
                                session.expect_transition("containerTap", to="endd"),
                                session.expect_transition("containerTap", to="ended", values={"scael": 1}),
                                session.expect_responder("buton", "touchesBegan"),
                                session.expect_render("buton", "center", [0, 0])):
                with pytest.raises(tb.UnknownName) as error:
                    await expectation
                assert "in this scene" in str(error.value) or "must be one of" in str(error.value)
            with pytest.raises(tb.UnknownName, match="no control named 'crad' in this scene"):
                await session.expect_no(tb.ControlEvent("crad", "touchUpInside"))

    run(scenario())


def test_act_changes_the_app_and_bad_actions_are_refused(url):
    async def scenario():
        async with tb.connect(url, scene="tap-recognition") as session:
            await session.act({"set": {"recognizer": "tap", "property": "enabled", "value": False}})
            await session.expect_note("act: set tap.enabled = false")
            await session.perform(tb.tap((220, 410)))
            await session.expect_no(tb.Transition("tap", "ended"), within=100)
            with pytest.raises(tb.ServerError) as error:
                await session.act({"set": {"recognizer": "nope", "property": "enabled", "value": True}})
            assert error.value.code == "schema" and error.value.path.startswith("actions[0].set.recognizer")
            # An inline scene's recognizer added at run time is a name expectations accept.
            return session.names.recognizers

    assert "tap" in run(scenario())


def test_every_gesture_kind(url):
    scene = {"name": "pad", "views": [{"id": "pad", "frame": [0, 0, 400, 800], "multipleTouch": True, "responder": "log"}],
             "recognizers": [{"id": "press", "kind": "longPress", "view": "pad"},
                             {"id": "edge", "kind": "screenEdgePan", "view": "pad", "edges": ["left"]},
                             {"id": "twoFingerTap", "kind": "tap", "view": "pad", "numberOfTouchesRequired": 2}]}

    async def scenario():
        async with tb.connect(url, scene=scene) as session:
            await session.perform(tb.long_press((200, 400)))
            await session.expect_transition("press", to="began", values={"numberOfTouches": 1})
            await session.perform(tb.pause(300), tb.edge_pan("left", distance=150))
            await session.expect_transition("edge", to="ended")
            await session.perform(tb.tap((200, 400), fingers=2))
            await session.expect_transition("twoFingerTap", to="ended", values={"numberOfTouches": 2})
            await session.perform(tb.raw([{"finger": 1, "phase": "down", "at": (50, 50), "t": 0},
                                          {"finger": 1, "phase": "cancel", "at": (50, 50), "t": 30}]))
            await session.expect_responder("pad", "touchesCancelled", touches=1)
            # Twenty contacts landing and lifting one after another in one frame: 40 changes, more than the server
            # takes in one message (maxPointersPerInput 32), so they go in two.
            contacts = [{"finger": n, "phase": phase, "at": (20 * n, 100), "t": 0}
                        for n in range(1, 21) for phase in ("down", "up")]
            result = await session.perform(tb.raw(contacts))
            assert result.frames == 1 and sum(e["kind"] == "hitTest" for e in result.log) == 20
            await session.expect(tb.HitTest("pad"))
            with pytest.raises(tb.UnknownName, match="no view named 'pda' in this scene"):
                await session.expect(tb.HitTest("pda"))
            with pytest.raises(tb.GestureError, match="lifts at 10 ms but is not down"):
                await session.perform(tb.raw([{"finger": 1, "phase": "up", "at": (1, 1), "t": 10}]))
        async with tb.connect(url, scene="transform-image") as session:
            await session.perform(tb.pinch((200, 400), 100, 200))
            await session.expect_transition("pinch", to="began", values={"numberOfTouches": 2, "scale": tb.at_least(1.05)},
                                            tolerance=0.01)
            await session.expect_render("image", "transform", [2, 0, 0, 2, 0, 0], tolerance=0.01)
            await session.advance(by=500)
            await session.perform(tb.rotate((200, 400), degrees=90, duration=400))
            await session.expect_transition("rotation", to="ended")
            await session.expect_render("image", "transform", [0, 2, -2, 0, 0, 0], tolerance=0.05)
        async with tb.connect(url, scene="swipe") as session:
            await session.perform(tb.swipe("right", (80, 200), distance=200, speed=1000))
            await session.expect_transition("swipe-right", to="ended", values={"numberOfTouches": 1})
            await session.expect_render("status", "text", "recognizer: right")
        async with tb.connect(url, scene="drag-and-drop") as session:
            await session.perform(tb.pan((200, 400), (300, 500), hold=700, duration=300))
            await session.expect_sequence(tb.Transition("longPress", "began"), tb.Transition("pan", "began"),
                                          tb.Transition("pan", "ended"))
            await session.expect_render("image", "center", [300, 500])

    run(scenario())


def velocity_scene(kind: str) -> dict:
    return {"name": f"velocity-{kind}", "views": [{"id": "pad", "frame": [0, 0, 400, 800], "multipleTouch": True}],
            "recognizers": [{"id": kind, "kind": kind, "view": "pad"}]}


def close(measured: float, requested: float) -> bool:
    return abs(measured - requested) <= 0.01 * abs(requested)


@pytest.mark.parametrize("rate", [60, 120, 240])
def test_gestures_released_at_a_velocity_read_it_back(url, rate):
    async def release_velocity(session, recognizer):
        return (await session.expect_transition(recognizer, to="ended"))["values"]["velocity"]

    async def scenario():
        async with tb.connect(url, scene=velocity_scene("pan")) as session:
            await session.perform(tb.pan((100, 400), (300, 500), release_velocity=(800, -300), sample_rate=rate))
            vx, vy = await release_velocity(session, "pan")
            assert close(vx, 800) and close(vy, -300), (vx, vy)
            await session.perform(tb.flick((300, 600), velocity=(-1200, -900), sample_rate=rate))
            vx, vy = await release_velocity(session, "pan")
            assert close(vx, -1200) and close(vy, -900), (vx, vy)
            await session.perform(tb.swipe("up", (200, 700), distance=300, speed=1500, sample_rate=rate))
            vx, vy = await release_velocity(session, "pan")
            assert abs(vx) < 0.001 and close(vy, -1500), (vx, vy)
        async with tb.connect(url, scene=velocity_scene("pinch")) as session:
            await session.perform(tb.pinch((200, 400), 200, 120, release_velocity=-0.2, sample_rate=rate))
            assert close((await release_velocity(session, "pinch"))[0], -0.2)
        async with tb.connect(url, scene=velocity_scene("rotation")) as session:
            await session.perform(tb.rotate((200, 400), degrees=60, release_velocity=3, sample_rate=rate))
            assert close((await release_velocity(session, "rotation"))[0], 3)

    run(scenario())


def test_a_release_velocity_needs_the_estimators_window():
    with pytest.raises(tb.GestureError, match="at least 116.667 ms at 60 Hz"):
        tb.pan((0, 0), (100, 0), release_velocity=(500, 0), duration=100).timeline()
    with pytest.raises(tb.GestureError, match="cross"):
        tb.pinch((200, 400), 100, 10, release_velocity=1).timeline()
    with pytest.raises(tb.GestureError, match="needs 1 to 1000000 frames"):
        tb.flick((0, 0), velocity=(1, 1), duration=1e300).timeline()


def recorded_inputs(directory) -> list[list[dict]]:
    """The pointers of every ``input`` message of the one recording in ``directory``."""
    files = list(directory.glob("*.jsonl"))
    assert len(files) == 1, files
    lines = [json.loads(line) for line in files[0].read_text().splitlines()]
    messages = [json.loads(line["in"]) for line in lines if "in" in line]
    return [[{k: p.get(k) for k in ("id", "phase", "x", "y", "t")} for p in m["pointers"]]
            for m in messages if m["type"] == "input"]


def test_the_python_gestures_send_the_swift_clients_stream(tmp_path):
    # The same gestures from `touchbridge drive` (the Swift client) and from the package, both recorded by the
    # server: every input message must be the same, pointer by pointer, to the last bit of every number.
    scene = {"name": "pad", "views": [{"id": "pad", "frame": [0, 0, 400, 800], "multipleTouch": True}],
             "recognizers": [{"id": "pan", "kind": "pan", "view": "pad"}]}
    steps = [
        ({"gesture": "tap", "at": [200, 400], "fingers": 3, "count": 2}, tb.tap((200, 400), fingers=3, count=2)),
        ({"gesture": "longPress", "at": [120.5, 300], "duration": 650}, tb.long_press((120.5, 300), duration=650)),
        ({"gesture": "pan", "from": [10, 20], "to": [310.7, 620.3], "duration": 333, "hold": 120, "easing": "easeInOut",
          "fingers": 2, "sampleRate": 120}, tb.pan((10, 20), (310.7, 620.3), duration=333, hold=120, easing="easeInOut",
                                                  fingers=2, sample_rate=120)),
        ({"gesture": "pan", "path": [[50, 50], [250, 90], [90, 300]], "duration": 410},
         tb.pan(along=[(50, 50), (250, 90), (90, 300)], duration=410)),
        ({"gesture": "swipe", "direction": "up", "from": [200, 700], "distance": 333, "speed": 1700},
         tb.swipe("up", (200, 700), distance=333, speed=1700)),
        ({"gesture": "edgePan", "edge": "right", "distance": 123}, tb.edge_pan("right", distance=123)),
        ({"gesture": "pinch", "center": [200, 400], "from": 90, "to": 270, "degrees": 33, "duration": 250},
         tb.pinch((200, 400), 90, 270, degrees=33, duration=250)),
        ({"gesture": "rotate", "center": [200, 400], "radius": 70, "degrees": -75, "startDegrees": 20},
         tb.rotate((200, 400), degrees=-75, radius=70, start_degrees=20)),
        ({"gesture": "pause", "duration": 90}, tb.pause(90)),
        ({"gesture": "pan", "from": [100, 600], "to": [300, 200], "releaseVelocity": [400, -1200], "sampleRate": 240},
         tb.pan((100, 600), (300, 200), release_velocity=(400, -1200), sample_rate=240)),
        ({"gesture": "flick", "from": [300, 600], "velocity": [-1234.5, -987.6], "sampleRate": 90},
         tb.flick((300, 600), velocity=(-1234.5, -987.6), sample_rate=90)),
        ({"gesture": "pinch", "center": [200, 400], "from": 100, "to": 250, "releaseVelocity": 1.5, "degrees": 17},
         tb.pinch((200, 400), 100, 250, release_velocity=1.5, degrees=17)),
        ({"gesture": "rotate", "center": [200, 400], "degrees": 60, "releaseVelocity": 3, "startDegrees": 10,
          "radius": 90}, tb.rotate((200, 400), degrees=60, release_velocity=3, start_degrees=10, radius=90)),
    ]
    script = tmp_path / "gestures.json"
    script.write_text(json.dumps({"scene": scene, "steps": [step for step, _ in steps]}))
    swift = subprocess.run([str(conftest.SERVER_BIN), "drive", "--record", str(tmp_path / "swift"), str(script)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert swift.returncode == 0, swift.stdout + swift.stderr

    server = ServerProcess(extra_args=("--record", str(tmp_path / "python")))
    server.start()
    try:
        async def scenario():
            async with tb.connect(server.ws_url, scene=scene) as session:
                for _, gesture in steps:
                    await session.perform(gesture)

        run(scenario())
    finally:
        server.stop()
    python, swift_inputs = recorded_inputs(tmp_path / "python"), recorded_inputs(tmp_path / "swift")
    assert len(python) == len(swift_inputs) > 100
    for index, (ours, theirs) in enumerate(zip(python, swift_inputs)):
        assert ours == theirs, f"input message {index}: Python {ours} vs Swift {theirs}"


def with_server(*args: str, scenario) -> object:
    """Runs ``scenario(ws_url)`` against a server of its own started with ``args``; its result."""
    server = ServerProcess(extra_args=args)
    server.start()
    try:
        return run(scenario(server.ws_url))
    finally:
        server.stop()


def test_messages_the_rate_limit_drops_are_sent_again():
    # 40 messages a second: a pan of 61 inputs outruns the bucket; every input still lands, in order.
    async def scenario(url):
        async with tb.connect(url, scene="drag-and-drop") as session:
            result = await session.perform(tb.pan((200, 400), (300, 500), hold=700, duration=1000))
            await session.expect_transition("pan", to="ended")
            await session.expect_render("image", "center", [300, 500])
            return result.frames, session.rate_limited

    frames, dropped = with_server("--max-messages-per-second", "40", scenario=scenario)
    assert frames == 61 and dropped > 0


def test_a_pause_for_backpressure_is_counted_not_raised():
    # readPauseBytes at its minimum: the welcome and first full render alone pass it, so the server pauses
    # reading and says `overloaded` — no request was refused, and the session goes on.
    async def scenario(url):
        async with tb.connect(url, scene="tap-recognition") as session:
            await session.perform(tb.tap((220, 410)))
            await session.expect_transition("tap", to="ended")
            return session.overloaded

    assert with_server("--read-pause-bytes", "1024", scenario=scenario) >= 1
