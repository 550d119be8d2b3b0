"""What an expectation looks for in the event log (docs/protocol.md §7), how close an entry came, and the names it
may use.

A match names the recognizer, responder or control it is about; ``check_names`` refuses a name the session has
never seen (a misspelled ``"crad"`` is an ``UnknownName`` error, also under ``expect_no``, never a silent pass).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Iterable

STATES = ("possible", "began", "changed", "ended", "cancelled", "failed")
RESPONDER_METHODS = ("touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled", "motionBegan",
                     "motionEnded", "motionCancelled", "remoteControlReceived")
CONTROL_EVENTS = ("touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter",
                  "touchDragExit", "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged",
                  "primaryActionTriggered", "menuActionTriggered", "editingDidBegin", "editingChanged",
                  "editingDidEnd", "editingDidEndOnExit")
VALUE_KEYS = ("location", "numberOfTouches", "translation", "velocity", "scale", "rotation", "direction")
# Responders the log names without a view: the scene's view controller, and objects without a name (Class#id).
UNNAMED_RESPONDER = re.compile(r"^(controller|[A-Za-z_][A-Za-z0-9_.]*#\d+)$")


class UnknownName(ValueError):
    """An expectation names a recognizer, responder, control, state, method, event or value that does not exist."""


class ANY:
    """A value that matches anything (the key must still be present)."""


@dataclass(frozen=True)
class Range:
    """A number in ``minimum``…``maximum`` (either may be None: unbounded)."""

    minimum: float | None = None
    maximum: float | None = None

    def __repr__(self) -> str:
        return f"{'' if self.minimum is None else self.minimum}…{'' if self.maximum is None else self.maximum}"


def at_least(value: float) -> Range:
    """A number not below ``value``."""
    return Range(minimum=value)


def at_most(value: float) -> Range:
    """A number not above ``value``."""
    return Range(maximum=value)


def value_matches(expected: Any, actual: Any, tolerance: float) -> bool:
    """Numbers within ``tolerance``; lists element-wise; ``Range``; ``ANY``; anything else by equality."""
    if expected is ANY:
        return actual is not None
    if isinstance(expected, Range):
        return isinstance(actual, (int, float)) and not isinstance(actual, bool) \
            and (expected.minimum is None or actual >= expected.minimum - tolerance) \
            and (expected.maximum is None or actual <= expected.maximum + tolerance)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and math.isfinite(actual) and abs(actual - expected) <= tolerance
    if isinstance(expected, (list, tuple)):
        return isinstance(actual, list) and len(actual) == len(expected) \
            and all(value_matches(e, a, tolerance) for e, a in zip(expected, actual))
    return expected == actual


class Names:
    """Every name the session has seen: from full renders (views, controls, the recognizer list), the log and the
    actions the client sent (``add``)."""

    def __init__(self) -> None:
        self.recognizers: set[str] = set()
        self.views: set[str] = set()
        self.controls: set[str] = set()
        self.responders: set[str] = set()

    def learn_render(self, message: dict) -> None:
        for recognizer in message.get("recognizers") or []:
            self.recognizers.add(recognizer["name"])
        for op in message.get("ops") or []:
            if op.get("name"):
                self.views.add(op["name"])
            if (op.get("props") or {}).get("control") is not None and op.get("name"):
                self.controls.add(op["name"])

    def learn_entry(self, entry: dict) -> None:
        kind = entry.get("kind")
        if kind in ("transition", "action", "waiting", "recognizerTouches"):
            self.recognizers.add(entry["recognizer"])
        elif kind == "responder":
            self.responders.add(entry["responder"])
        elif kind == "controlEvent":
            self.controls.add(entry["control"])
        elif kind == "hitTest":
            self.views.update(entry.get("path") or [])

    def learn_actions(self, actions: Iterable[dict]) -> None:
        for action in actions:
            added = action.get("add") if isinstance(action, dict) else None
            if not isinstance(added, dict):
                continue
            if isinstance(added.get("recognizer"), dict) and "id" in added["recognizer"]:
                self.recognizers.add(added["recognizer"]["id"])
            stack = [added.get("view")]
            while stack:
                view = stack.pop()
                if isinstance(view, dict):
                    if "id" in view:
                        self.views.add(view["id"])
                    stack += view.get("children") or []

    @staticmethod
    def _check(name: str, known: set[str], what: str) -> None:
        if name not in known:
            listed = ", ".join(sorted(known)) or "none yet"
            raise UnknownName(f"no {what} named {name!r} in this scene ({what}s: {listed})")

    def recognizer(self, name: str) -> None:
        self._check(name, self.recognizers, "recognizer")

    def responder(self, name: str) -> None:
        if not UNNAMED_RESPONDER.match(name):
            self._check(name, self.views | self.responders, "responder")

    def control(self, name: str) -> None:
        self._check(name, self.controls, "control")

    def view(self, name: str) -> None:
        self._check(name, self.views, "view")


def _one_of(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise UnknownName(f"{what} must be one of {', '.join(allowed)}, got {value!r}")


class Match:
    """One kind of log entry to look for. ``subject`` names the entry field that says what it is about
    (``recognizer``, ``responder``, ``control``; empty: none), an attribute of the same name holds the value."""

    kind = ""
    subject = ""

    def related(self, entry: dict) -> bool:
        """The entry is about the same subject (shown as "closest" when nothing matches)."""
        return entry.get("kind") == self.kind and (not self.subject or entry.get(self.subject) == getattr(self, self.subject))

    def matches(self, entry: dict, tolerance: float) -> bool:
        return self.related(entry) and self.details_match(entry, tolerance)

    def details_match(self, entry: dict, tolerance: float) -> bool:
        """What the match asks of a related entry beyond its subject."""
        return True

    def check_names(self, names: Names) -> None:
        raise NotImplementedError


@dataclass
class Transition(Match):
    """``recognizer`` entered ``to`` (from ``from_``, with ``values``, with a reason containing ``reason``)."""

    recognizer: str
    to: str
    from_: str | None = None
    values: dict | None = None
    reason: str | None = None
    kind, subject = "transition", "recognizer"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        if entry.get("to") != self.to or (self.from_ is not None and entry.get("from") != self.from_):
            return False
        if self.reason is not None and self.reason not in (entry.get("reason") or ""):
            return False
        values = entry.get("values") or {}
        return all(value_matches(v, values.get(k), tolerance) for k, v in (self.values or {}).items())

    def check_names(self, names: Names) -> None:
        names.recognizer(self.recognizer)
        _one_of(self.to, STATES, "a transition's state")
        if self.from_ is not None:
            _one_of(self.from_, STATES, "a transition's from state")
        for key in self.values or {}:
            _one_of(key, VALUE_KEYS, "a transition value")

    def __str__(self) -> str:
        text = f"transition {self.recognizer} → {self.to}" + (f" from {self.from_}" if self.from_ else "")
        if self.values:
            text += " with " + ", ".join(f"{k} = {v!r}" for k, v in self.values.items())
        return text + (f" because of {self.reason!r}" if self.reason else "")


@dataclass
class Action(Match):
    """``recognizer``'s target–actions ran in ``state``."""

    recognizer: str
    state: str
    kind, subject = "action", "recognizer"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        return entry.get("state") == self.state

    def check_names(self, names: Names) -> None:
        names.recognizer(self.recognizer)
        _one_of(self.state, STATES, "an action's state")

    def __str__(self) -> str:
        return f"action of {self.recognizer} in {self.state}"


@dataclass
class Responder(Match):
    """``responder``'s ``method`` was called (with ``touches`` touches, passed up from ``forwarded_from``)."""

    responder: str
    method: str
    touches: int | None = None
    forwarded_from: str | None = None
    kind, subject = "responder", "responder"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        return entry.get("method") == self.method \
            and (self.touches is None or len(entry.get("touches") or []) == self.touches) \
            and (self.forwarded_from is None or entry.get("forwardedFrom") == self.forwarded_from)

    def check_names(self, names: Names) -> None:
        names.responder(self.responder)
        _one_of(self.method, RESPONDER_METHODS, "a responder method")
        if self.forwarded_from is not None:
            names.responder(self.forwarded_from)

    def __str__(self) -> str:
        return f"{self.responder}.{self.method}" + (f" with {self.touches} touches" if self.touches is not None else "") \
            + (f" via {self.forwarded_from}" if self.forwarded_from else "")


@dataclass
class ControlEvent(Match):
    """``control`` sent ``event`` (alone or combined with others)."""

    control: str
    event: str
    kind, subject = "controlEvent", "control"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        return self.event in (entry.get("event") or "").split("|")

    def check_names(self, names: Names) -> None:
        names.control(self.control)
        _one_of(self.event, CONTROL_EVENTS, "a control event")

    def __str__(self) -> str:
        return f"control event {self.control}:{self.event}"


@dataclass
class Note(Match):
    """A note whose message contains ``text``."""

    text: str
    kind = "note"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        return self.text in (entry.get("message") or "")

    def check_names(self, names: Names) -> None:
        pass

    def __str__(self) -> str:
        return f"note containing {self.text!r}"


@dataclass
class Waiting(Match):
    """``recognizer`` was held in ``possible`` because it waits for another to fail."""

    recognizer: str
    kind, subject = "waiting", "recognizer"

    def check_names(self, names: Names) -> None:
        names.recognizer(self.recognizer)

    def __str__(self) -> str:
        return f"{self.recognizer} waiting"


@dataclass
class HitTest(Match):
    """A new touch hit ``view`` (the last view of the hit-test path)."""

    view: str
    kind = "hitTest"

    def details_match(self, entry: dict, tolerance: float) -> bool:
        return (entry.get("path") or [None])[-1] == self.view

    def check_names(self, names: Names) -> None:
        names.view(self.view)

    def __str__(self) -> str:
        return f"hit-test on {self.view}"
