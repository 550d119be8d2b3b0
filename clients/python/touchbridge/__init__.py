"""TouchBridge's Python client: drive a TouchBridge server over its WebSocket protocol with the manual clock —
gestures synthesized as the Swift client makes them, ``act``, and expectations on the event log.

```python
import asyncio
import touchbridge as tb

async def main():
    async with tb.connect("ws://127.0.0.1:8080/ws", scene="single-double-tap") as session:
        await session.perform(tb.tap((100, 400)))
        await session.expect_transition("singleTap", to="ended")

asyncio.run(main())
```
"""

from .expect import (ANY, Action, ControlEvent, HitTest, Note, Range, Responder, Transition, UnknownName, Waiting,
                     at_least, at_most)
from .gestures import (Gesture, GestureError, PointerEvent, Timeline, Viewport, double_tap, edge_pan, long_press, pan,
                       pause, pinch, raw, rotate, sequence, swipe, tap)
from .release import RELEASE_WINDOW, flick
from .session import ExpectationFailure, GestureResult, LogEntry, ServerError, Session, connect

__all__ = [
    "ANY", "Action", "ControlEvent", "HitTest", "Note", "Range", "Responder", "Transition", "UnknownName", "Waiting",
    "at_least", "at_most",
    "Gesture", "GestureError", "PointerEvent", "Timeline", "Viewport", "double_tap", "edge_pan", "long_press", "pan",
    "pause", "pinch", "raw", "rotate", "sequence", "swipe", "tap", "RELEASE_WINDOW", "flick",
    "ExpectationFailure", "GestureResult", "LogEntry", "ServerError", "Session", "connect",
]
