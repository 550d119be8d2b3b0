"""Golden images of what the page draws: one committed PNG per browser engine and picture, compared with
a tolerance (docs/testing.md, "Golden images").

``Tests/e2e/goldens/<engine>/<name>.png`` holds what ``<engine>`` drew for ``<name>`` when the golden was
last written. Engines differ in fonts and antialiasing, so each has its own; the same engine on the same
machine kind draws the same picture again, bar a few edge pixels. A picture matches its golden when it has
the same size and at most ``MAX_DIFFERING_SHARE`` of its pixels differ by more than ``CHANNEL_TOLERANCE``
in some colour channel.

``TOUCHBRIDGE_WRITE_GOLDENS=1`` writes every golden a test compares (and passes those comparisons); without
it a missing golden fails, so CI never passes a picture nobody looked at. A failed comparison leaves the
picture drawn and a diff (the golden greyed, differing pixels red) in ``artifacts/goldens/<engine>/``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDENS = Path(__file__).resolve().parent / "goldens"
#: How far (0–255) one colour channel of a pixel may be from the golden's and still count as equal:
#: antialiased edges and text move by a few levels between runs; a wrong colour moves by far more.
CHANNEL_TOLERANCE = 24
#: The share of a picture's pixels that may differ: about 380 of a 980×768 stage (reruns on one machine kind
#: are pixel-identical; this leaves room for a font or rasterizer update's edge pixels). A view moved sideways
#: by d px changes 2·d·height pixels, so 2 px of any view taller than 95 px fails, as does a wrong colour on
#: any view larger than 20 × 20 px; smaller slips are for the pixel checks at points (scene_frames.py).
MAX_DIFFERING_SHARE = 0.0005


def writing() -> bool:
    """Whether this run rewrites the goldens instead of comparing with them."""
    return os.environ.get("TOUCHBRIDGE_WRITE_GOLDENS") == "1"


def image(png: bytes) -> Image.Image:
    """A PNG as an RGB image (alpha dropped: the stage is opaque)."""
    return Image.open(io.BytesIO(png)).convert("RGB")


def differing_mask(actual: Image.Image, golden: Image.Image) -> Image.Image:
    """A one-channel mask, 255 where some channel of the two pictures differs by more than the tolerance."""
    red, green, blue = ImageChops.difference(actual, golden).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return largest.point(lambda level: 255 if level > CHANNEL_TOLERANCE else 0)


def diff_picture(golden: Image.Image, mask: Image.Image) -> Image.Image:
    """The golden in light grey with the differing pixels in red, for a person to see where they are."""
    picture = golden.convert("L").point(lambda level: 160 + level * 95 // 255).convert("RGB")
    picture.paste((255, 0, 0), mask=mask)
    return picture


def check(png: bytes, engine: str, name: str, artifacts: Path) -> str | None:
    """Compares one picture with its golden (or writes the golden): None when it matches, else why not."""
    actual = image(png)
    golden_path = GOLDENS / engine / f"{name}.png"
    if writing():
        golden_path.parent.mkdir(parents=True, exist_ok=True)
        actual.save(golden_path, optimize=True)
        return None
    out = artifacts / "goldens" / engine
    out.mkdir(parents=True, exist_ok=True)
    actual_path = out / f"{name}-actual.png"
    if not golden_path.exists():
        actual.save(actual_path)
        return f"{engine}/{name}: no golden {golden_path.relative_to(GOLDENS.parents[2])} (look at {actual_path}; " \
               "TOUCHBRIDGE_WRITE_GOLDENS=1 writes it)"
    golden = Image.open(golden_path).convert("RGB")
    if golden.size != actual.size:
        actual.save(actual_path)
        return f"{engine}/{name}: {actual.size[0]}×{actual.size[1]} px drawn, the golden is {golden.size[0]}×{golden.size[1]}"
    mask = differing_mask(actual, golden)
    differing = mask.histogram()[255]
    share = differing / (actual.size[0] * actual.size[1])
    if share <= MAX_DIFFERING_SHARE:
        return None
    actual.save(actual_path)
    diff_path = out / f"{name}-diff.png"
    diff_picture(golden, mask).save(diff_path)
    return f"{engine}/{name}: {differing} px ({share:.3%}) differ from the golden by more than {CHANNEL_TOLERANCE} levels " \
           f"(at most {MAX_DIFFERING_SHARE:.3%} may); see {actual_path} and {diff_path}"


def stale(engine: str, names: set[str]) -> list[str]:
    """Goldens of ``engine`` that no picture of ``names`` uses any more (a renamed or removed scene)."""
    folder = GOLDENS / engine
    return sorted(p.stem for p in folder.glob("*.png") if p.stem not in names) if folder.exists() else []
