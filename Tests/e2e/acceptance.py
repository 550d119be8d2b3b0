"""Helpers for the acceptance suites (``test_acceptance_*.py``): the acceptance scenarios (numbered as docs/uikit-rules.md explains) as black-box protocol sessions — a Python ``websockets`` client, an inline scene, the manual clock — and the
event log as the scenario writes it (``V.tb(1)``, ``R:possible→ended``, ``act(R,ended)``).

Each suite starts one server (``module_server``); a scenario is a list of messages, each answered before the next
is sent, so a run is deterministic and takes milliseconds.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from conftest import ServerProcess
from test_server import SUBPROTOCOL, VIEWPORT, receive_until


@pytest.fixture(scope="module")
def module_server():
    # Scenarios replay whole gestures as fast as the socket takes them on a debug build: no engine-time share
    # (its own tests are test_security.py's).
    server = ServerProcess(extra_args=("--engine-seconds-per-second", "0"))
    server.start()
    yield server
    server.stop()


def scene(views: list[dict], recognizers: list[dict] | None = None, **extra) -> dict:
    return {"name": "acceptance", "views": views, "recognizers": recognizers or [], **extra}


def view(id: str, x: float, y: float, w: float, h: float, **fields) -> dict:
    """A view that handles its touches (``responder: log``) unless told otherwise."""
    return {"id": id, "frame": [x, y, w, h], "responder": "log", **fields}


def pointers(t: float, *changes: tuple[str, int, float, float]) -> dict:
    return {"type": "input", "pointers": [{"id": pid, "phase": phase, "x": x, "y": y, "t": t, "pointerType": "touch"}
                                          for phase, pid, x, y in changes]}


def D(pid: int, x: float, y: float, t: float) -> dict:
    return pointers(t, ("down", pid, x, y))


def M(pid: int, x: float, y: float, t: float) -> dict:
    return pointers(t, ("move", pid, x, y))


def U(pid: int, x: float, y: float, t: float) -> dict:
    return pointers(t, ("up", pid, x, y))


def C(pid: int, x: float, y: float, t: float) -> dict:
    return pointers(t, ("cancel", pid, x, y))


def act(t: float, *actions: dict) -> dict:
    return {"type": "act", "t": t, "actions": list(actions)}


def advance(t: float) -> dict:
    return {"type": "advance", "t": t}


class Session:
    """What a scenario's session said: every message after the welcome, and the log entries in order."""

    def __init__(self, welcome: dict, messages: list[dict]):
        self.welcome = welcome
        self.messages = messages
        self.entries = [e for m in messages if m["type"] == "events" for e in m["log"]]
        self.errors = [m for m in messages if m["type"] == "error"]

    def log(self, *, notes: bool = True) -> list[str]:
        """The event log's lines without diagnostics, except notes (unless ``notes=False``) and what recognizers
        received (only in the complete log, ``log="complete"``)."""
        return [e["text"] for e in self.entries if not e["diagnostic"] or e["kind"] == "recognizerTouches"
                or notes and e["kind"] == "note"]

    def of(self, *names: str) -> list[str]:
        """The lines about the named views and recognizers (``V.``, ``R:``, ``act(R,``)."""
        return [line for line in self.log() if any(
            line.startswith((f"{n}.", f"{n}:", f"act({n},")) for n in names)]

    def render_nodes(self) -> dict[str, dict]:
        """Every node's latest properties by name, from the full render and the diffs."""
        names: dict[int, str] = {}
        nodes: dict[str, dict] = {}
        for message in self.messages:
            for op in message.get("ops", []) if message["type"] == "render" else []:
                if op["op"] == "create":
                    names[op["id"]] = op["name"]
                if op["op"] in ("create", "set"):
                    nodes.setdefault(names[op["id"]], {}).update(op["props"])
        return nodes


async def _run(url: str, scene_json: dict, messages: list[dict], log: str | None, viewport: dict) -> Session:
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None) as ws:
        hello = {"type": "hello", "protocol": 1, "role": "device", "viewport": viewport, "clock": "manual",
                 "scene": scene_json}
        if log:
            hello["log"] = log
        await ws.send(json.dumps(hello))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        received: list[dict] = []
        for seq, message in enumerate(messages, start=1):
            await ws.send(json.dumps({**message, "seq": seq}))
            if message["type"] == "resize":
                continue  # answered by events only when the layout pass logs: the next message's answer follows it
            received += await receive_until(ws, lambda m: m.get("seq") == seq and m["type"] in ("events", "error"), timeout=10)
        return Session(welcome, received)


def run(server: ServerProcess, scene_json: dict, messages: list[dict], log: str | None = None,
        viewport: dict | None = None) -> Session:
    """Runs ``messages`` in a fresh manual-clock session of ``scene_json``."""
    return asyncio.run(_run(server.ws_url, scene_json, messages, log, viewport or VIEWPORT))
