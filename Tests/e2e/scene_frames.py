"""Where a declarative scene's views are and what colour each point of the window is, read from the scene's
JSON by the rules docs/scenes.md states — written without the server's layout code (FrameSpec.swift) or the
page's geometry (web/mirror.mjs), so a browser test can check the page's pixels against an independent answer.

Covered: frames as ``[x, y, w, h]`` or anchored edges (points or ``"N%"`` of the superview), ``anchorPoint`` with
``position``, ``color``, ``alpha``, ``hidden``, ``cornerRadius``, ``clipsToBounds`` and nesting. Not covered (a
point there is left out): a view's content (text, images, controls), safe-area guides, variants, transforms.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Kinds whose content (text, an image, a control) is drawn over their colour: their points are not predicted.
CONTENT_KINDS = {"label", "image", "button", "switch", "slider", "control", "drawing", "scrollView"}
#: Points closer than this (px) to an edge or a rounded corner's arc are left out: antialiasing blends there.
EDGE_MARGIN = 1.5
#: How far (px) inside each corner, and outside each edge, a view's probe points lie.
INSET = 4
#: How far (0–255) a drawn channel may be from the predicted one (alpha rounding; no antialiasing at probe points).
COLOUR_TOLERANCE = 6


def length(value, of: float) -> float:
    """A frame entry: points, or ``"N%"`` of the superview's length along that axis."""
    if isinstance(value, str):
        assert value.endswith("%"), value
        return float(value[:-1]) / 100 * of
    return float(value)


def axis(frame: dict, start: str, size: str, end: str, centre: str, of: float) -> tuple[float, float]:
    """Origin and length along one axis from the two anchors given (or centre and length)."""
    if centre in frame:
        extent = length(frame[size], of)
        return length(frame[centre], of) - extent / 2, extent
    if size in frame:
        extent = length(frame[size], of)
        origin = length(frame[start], of) if start in frame else of - length(frame[end], of) - extent
        return origin, extent
    origin, far = length(frame[start], of), length(frame[end], of)
    return origin, of - origin - far


def frame_rect(view: dict, width: float, height: float) -> tuple[float, float, float, float]:
    """The view's rectangle (x, y, w, h) in its superview of ``width`` × ``height`` points."""
    frame = view["frame"]
    if isinstance(frame, list):
        x, y, w, h = (length(v, width if i % 2 == 0 else height) for i, v in enumerate(frame))
    else:
        assert "guide" not in frame, "safe-area guides are not covered"
        x, w = axis(frame, "left", "width", "right", "centerX", width)
        y, h = axis(frame, "top", "height", "bottom", "centerY", height)
    if "position" in view:
        ax, ay = view.get("anchorPoint", [0.5, 0.5])
        x, y = view["position"][0] - ax * w, view["position"][1] - ay * h
    return x, y, w, h


@dataclass
class Placed:
    """One view where the window shows it: its rectangle in window points, its clip, its opacity."""
    view: dict
    rect: tuple[float, float, float, float]
    clip: tuple[float, float, float, float] | None
    opacity: float


def place(views: list[dict], origin=(0.0, 0.0), size=(0.0, 0.0), clip=None, opacity=1.0) -> list[Placed]:
    """Every visible view in drawing order (a superview before its subviews, later siblings over earlier ones)."""
    placed = []
    for view in views:
        if view.get("hidden"):
            continue
        x, y, w, h = frame_rect(view, *size)
        rect = (origin[0] + x, origin[1] + y, w, h)
        alpha = opacity * view.get("alpha", 1)
        placed.append(Placed(view, rect, clip, alpha))
        inner = intersect(clip, rect) if view.get("clipsToBounds") else clip
        placed += place(view.get("children", []), rect[:2], (w, h), inner, alpha)
    return placed


def intersect(a, b):
    if a is None:
        return b
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0)


def covers(rect, x: float, y: float, radius: float = 0) -> bool | None:
    """Whether (x, y) is inside the (rounded) rectangle; None when it is too close to its outline to say."""
    rx, ry, w, h = rect
    inside_distance = min(x - rx, rx + w - x, y - ry, ry + h - y)
    if abs(inside_distance) < EDGE_MARGIN:
        return None
    if inside_distance < 0:
        return False
    r = min(radius, w / 2, h / 2)
    if r > 0:
        cx = min(max(x, rx + r), rx + w - r)
        cy = min(max(y, ry + r), ry + h - r)
        if (cx, cy) != (x, y):
            distance = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
            if abs(distance - r) < EDGE_MARGIN:
                return None
            return distance < r
    return True


def hex_colour(value: str) -> tuple[int, int, int]:
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))


def colour_at(scene: dict, placed: list[Placed], x: float, y: float) -> tuple[tuple[float, float, float], str | None] | None:
    """The colour the window shows at (x, y) and the id of the front-most view there (None: the background), or
    None when it cannot be predicted (content, an edge)."""
    colour = tuple(float(c) for c in hex_colour(scene.get("background", "#ffffff")))
    top = None
    for item in placed:
        if item.clip is not None and (inside := covers(item.clip, x, y)) is not True:
            if inside is None:
                return None
            continue
        inside = covers(item.rect, x, y, item.view.get("cornerRadius", 0))
        if inside is None:
            return None
        if not inside:
            continue
        if item.view.get("kind", "view") in CONTENT_KINDS:
            return None
        top = item.view["id"]
        if "color" in item.view:
            paint = hex_colour(item.view["color"])
            colour = tuple(item.opacity * p + (1 - item.opacity) * c for p, c in zip(paint, colour))
    return colour, top


@dataclass
class ProbePoint:
    """A point of the window (stage px), the colour the scene says is drawn there and the front-most view there."""
    view: str
    why: str
    x: float
    y: float
    colour: tuple[float, float, float]
    front: str | None

    def matches(self, drawn) -> bool:
        return all(abs(d - c) <= COLOUR_TOLERANCE for d, c in zip(drawn, self.colour))


def probe_points(scene: dict, width: float, height: float) -> list[ProbePoint]:
    """For each plain view, shown or hidden: its centre, a point just inside each corner and just outside each
    edge, with the colour predicted there (points that cannot be predicted are left out)."""
    placed = place(scene["views"], size=(width, height))
    everything = place(strip_hidden(scene["views"]), size=(width, height))
    points = []
    for item in everything:
        if item.view.get("kind", "view") in CONTENT_KINDS:
            continue
        x, y, w, h = item.rect
        candidates = {
            "centre": (x + w / 2, y + h / 2),
            "top-left corner": (x + INSET, y + INSET), "top-right corner": (x + w - INSET, y + INSET),
            "bottom-left corner": (x + INSET, y + h - INSET), "bottom-right corner": (x + w - INSET, y + h - INSET),
            "left of it": (x - INSET, y + h / 2), "right of it": (x + w + INSET, y + h / 2),
            "above it": (x + w / 2, y - INSET), "below it": (x + w / 2, y + h + INSET),
        }
        for why, (px, py) in candidates.items():
            if not (0 <= px < width and 0 <= py < height):
                continue
            predicted = colour_at(scene, placed, px, py)
            if predicted is not None:
                points.append(ProbePoint(item.view["id"], f"{item.view['id']}: {why}", px, py, *predicted))
    return points


def strip_hidden(views: list[dict]) -> list[dict]:
    """The views with ``hidden`` dropped, so hidden views get probe points too (where nothing of them shows)."""
    return [{**{k: v for k, v in view.items() if k != "hidden"}, "children": strip_hidden(view.get("children", []))}
            for view in views]


def area_points(scene: dict, width: float, height: float, area: tuple[float, float, float, float], step: float) -> list[ProbePoint]:
    """Every ``step`` px of ``area`` (x, y, w, h) of the window, with the colour predicted there (points that
    cannot be predicted are left out): for a part of the window where nothing but the scene may be drawn."""
    placed = place(scene["views"], size=(width, height))
    x0, y0, w, h = area
    points = []
    for row in range(int(h // step)):
        for column in range(int(w // step)):
            x, y = x0 + column * step, y0 + row * step
            predicted = colour_at(scene, placed, x, y)
            if predicted is not None:
                points.append(ProbePoint(predicted[1] or "background", "a point of the area", x, y, *predicted))
    return points
