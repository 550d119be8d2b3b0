"""Gesture synthesis: realistic timestamped pointer streams, the same as the Swift client's (``Gesture`` in
``Sources/TouchBridgeClient``) with the same parameters and defaults.

Times are milliseconds, distances points, angles degrees. Moves are sampled like a touchscreen: one sample per
frame at ``sample_rate`` Hz (60 by default), the last exactly at the end of the movement; positions and times are
rounded to 0.001. A gesture is resolved against the session's viewport when it is performed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

DEFAULT_SAMPLE_RATE = 60.0
PHASES = ("down", "move", "up", "cancel")
POINTER_TYPES = ("touch", "pen", "mouse")

Point = tuple[float, float]


class GestureError(ValueError):
    """A gesture that cannot be synthesized (bad parameters, an impossible raw sequence)."""


def round3(value: float) -> float:
    """Rounded to 0.001, halves away from zero (as Swift's ``rounded()``), so streams are short, stable JSON."""
    scaled = abs(value) * 1000
    whole = math.floor(scaled)
    result = math.copysign((whole + (1 if scaled - whole >= 0.5 else 0)) / 1000, value)
    return 0.0 if result == 0 else result


def fmt(value: float) -> str:
    """A number for people: ``3``, ``2.5``."""
    rounded = round3(value)
    return str(int(rounded)) if rounded == int(rounded) and abs(rounded) < 1e15 else str(rounded)


def fmt_point(point: Point) -> str:
    """A point for people: ``(3, 2.5)``."""
    return f"({fmt(point[0])}, {fmt(point[1])})"


def _point(value: Sequence[float], what: str) -> Point:
    try:
        x, y = value
        x, y = float(x), float(y)
    except (TypeError, ValueError):
        raise GestureError(f"{what} must be an (x, y) pair of numbers, got {value!r}") from None
    return (x, y)


def _add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


def _rounded(p: Point) -> Point:
    return (round3(p[0]), round3(p[1]))


@dataclass(frozen=True)
class PointerEvent:
    """One change of one finger: ``finger`` is the gesture's own finger number (1, 2, …); every landing becomes a
    fresh pointer id when it is sent, as browsers do. ``t`` is ms after the gesture starts."""

    finger: int
    phase: str
    point: Point
    t: float
    pointer_type: str = "touch"
    pressure: float | None = None
    width: float | None = None
    height: float | None = None


@dataclass
class Timeline:
    """A gesture resolved to pointer changes, ordered by time (stable); ``duration`` may extend past the last change
    (a final pause)."""

    events: list[PointerEvent]
    duration: float = 0.0

    def __post_init__(self) -> None:
        self.events = sorted(self.events, key=lambda e: e.t)  # sorted() is stable
        self.duration = max(self.duration, self.events[-1].t if self.events else 0.0)

    def frames(self) -> list[tuple[float, list[PointerEvent]]]:
        """The changes grouped by time: one ``input`` message each, as a browser batches a frame's pointer events."""
        frames: list[tuple[float, list[PointerEvent]]] = []
        for event in self.events:
            if frames and frames[-1][0] == event.t:
                frames[-1][1].append(event)
            else:
                frames.append((event.t, [event]))
        return frames

    def validate(self) -> None:
        """A finger lands before it moves or lifts and does not land twice; times are finite and not negative."""
        down: set[int] = set()
        for e in self.events:
            if not (math.isfinite(e.t) and e.t >= 0 and math.isfinite(e.point[0]) and math.isfinite(e.point[1])):
                raise GestureError(f"finger {e.finger}: time and position must be finite (t ≥ 0)")
            if e.phase not in PHASES:
                raise GestureError(f"finger {e.finger}: phase must be one of {', '.join(PHASES)}, got {e.phase!r}")
            if e.pointer_type not in POINTER_TYPES:
                raise GestureError(f"finger {e.finger}: pointer_type must be one of {', '.join(POINTER_TYPES)}")
            if e.phase == "down":
                if e.finger in down:
                    raise GestureError(f"finger {e.finger} lands at {fmt(e.t)} ms while it is already down")
                down.add(e.finger)
            elif e.phase == "move":
                if e.finger not in down:
                    raise GestureError(f"finger {e.finger} moves at {fmt(e.t)} ms but is not down")
            elif e.finger not in down:
                raise GestureError(f"finger {e.finger} lifts at {fmt(e.t)} ms but is not down")
            else:
                down.remove(e.finger)

    def followed_by(self, following: "Timeline") -> "Timeline":
        """This timeline, then ``following`` (its fingers renumbered after this one's)."""
        offset = max((e.finger for e in self.events), default=0)
        shifted = [replace(e, finger=e.finger + offset, t=e.t + self.duration) for e in following.events]
        return Timeline(self.events + shifted, self.duration + following.duration)


@dataclass(frozen=True)
class Viewport:
    """The window a gesture is performed in, points."""

    width: float = 400
    height: float = 800
    scale: float = 2


@dataclass(frozen=True)
class Gesture:
    """A synthesized gesture: ``description`` for reports, ``build`` turns the viewport into a ``Timeline``."""

    description: str
    build: Callable[[Viewport], Timeline] = field(repr=False)

    def timeline(self, viewport: Viewport = Viewport()) -> Timeline:
        """The gesture's pointer changes on a screen of ``viewport``'s size (validated)."""
        timeline = self.build(viewport)
        timeline.validate()
        return timeline

    def __str__(self) -> str:
        return self.description


def require(condition: bool, message: str) -> None:
    if not condition:
        raise GestureError(message)


def sample_times(duration: float, sample_rate: float) -> list[float]:
    """Sample times of a movement of ``duration`` ms: one per frame, the last exactly at ``duration``."""
    require(sample_rate > 0 and math.isfinite(sample_rate), "sample_rate must be a positive number of Hz")
    require(math.isfinite(duration), "duration must be finite")
    step = 1000 / sample_rate
    times, k = [], 1
    while k * step < duration - 1e-9:
        times.append(round3(k * step))
        k += 1
    times.append(round3(duration))
    return times


def layout(center: Point, fingers: int, spread: float) -> list[Point]:
    """``fingers`` points in a row through ``center``, ``spread`` apart."""
    return [_rounded((center[0] + (i - (fingers - 1) / 2) * spread, center[1])) for i in range(fingers)]


def point_along(path: Sequence[Point], fraction: float) -> Point:
    """The point ``fraction`` (0…1) of the way along a polyline, by length."""
    if len(path) < 2:
        return path[0]
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:])]
    total = sum(lengths)
    if total <= 0:
        return path[0]
    remaining = min(max(fraction, 0.0), 1.0) * total
    for i, length in enumerate(lengths):
        if remaining <= length or i == len(lengths) - 1:
            f = 1.0 if length == 0 else min(remaining / length, 1.0)
            a, b = path[i], path[i + 1]
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        remaining -= length
    return path[-1]


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": lambda f: f,
    "easeInOut": lambda f: f * f * (3 - 2 * f),  # a smoothstep: accelerates, then decelerates
}


def _easing(name: str) -> Callable[[float], float]:
    require(name in EASINGS, f"easing must be one of {', '.join(EASINGS)}, got {name!r}")
    function = EASINGS[name]
    return lambda f: function(min(max(f, 0.0), 1.0))


# Taps and presses

def tap(at: Sequence[float], fingers: int = 1, count: int = 1, duration: float = 60, interval: float = 120,
        spread: float = 40) -> Gesture:
    """``count`` taps with ``fingers`` fingers side by side (``spread`` pt apart) centred on ``at``; each contact
    lasts ``duration`` ms and the next lands ``interval`` ms after the lift."""
    point = _point(at, "at")
    name = ("double tap" if count == 2 else "tap" if count == 1 else f"{count}-tap") \
        + ("" if fingers == 1 else f" with {fingers} fingers") + f" at {fmt_point(point)}"

    def build(_: Viewport) -> Timeline:
        require(fingers >= 1, "fingers must be at least 1")
        require(count >= 1, "count must be at least 1")
        require(duration >= 0 and interval >= 0, "duration and interval cannot be negative")
        places = layout(point, fingers, spread)
        events = []
        for n in range(count):
            start = n * (duration + interval)
            events += [PointerEvent(n * fingers + i + 1, "down", p, start) for i, p in enumerate(places)]
            events += [PointerEvent(n * fingers + i + 1, "up", p, start + duration) for i, p in enumerate(places)]
        return Timeline(events)

    return Gesture(name, build)


def double_tap(at: Sequence[float], fingers: int = 1, duration: float = 60, interval: float = 120,
               spread: float = 40) -> Gesture:
    """Two quick taps."""
    return tap(at, fingers=fingers, count=2, duration=duration, interval=interval, spread=spread)


def long_press(at: Sequence[float], duration: float = 800, fingers: int = 1, spread: float = 40) -> Gesture:
    """Fingers held still for ``duration`` ms, then lifted."""
    point = _point(at, "at")
    name = "long press" + ("" if fingers == 1 else f" with {fingers} fingers") \
        + f" at {fmt_point(point)} for {fmt(duration)} ms"

    def build(_: Viewport) -> Timeline:
        require(fingers >= 1, "fingers must be at least 1")
        require(duration >= 0, "duration cannot be negative")
        places = layout(point, fingers, spread)
        return Timeline([PointerEvent(i + 1, "down", p, 0) for i, p in enumerate(places)]
                        + [PointerEvent(i + 1, "up", p, duration) for i, p in enumerate(places)])

    return Gesture(name, build)


# Pans and swipes

def pan(start: Sequence[float] | None = None, end: Sequence[float] | None = None, *,
        along: Iterable[Sequence[float]] | None = None, duration: float = 300, hold: float = 0, fingers: int = 1,
        sample_rate: float = DEFAULT_SAMPLE_RATE, easing: str = "linear", spread: float = 40,
        release_velocity: Sequence[float] | None = None) -> Gesture:
    """Fingers land on ``start``, stay still ``hold`` ms (a long press first: drag and drop), move to ``end`` in
    ``duration`` ms and lift there; or follow the polyline ``along`` at constant speed. With ``release_velocity``
    (pt/s, ``(vx, vy)``) the movement arrives at ``end`` at exactly that velocity (``touchbridge.release``)."""
    if release_velocity is not None:
        from .release import pan_released_at
        require(along is None and hold == 0 and easing == "linear",
                "a pan with release_velocity goes from start to end, without along, hold or easing")
        return pan_released_at(_point(start, "start"), _point(end, "end"), _point(release_velocity, "release_velocity"),
                               duration=duration, fingers=fingers, sample_rate=sample_rate, spread=spread)
    if along is not None:
        require(start is None and end is None, "a pan takes either start and end or along")
        path = [_point(p, "along") for p in along]
    else:
        path = [_point(start, "start"), _point(end, "end")]
    name = ("pan" if fingers == 1 else f"{fingers}-finger pan") \
        + (f" from {fmt_point(path[0])} to {fmt_point(path[1])}" if len(path) == 2 else f" along {len(path)} points") \
        + f" in {fmt(duration)} ms" + (f" after holding {fmt(hold)} ms" if hold > 0 else "")

    def build(_: Viewport) -> Timeline:
        require(len(path) >= 1, "a pan needs a path of at least one point")
        require(fingers >= 1, "fingers must be at least 1")
        require(duration >= 0 and hold >= 0, "duration and hold cannot be negative")
        ease = _easing(easing)
        offsets = layout((0, 0), fingers, spread)
        events = [PointerEvent(i + 1, "down", _rounded(_add(path[0], o)), 0) for i, o in enumerate(offsets)]
        for t in sample_times(duration, sample_rate):
            position = point_along(path, ease(1 if duration == 0 else t / duration))
            events += [PointerEvent(i + 1, "move", _rounded(_add(position, o)), round3(hold + t))
                       for i, o in enumerate(offsets)]
        events += [PointerEvent(i + 1, "up", _rounded(_add(path[-1], o)), round3(hold + duration))
                   for i, o in enumerate(offsets)]
        return Timeline(events)

    return Gesture(name, build)


SWIPE_DIRECTIONS: dict[str, Point] = {"right": (1, 0), "left": (-1, 0), "up": (0, -1), "down": (0, 1)}


def swipe(direction: str, start: Sequence[float], distance: float = 200, speed: float = 1000, fingers: int = 1,
          sample_rate: float = DEFAULT_SAMPLE_RATE, spread: float = 40) -> Gesture:
    """A quick straight stroke of ``distance`` pt at ``speed`` pt/s from ``start`` towards ``right``, ``left``,
    ``up`` or ``down``. It moves at constant speed, so it is released at ``speed`` in its direction."""
    require(direction in SWIPE_DIRECTIONS, f"direction must be one of {', '.join(SWIPE_DIRECTIONS)}, got {direction!r}")
    origin = _point(start, "start")
    unit = SWIPE_DIRECTIONS[direction]
    duration = round3(distance / speed * 1000) if speed > 0 else math.inf
    end = (origin[0] + unit[0] * distance, origin[1] + unit[1] * distance)
    name = ("swipe" if fingers == 1 else f"{fingers}-finger swipe") \
        + f" {direction} from {fmt_point(origin)}, {fmt(distance)} pt at {fmt(speed)} pt/s"

    def build(viewport: Viewport) -> Timeline:
        require(speed > 0 and distance >= 0, "a swipe needs speed > 0 and distance ≥ 0")
        return pan(origin, end, duration=duration, fingers=fingers, sample_rate=sample_rate, spread=spread).build(viewport)

    return Gesture(name, build)


SCREEN_EDGES: dict[str, Point] = {"left": (1, 0), "right": (-1, 0), "top": (0, 1), "bottom": (0, -1)}


def edge_pan(edge: str, at: float | None = None, distance: float = 150, duration: float = 300, inset: float = 2,
             sample_rate: float = DEFAULT_SAMPLE_RATE) -> Gesture:
    """A pan that starts ``inset`` pt inside the screen's ``edge`` (``at`` along it; default its middle) and moves
    ``distance`` pt inwards."""
    require(edge in SCREEN_EDGES, f"edge must be one of {', '.join(SCREEN_EDGES)}, got {edge!r}")
    name = f"edge pan from the {edge} edge, {fmt(distance)} pt in {fmt(duration)} ms"

    def build(viewport: Viewport) -> Timeline:
        w, h = viewport.width, viewport.height
        start = {"left": (inset, h / 2 if at is None else at), "right": (w - inset, h / 2 if at is None else at),
                 "top": (w / 2 if at is None else at, inset), "bottom": (w / 2 if at is None else at, h - inset)}[edge]
        inward = SCREEN_EDGES[edge]
        end = (start[0] + inward[0] * distance, start[1] + inward[1] * distance)
        return pan(start, end, duration=duration, sample_rate=sample_rate).build(viewport)

    return Gesture(name, build)


# Two-finger transforms

def two_fingers(duration: float, sample_rate: float, easing: str,
                places: Callable[[float], tuple[Point, Point]]) -> Timeline:
    """Two fingers at ``places(fraction)``: down at 0, a move per frame, up at ``duration``."""
    ease = _easing(easing)
    a0, b0 = places(0)
    events = [PointerEvent(1, "down", _rounded(a0), 0), PointerEvent(2, "down", _rounded(b0), 0)]
    for t in sample_times(duration, sample_rate):
        a, b = places(ease(1 if duration == 0 else t / duration))
        events += [PointerEvent(1, "move", _rounded(a), t), PointerEvent(2, "move", _rounded(b), t)]
    a1, b1 = places(1)
    events += [PointerEvent(1, "up", _rounded(a1), round3(duration)), PointerEvent(2, "up", _rounded(b1), round3(duration))]
    return Timeline(events)


def pinch(center: Sequence[float], start: float, end: float, degrees: float = 0, duration: float = 300,
          sample_rate: float = DEFAULT_SAMPLE_RATE, easing: str = "linear",
          release_velocity: float | None = None) -> Gesture:
    """Two fingers on either side of ``center``, ``start`` pt apart, move to ``end`` pt apart in ``duration`` ms
    along the line at ``degrees``. With ``release_velocity`` (scale per second, the scale being the distance over
    ``start``) the pinch's ``velocity`` reads exactly that at ``.ended`` (``touchbridge.release``)."""
    c = _point(center, "center")
    if release_velocity is not None:
        from .release import pinch_released_at
        require(easing == "linear", "a pinch with release_velocity takes no easing")
        return pinch_released_at(c, start, end, release_velocity, degrees=degrees, duration=duration,
                                 sample_rate=sample_rate)
    name = f"pinch at {fmt_point(c)} from {fmt(start)} to {fmt(end)} pt in {fmt(duration)} ms"
    radians = degrees * math.pi / 180  # as Swift computes it: the same bits
    unit = (math.cos(radians), math.sin(radians))

    def places(fraction: float) -> tuple[Point, Point]:
        d = start + (end - start) * fraction
        return ((c[0] - unit[0] * d / 2, c[1] - unit[1] * d / 2), (c[0] + unit[0] * d / 2, c[1] + unit[1] * d / 2))

    def build(_: Viewport) -> Timeline:
        require(start >= 0 and end >= 0, "pinch distances cannot be negative")
        require(duration >= 0, "duration cannot be negative")
        return two_fingers(duration, sample_rate, easing, places)

    return Gesture(name, build)


def rotate(center: Sequence[float], degrees: float, radius: float = 80, start_degrees: float = 0,
           duration: float = 300, sample_rate: float = DEFAULT_SAMPLE_RATE, easing: str = "linear",
           release_velocity: float | None = None) -> Gesture:
    """Two fingers opposite each other on a circle of ``radius`` around ``center``, from ``start_degrees`` (0: the
    first finger right of centre), turn by ``degrees`` (positive: clockwise on screen) in ``duration`` ms. With
    ``release_velocity`` (radians per second) the rotation's ``velocity`` reads exactly that at ``.ended``."""
    c = _point(center, "center")
    if release_velocity is not None:
        from .release import rotate_released_at
        require(easing == "linear", "a rotation with release_velocity takes no easing")
        return rotate_released_at(c, degrees, release_velocity, radius=radius, start_degrees=start_degrees,
                                  duration=duration, sample_rate=sample_rate)
    name = f"rotate at {fmt_point(c)} by {fmt(degrees)}° (radius {fmt(radius)} pt) in {fmt(duration)} ms"

    def places(fraction: float) -> tuple[Point, Point]:
        angle = (start_degrees + degrees * fraction) * math.pi / 180
        arm = (math.cos(angle) * radius, math.sin(angle) * radius)
        return ((c[0] + arm[0], c[1] + arm[1]), (c[0] - arm[0], c[1] - arm[1]))

    def build(_: Viewport) -> Timeline:
        require(radius > 0, "radius must be positive")
        require(duration >= 0, "duration cannot be negative")
        return two_fingers(duration, sample_rate, easing, places)

    return Gesture(name, build)


# Raw streams and composition

def raw(events: Iterable[PointerEvent | dict], name: str = "raw pointer sequence") -> Gesture:
    """Exactly these pointer changes (times relative to the gesture's start): ``PointerEvent``s or dicts with
    ``finger``, ``phase``, ``at`` (x, y), ``t`` and optionally ``pointer_type``, ``pressure``, ``width``, ``height``."""
    changes = [e if isinstance(e, PointerEvent) else _event(e) for e in events]
    return Gesture(f"{name} ({len(changes)} changes)", lambda _: Timeline(list(changes)))


def _event(item: dict) -> PointerEvent:
    allowed = {"finger", "phase", "at", "t", "pointer_type", "pressure", "width", "height"}
    unknown = sorted(set(item) - allowed)
    require(not unknown, f"raw event {item!r}: unknown field {unknown[0] if unknown else ''!r}")
    require("phase" in item and "at" in item and "t" in item, f"raw event {item!r} needs phase, at and t")
    return PointerEvent(int(item.get("finger", 1)), item["phase"], _point(item["at"], "at"), float(item["t"]),
                        item.get("pointer_type", "touch"), item.get("pressure"), item.get("width"), item.get("height"))


def pause(duration: float) -> Gesture:
    """No touches for ``duration`` ms: time passes (timers fire)."""

    def build(_: Viewport) -> Timeline:
        require(duration >= 0 and math.isfinite(duration), "a pause needs a finite duration ≥ 0")
        return Timeline([], duration)

    return Gesture(f"pause {fmt(duration)} ms", build)


def sequence(*gestures: Gesture) -> Gesture:
    """The gestures one after another, each starting when the previous one ends."""

    def build(viewport: Viewport) -> Timeline:
        timeline = Timeline([])
        for gesture in gestures:
            timeline = timeline.followed_by(gesture.build(viewport))
        return timeline

    return Gesture(", then ".join(g.description for g in gestures), build)
