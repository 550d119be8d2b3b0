"""Three to five fingers from a laptop (issue 24): hold F and click to place fingers, then drag them — in real
Chromium with a mouse. A three-finger swipe reaches a declarative scene's 3-touch swipe recognizer end to end
(checked in the server's log); pressing on one placed finger moves it alone; Esc takes them away.
"""

from __future__ import annotations

import json

from conftest import ServerProcess
from test_page import pages  # noqa: F401  (pages is a fixture)
from test_sheet import DESKTOP

SCENE = {
    "name": "three-finger-swipe",
    "title": "Three-finger swipe",
    "description": "A swipe to the left that needs three fingers.",
    "views": [{"id": "pad", "kind": "view", "frame": {"left": 0, "top": 0, "right": 0, "bottom": 0}}],
    "recognizers": [{"id": "swipe3", "kind": "swipe", "view": "pad", "numberOfTouchesRequired": 3, "direction": ["left"]}],
}


def place(page, points):
    page.page.keyboard.down("f")
    for x, y in points:
        page.page.mouse.click(x, y)
    page.page.keyboard.up("f")


def test_three_placed_fingers_swipe_left_together_and_one_moves_alone(pages, tmp_path, artifacts):
    scenes = tmp_path / "scenes"
    scenes.mkdir()
    (scenes / "three-finger-swipe.json").write_text(json.dumps(SCENE))
    server = ServerProcess(extra_args=("--scenes", str(scenes)))
    server.start()
    try:
        page = pages(server.base_url + "?scene=three-finger-swipe", context=DESKTOP)
        stage = page.js("() => document.querySelector('#stage').getBoundingClientRect().toJSON()")
        x0, y0 = stage["x"] + stage["width"] * 0.6, stage["y"] + stage["height"] * 0.4
        spots = [(x0, y0), (x0 + 40, y0 + 30), (x0 - 40, y0 + 30)]
        place(page, spots)
        ghosts = page.js("() => window.__touchbridge.fingers().filter(f => f.ghost)")
        assert len(ghosts) == 3, ghosts
        assert page.sent("input") == 0, "placed fingers do not touch yet"
        page.screenshot(artifacts, "placed-fingers-desktop")

        since = page.log_length()
        mouse = page.page.mouse
        mouse.move(x0, y0 + 80)
        mouse.down()
        for i in range(1, 9):
            mouse.move(x0 - 25 * i, y0 + 80)
        page.wait("() => window.__touchbridge.fingers().filter(f => f.virtual).length === 3")
        mouse.up()
        page.wait_transition("swipe3", "ended", since)
        # A swipe ends on a move, so the lifts may still be on their way: wait for them, not for the transition.
        page.wait("() => window.__touchbridge.recentInputs.flatMap(m => m.pointers).filter(p => p.phase === 'up').length === 3")

        # End to end: the server saw three touches land together, move and lift; its swipe recognized.
        downs = page.js("() => window.__touchbridge.recentInputs.flatMap(m => m.pointers).filter(p => p.phase === 'down')")
        assert len(downs) == 3 and len({d["id"] for d in downs}) == 3 and len({d["t"] for d in downs}) == 1, downs
        ups = page.js("() => window.__touchbridge.recentInputs.flatMap(m => m.pointers).filter(p => p.phase === 'up')")
        assert sorted(round(u["x"] - d["x"]) for u, d in zip(sorted(ups, key=lambda p: p["id"]), sorted(downs, key=lambda p: p["id"]))) == [-200] * 3
        log = page.log()[since:]
        assert [e["to"] for e in log if e["kind"] == "transition" and e["recognizer"] == "swipe3"][0] == "ended"
        assert len({e["touch"] for e in log if e["kind"] == "hitTest"}) == 3, "three touches were hit-tested"
        page.wait("(tb) => tb.serverPointers.length === 0")
        assert len(page.js("() => window.__touchbridge.fingers().filter(f => f.ghost)")) == 3, "they stay placed where they ended"

        # Pressed on one placed finger: that one moves alone, the others hold still (no swipe: one finger moved).
        ghosts = page.js("() => window.__touchbridge.fingers().filter(f => f.ghost)")
        first = ghosts[0]
        sent = page.js("() => window.__touchbridge.recentInputs.length")
        mouse.move(first["x"] + stage["x"], first["y"] + stage["y"])
        mouse.down()
        mouse.move(first["x"] + stage["x"], first["y"] + stage["y"] + 60, steps=4)
        mouse.up()
        page.wait("(tb, n) => tb.recentInputs.length > n && tb.recentInputs.at(-1).pointers.some(p => p.phase === 'up')", sent)
        moves = page.js("(n) => window.__touchbridge.recentInputs.slice(n).flatMap(m => m.pointers).filter(p => p.phase === 'move')", sent)
        assert moves and len({m["id"] for m in moves}) == 1, moves

        # Esc takes them all away: the next press is the mouse's one finger again.
        page.page.keyboard.press("Escape")
        assert page.js("() => window.__touchbridge.fingers()") == []
        sent = page.js("() => window.__touchbridge.recentInputs.length")
        mouse.click(x0, y0)
        page.wait("(tb, n) => tb.recentInputs.slice(n).some(m => m.pointers.some(p => p.phase === 'up'))", sent)
        downs = page.js("(n) => window.__touchbridge.recentInputs.slice(n).flatMap(m => m.pointers).filter(p => p.phase === 'down')", sent)
        assert len(downs) == 1
    finally:
        server.stop()
