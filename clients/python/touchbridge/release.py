"""Gestures released at an exact velocity, as the Swift client makes them (``ReleaseVelocity.swift``).

TouchKit estimates a pan's ``velocity(in:)`` from the centroid's samples of the last ``RELEASE_WINDOW`` ms (the
oldest one in the window to the newest) and a pinch's or rotation's ``velocity`` from its last two samples
(docs/uikit-rules.md: UIKIT-PAN, UIKIT-PINCH, UIKIT-ROTATION). These gestures make the movement's last
``RELEASE_WINDOW`` ms plus one frame a straight line at the requested rate, count the frames back from the release
(the last frame is a whole frame) and do not round positions, so the estimators read the request back to
floating-point precision at any frame rate. Before that final stretch the movement is linear.

Use them through ``pan(..., release_velocity=...)``, ``pinch(..., release_velocity=...)``,
``rotate(..., release_velocity=...)`` and ``flick(...)``.
"""

from __future__ import annotations

import math
from typing import Callable

from .gestures import (DEFAULT_SAMPLE_RATE, Gesture, Point, PointerEvent, Timeline, Viewport, fmt, fmt_point, layout,
                       require, round3, _point)

RELEASE_WINDOW = 100.0
"""The span of samples TouchKit's pan velocity estimator looks at, ms."""
MAXIMUM_FRAMES = 1_000_000
"""Most frames one velocity-exact movement may have (an hour at 240 Hz is 864,000): a bound on the stream's size."""


class _Profile:
    """A quantity that goes linearly from ``start`` to ``knee`` in the first ``duration − stretch`` ms, then at
    ``rate`` per second to ``end`` at ``duration``."""

    def __init__(self, start: float, end: float, rate: float, duration: float, stretch: float):
        self.start, self.end, self.rate, self.duration, self.stretch = start, end, rate, duration, stretch
        self.knee = end - rate * stretch / 1000

    def __call__(self, t: float) -> float:
        knee_time = self.duration - self.stretch
        if t >= knee_time - 0.0005:  # frame times are rounded to 0.001 ms: a frame that close is on the stretch
            return self.end - self.rate * (self.duration - t) / 1000
        return self.knee if knee_time == 0 else self.start + (self.knee - self.start) * t / knee_time


def final_stretch(duration: float, sample_rate: float) -> float:
    """The final straight stretch, ms: the estimator's window plus one frame (the movement must be that long)."""
    require(sample_rate > 0 and math.isfinite(sample_rate), "sample_rate must be a positive number of Hz")
    stretch = RELEASE_WINDOW + 1000 / sample_rate
    require(math.isfinite(duration) and duration >= stretch,
            f"a release velocity needs a movement of at least {fmt(stretch)} ms at {fmt(sample_rate)} Hz "
            f"(TouchKit's {fmt(RELEASE_WINDOW)} ms estimator window and one frame)")
    return stretch


def frames_before_release(duration: float, sample_rate: float) -> list[float]:
    """Every ``1000 / sample_rate`` ms counted back from ``duration``, down to the first after 0."""
    require(sample_rate > 0 and math.isfinite(sample_rate), "sample_rate must be a positive number of Hz")
    step = 1000 / sample_rate
    frames = (duration - 1e-9) / step
    require(math.isfinite(frames) and 0 <= frames < MAXIMUM_FRAMES,
            f"a movement of {fmt(duration)} ms at {fmt(sample_rate)} Hz needs 1 to {MAXIMUM_FRAMES} frames")
    count = int(math.floor(frames))
    return [t for t in (round3(duration - k * step) for k in range(count, -1, -1)) if t > 0]


def _moving(count: int, duration: float, sample_rate: float, place: Callable[[int, float], Point]) -> Timeline:
    """Fingers 1…``count`` land at 0, move at every frame, lift at ``duration``, each at ``place(index, t)``."""
    end = round3(duration)
    events = [PointerEvent(i + 1, "down", place(i, 0), 0) for i in range(count)]
    for t in frames_before_release(duration, sample_rate):
        events += [PointerEvent(i + 1, "move", place(i, t), t) for i in range(count)]
    events += [PointerEvent(i + 1, "up", place(i, end), end) for i in range(count)]
    return Timeline(events)


def pan_released_at(start: Point, end: Point, velocity: Point, duration: float = 300, fingers: int = 1,
                    sample_rate: float = DEFAULT_SAMPLE_RATE, spread: float = 40) -> Gesture:
    """From ``start`` to ``end`` in ``duration`` ms, arriving at ``velocity`` pt/s: ``velocity(in: nil)`` at
    ``.ended``."""
    name = ("pan" if fingers == 1 else f"{fingers}-finger pan") \
        + f" from {fmt_point(start)} to {fmt_point(end)} in {fmt(duration)} ms, released at {fmt_point(velocity)} pt/s"

    def build(_: Viewport) -> Timeline:
        require(fingers >= 1, "fingers must be at least 1")
        stretch = final_stretch(duration, sample_rate)
        x = _Profile(start[0], end[0], velocity[0], duration, stretch)
        y = _Profile(start[1], end[1], velocity[1], duration, stretch)
        offsets = layout((0, 0), fingers, spread)
        return _moving(fingers, duration, sample_rate, lambda i, t: (x(t) + offsets[i][0], y(t) + offsets[i][1]))

    return Gesture(name, build)


def flick(start, velocity, duration: float = 150, fingers: int = 1, sample_rate: float = DEFAULT_SAMPLE_RATE,
          spread: float = 40) -> Gesture:
    """A straight stroke at a constant ``velocity`` (pt/s, ``(vx, vy)``) for ``duration`` ms from ``start``, then a
    lift: a flick in any direction, released at exactly ``velocity``."""
    origin, v = _point(start, "start"), _point(velocity, "velocity")
    name = ("flick" if fingers == 1 else f"{fingers}-finger flick") \
        + f" from {fmt_point(origin)} at {fmt_point(v)} pt/s for {fmt(duration)} ms"

    def build(_: Viewport) -> Timeline:
        require(fingers >= 1, "fingers must be at least 1")
        require(duration > 0 and math.isfinite(duration), "a flick needs a finite duration > 0")
        offsets = layout((0, 0), fingers, spread)
        return _moving(fingers, duration, sample_rate,
                       lambda i, t: (origin[0] + v[0] * (t / 1000) + offsets[i][0], origin[1] + v[1] * (t / 1000) + offsets[i][1]))

    return Gesture(name, build)


def pinch_released_at(center: Point, start: float, end: float, velocity: float, degrees: float = 0,
                      duration: float = 300, sample_rate: float = DEFAULT_SAMPLE_RATE) -> Gesture:
    """Fingers ``start`` → ``end`` pt apart, released at a scale velocity of ``velocity`` per second."""
    name = f"pinch at {fmt_point(center)} from {fmt(start)} to {fmt(end)} pt in {fmt(duration)} ms, " \
           f"released at {fmt(velocity)}/s"

    def build(_: Viewport) -> Timeline:
        require(start > 0 and end >= 0, "a pinch released at a velocity starts with its fingers apart (start > 0, end ≥ 0)")
        distance = _Profile(start, end, velocity * start, duration, final_stretch(duration, sample_rate))
        require(distance.knee >= 0, f"the fingers cannot reach {fmt(end)} pt at that velocity: they would cross first")
        radians = degrees * math.pi / 180  # as Swift computes it: the same bits
        half = (math.cos(radians) / 2, math.sin(radians) / 2)
        sign = (-1, 1)
        return _moving(2, duration, sample_rate, lambda i, t: (center[0] + sign[i] * half[0] * distance(t),
                                                               center[1] + sign[i] * half[1] * distance(t)))

    return Gesture(name, build)


def rotate_released_at(center: Point, degrees: float, velocity: float, radius: float = 80, start_degrees: float = 0,
                       duration: float = 300, sample_rate: float = DEFAULT_SAMPLE_RATE) -> Gesture:
    """Two opposite fingers turn by ``degrees`` (clockwise on screen), released at ``velocity`` rad/s."""
    name = f"rotate at {fmt_point(center)} by {fmt(degrees)}° (radius {fmt(radius)} pt) in {fmt(duration)} ms, " \
           f"released at {fmt(velocity)} rad/s"

    def build(_: Viewport) -> Timeline:
        require(radius > 0, "radius must be positive")
        first = start_degrees * math.pi / 180
        angle = _Profile(first, first + degrees * math.pi / 180, velocity, duration, final_stretch(duration, sample_rate))
        sign = (1, -1)
        return _moving(2, duration, sample_rate, lambda i, t: (center[0] + sign[i] * radius * math.cos(angle(t)),
                                                               center[1] + sign[i] * radius * math.sin(angle(t))))

    return Gesture(name, build)
