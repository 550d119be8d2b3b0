#!/usr/bin/env python3
"""Records the regression sessions committed in Tests/recordings/ through the real page.

Starts ``touchbridge serve --record DIR``, drives the page in headless Chromium (Playwright, touch
through CDP ``Input.dispatchTouchEvent`` on a phone viewport, client clock: the server's timers
fire on their own), and copies one recording per session:

* ``transform-image-pinch.jsonl``: a two-finger pinch on the transform-image scene;
* ``drag-and-drop.jsonl``: hold the image until the long press begins, then drag it;
* ``single-double-tap.jsonl``: a single tap, then a double tap, on the recognizer pane; then the
  inspector's Mark button.

Each copy is checked with ``touchbridge replay --check`` before it replaces the committed one.

    .venv/bin/python Tests/e2e/record_sessions.py            # writes Tests/recordings/
    .venv/bin/python Tests/e2e/record_sessions.py --out /tmp/rec --server .build/release/touchbridge
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import conftest  # noqa: E402  (the e2e suites' server launcher and browser flags)

ROOT = conftest.ROOT
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
FRAME = 1 / 60


class Page:
    """One page of the app in a fresh browser context, with one CDP session for its touches."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(**PHONE, bypass_csp=True)  # its waits evaluate strings; the page runs under CSP
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        # Before navigating, so the page's feature detection sees touch (notes: browser-e2e gotcha 4).
        self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.page.goto(url)
        self.wait("(tb) => tb.state === 'joined' && tb.mirror.windows.length > 0")

    def wait(self, predicate: str, arg=None, timeout: float = 10000):
        self.page.wait_for_function(
            "([src, arg]) => { const tb = window.__touchbridge; return !!tb && (0, eval)(src)(tb, arg); }",
            arg=[predicate, arg], timeout=timeout)

    def rect(self, name: str) -> dict:
        rect = self.page.evaluate("(n) => window.__touchbridge.viewRect(n)", name)
        assert rect, f"no view named {name!r}"
        return rect

    def touch(self, kind: str, points: list[tuple[int, float, float]]):
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i, "radiusX": 10, "radiusY": 10, "force": 0.5} for i, x, y in points]})

    def tap(self, x: float, y: float, hold: float = 0.06):
        self.touch("touchStart", [(0, x, y)])
        time.sleep(hold)
        self.touch("touchEnd", [])

    def wait_transition(self, recognizer: str, to: str, timeout: float = 5000):
        self.wait("(tb, [r, to]) => tb.log.some(e => e.kind === 'transition' && e.recognizer === r && e.to === to)",
                  [recognizer, to], timeout=timeout)

    def close(self):
        self.context.close()


def pinch(page: Page):
    image = page.rect("image")
    cx, cy = image["cx"], image["cy"]
    page.touch("touchStart", [(0, cx - 40, cy), (1, cx + 40, cy)])
    for step in range(1, 13):
        time.sleep(FRAME)
        d = 40 + step * 5
        page.touch("touchMove", [(0, cx - d, cy), (1, cx + d, cy)])
    time.sleep(FRAME)
    page.touch("touchEnd", [])
    page.wait_transition("pinch", "ended")


def drag_and_drop(page: Page):
    image = page.rect("image")
    x, y = image["cx"], image["cy"]
    page.touch("touchStart", [(0, x, y)])
    # Held still: the server's timer begins the long press (client clock), then the drag moves the image.
    page.wait_transition("longPress", "began")
    time.sleep(0.1)
    for step in range(1, 13):
        page.touch("touchMove", [(0, x + step * 6, y + step * 4)])
        time.sleep(FRAME)
    page.touch("touchEnd", [])
    page.wait_transition("longPress", "ended")


def single_double_tap(page: Page):
    pane = page.rect("recognizers")
    x, y = pane["cx"], pane["cy"]
    page.tap(x, y)
    # The single tap waits for the double tap to fail: a server timer after the multi-tap interval.
    page.wait_transition("singleTap", "ended")
    time.sleep(0.6)
    page.tap(x, y)
    time.sleep(0.1)
    page.tap(x, y)
    page.wait_transition("doubleTap", "ended")
    time.sleep(0.6)
    # "That tap was wrong": the inspector's Mark button.
    page.page.click("#panel-toggle")
    page.page.click("#mark")
    page.wait("(tb) => (tb.sent.mark || 0) === 1")
    time.sleep(0.2)


SESSIONS = [
    ("transform-image-pinch", "transform-image", pinch),
    ("drag-and-drop", "drag-and-drop", drag_and_drop),
    ("single-double-tap", "single-double-tap", single_double_tap),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "Tests" / "recordings"), help="where the recordings go")
    parser.add_argument("--server", default=str(conftest.SERVER_BIN), help="the touchbridge binary")
    args = parser.parse_args()
    conftest.SERVER_BIN = Path(args.server).resolve()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    record_dir = Path(tempfile.mkdtemp(prefix="touchbridge-record-"))
    server = conftest.ServerProcess(extra_args=("--record", str(record_dir)))
    server.start()
    made: list[tuple[str, Path]] = []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=conftest.CHROMIUM, headless=True, args=conftest.CHROMIUM_ARGS)
            for name, scene, gesture in SESSIONS:
                before = set(record_dir.iterdir())
                page = Page(browser, f"{server.base_url}?scene={scene}&panel=closed")
                gesture(page)
                page.close()
                # The device's connection closing ends the session and its file.
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    new = set(record_dir.iterdir()) - before
                    if new and '"close":true' in next(iter(new)).read_text():
                        break
                    time.sleep(0.05)
                new = sorted(set(record_dir.iterdir()) - before)
                assert len(new) == 1, f"{name}: expected one new recording, got {new}"
                made.append((name, new[0]))
            browser.close()
    finally:
        server.stop()

    failed = False
    for name, path in made:
        check = subprocess.run([str(conftest.SERVER_BIN), "replay", "--check", "--quiet", str(path)], cwd=ROOT,
                               capture_output=True, text=True)
        print(check.stdout, end="")
        if check.returncode != 0:
            print(f"{name}: replay --check failed:\n{check.stdout}{check.stderr}", file=sys.stderr)
            failed = True
            continue
        shutil.copyfile(path, out / f"{name}.jsonl")
        print(f"wrote {out / (name + '.jsonl')}")
    shutil.rmtree(record_dir, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
