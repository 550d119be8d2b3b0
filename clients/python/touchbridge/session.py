"""A device session over the TouchBridge protocol (docs/protocol.md) with the manual clock: hello, send-and-wait,
gestures, ``act`` and expectations on the event log.

```python
async with touchbridge.connect("ws://127.0.0.1:8080/ws", scene="single-double-tap") as session:
    await session.perform(touchbridge.tap((100, 400)))
    await session.expect_transition("singleTap", to="ended")
```
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass
from typing import Any, Iterable

import websockets

from .expect import Action, ControlEvent, Match, Names, Note, Responder, Transition, value_matches
from .gestures import Gesture, GestureError, Viewport, fmt, round3
from .mirror import Mirror

SUBPROTOCOL = "touchbridge.v1"


class ServerError(Exception):
    """The server refused a message: ``code``, ``message`` and, for schema errors, the field's ``path``."""

    def __init__(self, error: dict):
        self.code = error.get("code", "")
        self.path = error.get("path")
        self.error = error
        super().__init__(f"{self.code}: {error.get('message', '')}")


class ExpectationFailure(AssertionError):
    """An expectation did not hold; the message says what was expected, what came closest and shows the log."""


@dataclass
class LogEntry:
    """One event-log entry (``entry``, the protocol's object) and the engine time (ms) of the dispatch it came in."""

    t: float
    entry: dict

    @property
    def text(self) -> str:
        return self.entry.get("text", "")


@dataclass
class GestureResult:
    """What ``perform`` did: the gesture, ``input`` messages sent, engine times (ms) and the log it produced."""

    gesture: str
    frames: int
    start: float
    end: float
    log: list[dict]

    @property
    def transitions(self) -> list[str]:
        """The transitions, in the log's notation (``pinch:possible→began``)."""
        return [e["text"] for e in self.log if e.get("kind") == "transition"]


class Session:
    """A joined device session. Create one with ``touchbridge.connect``; engine time is ``now`` (ms) and moves only
    with what the session sends (gestures, ``advance``, expectations that wait)."""

    expectation_timeout = 1000.0
    """How long (engine ms) an expectation waits for its entry by default."""
    wait_step = 50.0
    """Engine ms an expectation advances the clock by between looks."""

    def __init__(self, ws, viewport: Viewport, start: float, reply_timeout: float):
        self._ws = ws
        self.viewport = viewport
        self.now = start
        self.reply_timeout = reply_timeout
        self.welcome: dict = {}
        self.log: list[LogEntry] = []
        self.names = Names()
        self.mirror = Mirror()
        self.rate_limited = 0
        """Messages the server's rate limit dropped (and ``request`` sent again)."""
        self.overloaded = 0
        """Times the server paused reading this connection because its answers piled up (``overloaded``): nothing
        was refused, what was sent is read once they drain, so it is counted here and not raised."""
        self._cursor = 0
        self._seq = itertools.count(1)
        self._pointer_ids = itertools.count(1)

    # Sending and receiving

    async def _receive(self) -> dict:
        try:
            text = await asyncio.wait_for(self._ws.recv(), self.reply_timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"no reply from the server within {self.reply_timeout} s") from None
        message = json.loads(text)
        kind = message.get("type")
        if kind == "error" and message.get("code") == "overloaded":
            self.overloaded += 1
            return await self._receive()
        if kind == "render":
            self.names.learn_render(message)
            self.mirror.apply(message)
        elif kind == "events":
            for entry in message.get("log", []):
                self.names.learn_entry(entry)
                self.log.append(LogEntry(message.get("t", self.now), entry))
        return message

    async def request(self, message: dict, attempts: int = 50) -> list[dict]:
        """Sends ``message`` with a fresh ``seq`` and waits for the ``events`` that acknowledge it; returns every
        message up to it. A refusal raises ``ServerError`` (the session is unchanged). A message the server's rate
        limit dropped (``rate-limited``) is sent again after ``retryAfterMs`` (or a growing pause), up to
        ``attempts`` times, as the Swift client does."""
        seq = next(self._seq)
        text = json.dumps({**message, "seq": seq})
        replies = []
        for attempt in range(1, attempts + 1):
            await self._ws.send(text)
            while True:
                reply = await self._receive()
                replies.append(reply)
                if reply.get("type") == "events" and reply.get("seq") == seq:
                    return replies
                if reply.get("type") != "error":
                    continue
                if reply.get("code") == "rate-limited" and reply.get("seq") in (seq, None):
                    self.rate_limited += 1
                    await asyncio.sleep(reply.get("retryAfterMs", 20 * attempt) / 1000)
                    break
                if reply.get("seq") in (seq, None):
                    raise ServerError(reply)
        raise TimeoutError(f"seq {seq}: the server kept rate-limiting it {attempts} times")

    async def sync(self) -> None:
        """Waits until the server has handled everything sent so far (a ``ping`` round trip)."""
        ping = next(self._seq)
        await self._ws.send(json.dumps({"type": "ping", "id": ping}))
        while not ((reply := await self._receive()).get("type") == "pong" and reply.get("id") == ping):
            if reply.get("type") == "error":
                raise ServerError(reply)

    async def _join(self, hello: dict) -> None:
        await self._ws.send(json.dumps(hello))
        while (reply := await self._receive()).get("type") != "welcome":
            if reply.get("type") == "error":
                raise ServerError(reply)
        self.welcome = reply
        await self.sync()

    async def close(self) -> None:
        """Closes the connection (the server ends the session)."""
        await self._ws.close()

    async def __aenter__(self) -> "Session":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # Time, gestures and the app

    async def advance(self, by: float | None = None, to: float | None = None) -> list[dict]:
        """Moves engine time ``by`` ms or ``to`` a time (timers due by then fire); returns the log entries."""
        target = round3(self.now + (by or 0) if to is None else max(to, self.now))
        start = len(self.log)
        await self.request({"type": "advance", "t": target})
        self.now = target
        return [e.entry for e in self.log[start:]]

    async def perform(self, *gestures: Gesture, reset_expectations: bool = True) -> GestureResult:
        """Performs the gestures one after another: one ``input`` message per moment the fingers change, each
        acknowledged before the next. Starts at ``now`` and leaves ``now`` at the end. Expectations then look at the
        log from here on (``reset_expectations=False``: also at what came before)."""
        from .gestures import sequence
        gesture = gestures[0] if len(gestures) == 1 else sequence(*gestures)
        timeline = gesture.timeline(self.viewport)
        start, log_start = self.now, len(self.log)
        if reset_expectations:
            self._cursor = log_start
        ids: dict[int, int] = {}
        frames = timeline.frames()
        for t, events in frames:
            at = round3(start + t)
            pointers = []
            for event in events:
                if event.phase == "down":
                    ids[event.finger] = next(self._pointer_ids)
                elif event.finger not in ids:
                    raise GestureError(f"finger {event.finger} is not down")
                pointer = {"id": ids[event.finger], "phase": event.phase, "x": event.point[0], "y": event.point[1],
                           "t": at, "pointerType": event.pointer_type}
                for key, value in (("pressure", event.pressure), ("width", event.width), ("height", event.height)):
                    if value is not None:
                        pointer[key] = value
                if event.phase in ("up", "cancel"):
                    del ids[event.finger]
                pointers.append(pointer)
            # A frame with more changes than the server takes in one message goes in several, in order.
            limit = max(1, self.welcome.get("limits", {}).get("maxPointersPerInput", 32))
            for first in range(0, len(pointers), limit):
                await self.request({"type": "input", "pointers": pointers[first:first + limit]})
            self.now = max(self.now, at)
        end = round3(start + timeline.duration)
        if end > self.now:
            await self.advance(to=end)
        return GestureResult(gesture.description, len(frames), start, end, [e.entry for e in self.log[log_start:]])

    async def act(self, *actions: dict) -> list[dict]:
        """Changes the app now (docs/protocol.md §4.11), e.g. ``{"set": {"recognizer": "tap", "property":
        "enabled", "value": False}}``; an invalid action raises ``ServerError`` naming its field, nothing applied."""
        start = len(self.log)
        await self.request({"type": "act", "t": self.now, "actions": list(actions)})
        self.names.learn_actions(actions)
        return [e.entry for e in self.log[start:]]

    def reset_expectations(self) -> None:
        """Expectations look only at what happens from now on."""
        self._cursor = len(self.log)

    # Expectations

    async def expect(self, match: Match, within: float | None = None, tolerance: float = 0.001) -> dict:
        """Waits for an entry ``match`` describes in the log since the latest gesture began, letting engine time
        pass in ``wait_step`` steps up to ``within`` ms (default ``expectation_timeout``); returns the entry."""
        match.check_names(self.names)
        deadline = round3(self.now + (self.expectation_timeout if within is None else within))
        while True:
            for item in self.log[self._cursor:]:
                if match.matches(item.entry, tolerance):
                    return item.entry
            if self.now >= deadline:
                raise ExpectationFailure(self._failure(f"expected {match}", match))
            await self.advance(to=min(deadline, self.now + self.wait_step))

    async def expect_no(self, match: Match, within: float = 0, tolerance: float = 0.001) -> None:
        """Lets ``within`` ms pass, then fails if an entry ``match`` describes happened since the latest gesture."""
        match.check_names(self.names)
        if within > 0:
            await self.advance(by=within)
        found = [item for item in self.log[self._cursor:] if match.matches(item.entry, tolerance)]
        if found:
            raise ExpectationFailure(self._failure(f"expected no {match}, but at {fmt(found[0].t)} ms: "
                                                   f"{found[0].text}", match))

    async def expect_sequence(self, *matches: Match, within: float | None = None, tolerance: float = 0.001) -> None:
        """The entries happened in this order (others may come between)."""
        for match in matches:
            match.check_names(self.names)
        deadline = round3(self.now + (self.expectation_timeout if within is None else within))
        while True:
            position, found = self._cursor, 0
            for match in matches:
                position = next((i + 1 for i in range(position, len(self.log))
                                 if match.matches(self.log[i].entry, tolerance)), None)
                if position is None:
                    break
                found += 1
            if found == len(matches):
                return
            if self.now >= deadline:
                raise ExpectationFailure(self._failure(
                    "expected in this order: " + " · ".join(map(str, matches))
                    + f"\n  found the first {found}; missing: {matches[found]}", matches[found]))
            await self.advance(to=min(deadline, self.now + self.wait_step))

    async def expect_transition(self, recognizer: str, to: str, from_: str | None = None, values: dict | None = None,
                                reason: str | None = None, tolerance: float = 0.001,
                                within: float | None = None) -> dict:
        """``recognizer`` entered state ``to`` (from ``from_``; ``values`` such as ``{"numberOfTouches": 2,
        "scale": at_least(1.2)}``; a reason containing ``reason``)."""
        return await self.expect(Transition(recognizer, to, from_, values, reason), within, tolerance)

    async def expect_action(self, recognizer: str, state: str, within: float | None = None) -> dict:
        """``recognizer``'s target–actions ran in ``state``."""
        return await self.expect(Action(recognizer, state), within)

    async def expect_responder(self, responder: str, method: str, touches: int | None = None,
                               forwarded_from: str | None = None, within: float | None = None) -> dict:
        """A responder method ran (``touchesBegan`` … ``remoteControlReceived``)."""
        return await self.expect(Responder(responder, method, touches, forwarded_from), within)

    async def expect_control_event(self, control: str, event: str, within: float | None = None) -> dict:
        """A control sent ``event`` (``touchDown``, ``touchUpInside``, ``valueChanged``, …)."""
        return await self.expect(ControlEvent(control, event), within)

    async def expect_note(self, containing: str, within: float | None = None) -> dict:
        """A note (``act: …``, a recognizer moved, …) containing the text."""
        return await self.expect(Note(containing), within)

    def props(self, view: str) -> dict | None:
        """The render properties of ``view`` now (``center``, ``bounds``, ``transform``, ``alpha``, ``text``, …)."""
        return self.mirror.props(view)

    async def expect_render(self, view: str, prop: str, value: Any, tolerance: float = 0.001,
                            within: float | None = None) -> Any:
        """``view``'s render property ``prop`` has ``value`` (numbers within ``tolerance``), waiting up to ``within``
        ms of engine time (default: none) for it; returns the value."""
        self.names.view(view)
        deadline = round3(self.now + (within or 0))
        while True:
            props = self.mirror.props(view)
            actual = None if props is None else props.get(prop)
            if props is not None and value_matches(value, actual, tolerance):
                return actual
            if self.now >= deadline:
                found = f"there is no view named {view!r} now" if props is None else f"it is {json.dumps(actual)}"
                raise ExpectationFailure(self._failure(f"expected {view}.{prop} = {value!r} ± {tolerance}\n  {found}",
                                                       None))
            await self.advance(to=min(deadline, self.now + self.wait_step))

    def _failure(self, headline: str, match: Match | None) -> str:
        since = self.log[self._cursor:]
        lines = [headline]
        # Resets to possible are diagnostic, and a continuous gesture's →changed stream is left out unless changed is
        # what was expected: they would crowd out the decisions.
        stream_is_noise = isinstance(match, Transition) and match.to != "changed"
        related = [item for item in since
                   if match is not None and match.related(item.entry) and not item.entry.get("diagnostic")
                   and not (stream_is_noise and item.entry.get("to") == "changed")]
        if related and match.kind != "note":
            lines.append("  closest: " + " · ".join(_described(item.entry) for item in related[-8:]))
        shown = [item for item in since if not item.entry.get("diagnostic")]
        lines.append(f"  log since the gesture ({len(shown)} entries, diagnostics left out):")
        limit = 60
        if len(shown) > limit:
            lines.append(f"    … {len(shown) - limit} earlier entries")
        lines += [f"    {fmt(item.t):>8} ms  {item.text}" for item in shown[-limit:]]
        return "\n".join(lines)


def _described(entry: dict) -> str:
    text = entry.get("text", "")
    values = entry.get("values")
    if entry.get("kind") == "transition" and values:
        text += " {" + ", ".join(f"{k}: {v}" for k, v in sorted(values.items())) + "}"
    return text


class connect:
    """Opens a device session on ``url`` (``ws://host:port/ws``) showing ``scene`` (a catalog name, or a dict: an
    inline declarative scene, docs/scenes.md), with the manual clock starting at ``start`` ms. ``log="complete"``
    asks for the complete log. Await it, or use it with ``async with``."""

    def __init__(self, url: str, scene: str | dict | None = None, viewport: Viewport = Viewport(), start: float = 0,
                 log: str | None = None, reply_timeout: float = 10.0, **connect_options: Any):
        self._args = (url, scene, viewport, start, log, reply_timeout, connect_options)
        self._session: Session | None = None

    async def _open(self) -> Session:
        url, scene, viewport, start, log, reply_timeout, options = self._args
        ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL], **options)
        session = Session(ws, viewport, start, reply_timeout)
        hello: dict[str, Any] = {"type": "hello", "protocol": 1, "role": "device", "clock": "manual", "t": start,
                                 "viewport": {"width": viewport.width, "height": viewport.height, "scale": viewport.scale},
                                 "client": "touchbridge-python/1"}
        if scene is not None:
            hello["scene"] = scene
        if log is not None:
            hello["log"] = log
        try:
            await session._join(hello)
        except BaseException:
            await ws.close()
            raise
        return session

    def __await__(self):
        return self._open().__await__()

    async def __aenter__(self) -> Session:
        self._session = await self._open()
        return self._session

    async def __aexit__(self, *exc: object) -> None:
        if self._session is not None:
            await self._session.close()


def names_of(entries: Iterable[dict]) -> list[str]:
    """The ``text`` of log entries, diagnostics left out."""
    return [e["text"] for e in entries if not e.get("diagnostic")]
