"""Every scene fits every screen, checked from the render tree over the protocol (Python ``websockets``).

For each scene of the catalog and each of seven device sizes — phones in portrait (375×667, 390×844,
430×932), a landscape phone (844×390), a tablet both ways (820×1180, 1180×820) and a desktop
(1280×800) — and again after rotations: no interactive or text-bearing view lies outside the window
(controls, scroll views, views of the scenes' own classes, views with recognizers, labels; scroll-view content
excepted, it scrolls), and
the scene uses the screen rather than a 400×800 corner (its content is centred on the window or
spans most of it).
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from conftest import ServerProcess

SUBPROTOCOL = "touchbridge.v1"
SIZES = [(375, 667), (390, 844), (430, 932), (844, 390), (820, 1180), (1180, 820), (1280, 800)]
ROTATIONS = [((390, 844), (844, 390)), ((844, 390), (390, 844)), ((820, 1180), (1180, 820)), ((1280, 800), (375, 667))]
CONTROL_KINDS = {"UIButton", "UISlider", "UISwitch", "UIControl", "UIScrollView"}
PLAIN_KINDS = {"UIView", "UIImageView", "UILabel", "UIWindow"}


class Tree:
    """The view tree of one full render, with every view's rectangle in window points."""

    def __init__(self, render: dict):
        self.nodes: dict[int, dict] = {}
        for op in render["ops"]:
            if op["op"] == "create":
                self.nodes[op["id"]] = {"parent": op["parent"], "kind": op["kind"], "name": op["name"], "props": op["props"]}
        self.recognized_views = {r["view"] for r in render.get("recognizers", [])}

    def chain(self, node_id: int):
        while node_id is not None:
            yield self.nodes[node_id]
            node_id = self.nodes[node_id]["parent"]

    @staticmethod
    def to_parent(node: dict, x: float, y: float) -> tuple[float, float]:
        props = node["props"]
        bx, by, bw, bh = props.get("bounds", [0, 0, 0, 0])
        cx, cy = props.get("center", [0, 0])
        a, b, c, d, tx, ty = props.get("transform", [1, 0, 0, 1, 0, 0])
        dx, dy = x - (bx + bw / 2), y - (by + bh / 2)
        return cx + a * dx + c * dy + tx, cy + b * dx + d * dy + ty

    def rect(self, node_id: int) -> tuple[float, float, float, float]:
        bx, by, bw, bh = self.nodes[node_id]["props"].get("bounds", [0, 0, 0, 0])
        corners = [(bx, by), (bx + bw, by), (bx, by + bh), (bx + bw, by + bh)]
        points = []
        for x, y in corners:
            for node in self.chain(node_id):
                x, y = self.to_parent(node, x, y)
            points.append((x, y))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)

    def visible(self, node_id: int) -> bool:
        return all(not n["props"].get("hidden", False) and n["props"].get("alpha", 1) >= 0.01 for n in self.chain(node_id))

    def in_scroll_content(self, node_id: int) -> bool:
        return any(n["kind"] == "UIScrollView" for n in list(self.chain(node_id))[1:])

    def checked_views(self) -> list[int]:
        """Visible interactive or text-bearing views outside scroll content: controls and scroll views,
        views of the scene's own classes (they handle touches), views with recognizers, labels."""
        result = []
        for node_id, node in self.nodes.items():
            if node["parent"] is None or not self.visible(node_id) or self.in_scroll_content(node_id):
                continue
            kind = node["kind"]
            if kind in CONTROL_KINDS or kind not in PLAIN_KINDS or kind == "UILabel" or node["name"] in self.recognized_views:
                result.append(node_id)
        return result


def problems(tree: Tree, width: float, height: float, scene: str) -> list[str]:
    found = []
    checked = tree.checked_views()
    for node_id in checked:
        x0, y0, x1, y1 = tree.rect(node_id)
        if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5:
            found.append(f"{scene} at {width}×{height}: {tree.nodes[node_id]['name']} "
                         f"({x0:.0f},{y0:.0f})–({x1:.0f},{y1:.0f}) lies outside the window")
    content = [tree.rect(i) for i in checked]
    if content:
        x0, y0 = min(r[0] for r in content), min(r[1] for r in content)
        x1, y1 = max(r[2] for r in content), max(r[3] for r in content)
        for axis, low, high, size in (("x", x0, x1, width), ("y", y0, y1, height)):
            centred = abs((low + high) / 2 - size / 2) <= size / 4
            spans = high - low >= size * 0.6
            if not (centred or spans):
                found.append(f"{scene} at {width}×{height}: content {low:.0f}–{high:.0f} on {axis} "
                             f"is neither centred on the window nor spanning it")
    return found


async def receive_full_render(ws) -> dict:
    async with asyncio.timeout(10):
        while True:
            message = json.loads(await ws.recv())
            assert message["type"] != "error", message
            if message["type"] == "render" and message["full"]:
                return message


class Paced:
    """Sends at most 200 messages a second, well inside the server's default rate limit (400/s)."""

    def __init__(self, ws):
        self.ws = ws

    async def send(self, message: dict) -> None:
        await asyncio.sleep(1 / 200)
        await self.ws.send(json.dumps(message))

    async def recv(self):
        return await self.ws.recv()


async def settle(ws, tree: Tree) -> None:
    """Applies every render until the server answers a ping (so everything before it has arrived)."""
    await ws.send({"type": "ping", "id": 1})
    async with asyncio.timeout(10):
        while True:
            message = json.loads(await ws.recv())
            assert message["type"] != "error", message
            if message["type"] == "render":
                apply(tree, message)
            if message["type"] == "pong":
                return


async def check_all(url: str) -> tuple[int, list[str]]:
    found: list[str] = []
    checked = 0
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as socket:
        ws = Paced(socket)
        await ws.send({"type": "hello", "protocol": 1, "role": "device", "clock": "manual",
                                  "viewport": {"width": 400, "height": 800, "scale": 2}})
        welcome = json.loads(await ws.recv())
        scenes = [s["name"] for s in welcome["scenes"]]
        await receive_full_render(ws)
        for width, height in SIZES:
            await ws.send({"type": "resize", "width": width, "height": height, "scale": 2})
            for scene in scenes:
                await ws.send({"type": "scene", "scene": scene})
                found += problems(Tree(await receive_full_render(ws)), width, height, scene)
                checked += 1
        for (w0, h0), (w1, h1) in ROTATIONS:
            for scene in scenes:
                await ws.send({"type": "resize", "width": w0, "height": h0, "scale": 2})
                await ws.send({"type": "scene", "scene": scene})
                tree = Tree(await receive_full_render(ws))
                await ws.send({"type": "resize", "width": w1, "height": h1, "scale": 2})
                await settle(ws, tree)
                found += problems(tree, w1, h1, f"{scene} rotated from {w0}×{h0}")
                checked += 1
    return checked, found


@pytest.fixture(scope="module")
def unmetered_server(tmp_path_factory):
    """A server without the per-connection engine-time share: this check builds every scene 220 times
    on one connection, far more than the fairness budget lets one client do (docs/security.md)."""
    config = tmp_path_factory.mktemp("fit") / "touchbridge.json"
    config.write_text(json.dumps({"engineSecondsPerSecond": 0}))
    server = ServerProcess(extra_args=("--config", str(config)))
    server.start()
    yield server
    server.stop()


def test_every_scene_fits_every_screen_and_after_rotation(unmetered_server):
    checked, found = asyncio.run(check_all(unmetered_server.ws_url))
    assert checked >= 20 * (len(SIZES) + len(ROTATIONS)) - 1, checked
    assert found == [], "\n".join(found)


async def pinch_through_rotations(url: str) -> tuple[list[str], dict, dict]:
    """A two-finger pinch on transform-image with a rotation and a burst of resizes between its moves."""
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as socket:
        ws = Paced(socket)
        await ws.send({"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "scene": "transform-image",
                       "viewport": {"width": 390, "height": 844, "scale": 3}})
        json.loads(await ws.recv())
        mirror = Tree(await receive_full_render(ws))
        texts: list[str] = []

        async def step(message: dict) -> None:
            await ws.send(message)
            async with asyncio.timeout(10):
                while True:
                    reply = json.loads(await ws.recv())
                    assert reply["type"] != "error", reply
                    if reply["type"] == "render":
                        apply(mirror, reply)
                    if reply["type"] == "events":
                        texts.extend(e["text"] for e in reply["log"])
                        if reply.get("seq") == message.get("seq"):
                            return

        def pointers(seq: int, t: float, phase: str, gap: float) -> dict:
            return {"type": "input", "seq": seq, "pointers": [
                {"id": 1, "phase": phase, "x": 195 - gap / 2, "y": 422, "t": t, "pointerType": "touch"},
                {"id": 2, "phase": phase, "x": 195 + gap / 2, "y": 422, "t": t, "pointerType": "touch"}]}

        await step(pointers(1, 0, "down", 100))
        sizes = [(844, 390), (390, 844), (844, 390), (600, 600), (820, 1180), (844, 390)]
        for index, (width, height) in enumerate(sizes):
            await ws.send({"type": "resize", "width": width, "height": height, "scale": 3})
            await step(pointers(2 + index, 16 * (index + 1), "move", 100 + 20 * (index + 1)))
        await step(pointers(20, 200, "up", 220))
        await asyncio.sleep(0.3)  # resync is answered at most every 250 ms
        await ws.send({"type": "resync"})
        return texts, mirror.nodes, Tree(await receive_full_render(ws)).nodes


def apply(tree: Tree, render: dict) -> None:
    """Applies a render diff's `set` and `create` ops (all this gesture produces) to the tree."""
    for op in render["ops"]:
        if op["op"] == "set":
            props = tree.nodes[op["id"]]["props"]
            for key, value in op["props"].items():
                if value is None:
                    props.pop(key, None)
                else:
                    props[key] = value
        elif op["op"] == "create":
            tree.nodes[op["id"]] = {"parent": op["parent"], "kind": op["kind"], "name": op["name"], "props": op["props"]}
        else:
            raise AssertionError(f"unexpected op {op['op']}")


def test_rotating_during_a_live_pinch_keeps_the_gesture_and_the_render_consistent(server_process):
    texts, incremental, full = asyncio.run(pinch_through_rotations(server_process.ws_url))
    pinch = [t for t in texts if t.startswith("pinch:")]
    assert pinch[0] == "pinch:possible→began" and pinch[-2:] == ["pinch:changed→ended", "pinch:ended→possible [reset]"], pinch
    assert not any("cancelled" in t or "failed" in t for t in pinch), pinch
    assert incremental == full, "the diffs applied during the rotations give the same tree as a full render"
    window = next(n for n in full.values() if n["parent"] is None)
    assert window["props"]["bounds"] == [0, 0, 844, 390]
