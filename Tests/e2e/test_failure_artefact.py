"""A failure you can open anywhere (issue 28 item 3): `touchbridge replay --html`, and the file a failing
`replay --check` writes, is one HTML file that opens from file:// with the network off, in Chromium, Firefox
and WebKit, at the frame where the difference was decided — the difference in its log — and steps back and
forward from the embedded frames (at phone, small phone, landscape, tablet and desktop sizes); its HUD says
it is a saved file, not a connection. `drive --html-on-failure` writes one for a failed expectation.
Screenshots go to Tests/e2e/artifacts/artefact-*.png.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
from pathlib import Path

import pytest

import conftest
from test_page import pages  # noqa: F401  (a fixture)
from test_page_engines import engine  # noqa: F401  (one browser of each engine for the module)

ROOT = conftest.ROOT
RECORDING = ROOT / "Tests" / "recordings" / "single-double-tap.jsonl"
PHONE = (390, 844)
PHONE_SE = (320, 568)
LANDSCAPE = (568, 320)
TABLET = (768, 1024)
DESKTOP = (1280, 800)
# Selenium's own WebKitGTK driver class still uses an API Selenium deprecated.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


def touchbridge(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(conftest.SERVER_BIN), *args], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)


def moved_second_tap(directory: Path) -> Path:
    """The committed double-tap recording with its second tap 200 pt to the right: it lands on another view."""
    lines = RECORDING.read_text().splitlines()
    downs = [i for i, line in enumerate(lines) if '\\"phase\\":\\"down\\"' in line]
    for index in (downs[1], downs[1] + 2):  # the second tap's down and its up, two lines later
        assert '\\"x\\":97.5' in lines[index], lines[index]
        lines[index] = lines[index].replace('\\"x\\":97.5', '\\"x\\":297.5')
    path = directory / "moved-tap.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def frames_before(recording: Path, line: int) -> int:
    """Frames the page shows before the event of `line`: the recording's inbound events before it whose
    recorded answer carries a render or events (up to the difference the replay sends what was recorded)."""
    frames = 0
    counted = False
    for number, text in enumerate(recording.read_text().splitlines(), start=1):
        if number >= line:
            break
        entry = json.loads(text)
        if "in" in entry or "timer" in entry or "open" in entry:
            counted = False
        elif "out" in entry and not counted and json.loads(entry["out"]).get("type") in ("render", "events"):
            frames += 1
            counted = True
    return frames


@pytest.fixture(scope="module")
def failure(tmp_path_factory) -> dict:
    """A failing `replay --check` with --html-on-failure: the file, the difference's line and its frame."""
    directory = tmp_path_factory.mktemp("artefact")
    recording = moved_second_tap(directory)
    output = directory / "failure.html"
    done = touchbridge("replay", "--check", "--quiet", str(recording), "--html-on-failure", str(output))
    assert done.returncode == 1, done.stdout + done.stderr
    line = int(re.search(r"difference at line (\d+)", done.stdout).group(1))
    return {"file": output, "line": line, "frame": frames_before(recording, line), "stderr": done.stderr}


def test_a_failing_check_writes_the_file_and_says_where(failure):
    assert failure["file"].exists(), failure["stderr"]
    assert str(failure["file"]) in failure["stderr"]
    html = failure["file"].read_text()
    # Self-contained: nothing the page would fetch from a server (scripts, styles, icons, the socket's page).
    assert not re.search(r'(src|href)="(?!data:|#|\./|https?://)[^"]*"', html.split('<script type="importmap">')[0]), "a relative link is left"
    assert "<script type=\"module\" src=" not in html


def test_a_failing_check_without_a_path_writes_into_a_private_temporary_directory(tmp_path):
    recording = moved_second_tap(tmp_path)
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir()
    done = touchbridge("replay", "--check", "--quiet", str(recording), env=env)
    assert done.returncode == 1
    written = re.search(r"open (\S+\.html) in a browser", done.stderr)
    assert written, done.stderr
    directory = tmp_path / "tmp" / f"touchbridge-failures-{os.getuid()}"
    assert Path(written.group(1)) == directory / "moved-tap.html" and Path(written.group(1)).exists()
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    # One others may read (made first by someone else, or by hand) is not used: the file holds the session.
    (directory / "moved-tap.html").unlink()
    directory.chmod(0o755)
    done = touchbridge("replay", "--check", "--quiet", str(recording), env=env)
    assert done.returncode == 1
    assert "no HTML file written" in done.stderr and "not a directory private to you" in done.stderr, done.stderr
    assert not (directory / "moved-tap.html").exists()


def test_html_is_refused_for_several_recordings_and_the_on_failure_path_without_check(tmp_path):
    assert touchbridge("replay", "--html", str(tmp_path / "x.html"), "Tests/recordings").returncode != 0
    assert touchbridge("replay", "--html-on-failure", str(tmp_path / "x.html"), str(RECORDING)).returncode != 0


def open_offline(engine, url: str, size: tuple[int, int]) -> list[str]:
    """Opens `url` at `size`; in Chromium with the network off and every request that is not file: or data:
    refused. Returns the requests that were refused (there must be none)."""
    refused: list[str] = []
    engine.resize(*size)
    if engine.engine == "chromium":
        engine.context.set_offline(True)

        def block(route):
            if route.request.url.startswith(("file:", "data:")):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        engine.context.route("**/*", block)
    engine.navigate(url)
    engine.wait("const tb = window.__touchbridge; return !!tb && tb.stepping.active && tb.stepping.frames > 0 && tb.mirror.windows.length > 0",
                what="the saved failure to show its frame")
    return refused


def shown(engine) -> dict:
    return engine.js("""const tb = window.__touchbridge;
        return {source: document.querySelector('#step-source').textContent, panel: document.querySelector('#app').classList.contains('panel-open'), frame: tb.stepping.frame, frames: tb.stepping.frames, where: document.querySelector('#step-where').textContent,
                log: tb.log.map(e => e.text), errors: tb.pageErrors, hud: document.querySelector('#hud-state').textContent,
                fetched: performance.getEntriesByType('resource').map(r => r.name).filter(n => !/^(file|data):/.test(n))}""")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_file_opens_offline_at_the_failing_frame_and_steps(engine, failure, artifacts, size):
    opens_at_the_failing_frame_and_steps(engine, failure, artifacts, size)


# The other sizes people open it at, one engine each (each engine already opens it at phone and desktop size).
@pytest.mark.parametrize(("engine", "size"), [("chromium", PHONE_SE), ("webkit", LANDSCAPE), ("firefox", TABLET)],
                         ids=["chromium-320x568", "webkit-568x320", "firefox-tablet"], indirect=["engine"])
def test_the_file_opens_at_small_landscape_and_tablet_sizes(engine, failure, artifacts, size):
    opens_at_the_failing_frame_and_steps(engine, failure, artifacts, size)


def opens_at_the_failing_frame_and_steps(engine, failure, artifacts, size: tuple[int, int]):
    refused = open_offline(engine, failure["file"].as_uri(), size)
    state = shown(engine)
    expected = failure["frame"]
    assert state["frame"] == expected, state
    assert state["panel"], "the inspector opens with the file: the reason is in its log"
    # A file, not a connection: the HUD does not say "connected".
    assert state["hud"] == "saved file", state["hud"]
    assert state["source"] == f"Recording moved-tap.jsonl · ✗ at frame {expected}", state["source"]
    assert state["where"].startswith(f"frame {expected} / {state['frames'] - 1}"), state["where"]
    reason = [text for text in state["log"] if text.startswith("✗ replay --check")]
    assert reason and f"line {failure['line']}" in reason[0], state["log"]
    engine.screenshot(artifacts / f"artefact-{engine.engine}-{size[0]}x{size[1]}.png")

    engine.click("#step-back")
    engine.wait("return window.__touchbridge.stepping.frame === arguments[0]", expected - 1, what="one frame back")
    back = shown(engine)
    assert back["where"].startswith(f"frame {expected - 1} /"), back["where"]
    assert not any(text.startswith("✗") for text in back["log"]), "the reason shows only from the failing frame on"
    engine.click("#step-forward")
    engine.click("#step-forward")
    engine.wait("return window.__touchbridge.stepping.frame === arguments[0]", expected + 1, what="two frames forward")
    after = shown(engine)
    assert any(text.startswith("✗ replay --check") for text in after["log"])
    assert after["errors"] == [], after["errors"]
    assert refused == [] and after["fetched"] == [], (refused, after["fetched"])


def test_drive_writes_the_file_of_a_failed_expectation(tmp_path):
    script = tmp_path / "tap.json"
    script.write_text(json.dumps({
        "name": "a tap that is not a double tap",
        "scene": "single-double-tap",
        "viewport": {"width": 390, "height": 800, "scale": 3},
        "steps": [
            {"gesture": "tap", "at": [97.5, 440]},
            {"expect": "transition", "recognizer": "doubleTap", "to": "ended", "within": 400},
        ],
    }))
    done = touchbridge("drive", str(script), "--html-on-failure", str(tmp_path / "failures"))
    assert done.returncode == 1, done.stdout
    written = re.search(r"step through it in a browser: (\S+\.html)", done.stdout)
    assert written, done.stdout
    data = embedded(Path(written.group(1)))
    assert data["reason"].startswith(f"{script} steps[1]: expected transition doubleTap → ended"), data["reason"]
    # It opens where the expectation was decided: the last frame the session had sent by then.
    assert data["open"] == len(data["frames"]) - 1 > 0

    # The Swift client's own switch, which drive's sessions share: TOUCHBRIDGE_HTML_ON_FAILURE=DIR.
    directory = tmp_path / "from-the-environment"
    done = touchbridge("drive", str(script), env={**os.environ, "TOUCHBRIDGE_HTML_ON_FAILURE": str(directory)})
    assert done.returncode == 1
    written = re.search(r"step through it in a browser: (\S+\.html)", done.stdout)
    assert written and Path(written.group(1)).parent == directory and Path(written.group(1)).exists(), done.stdout


def embedded(path: Path) -> dict:
    """The timeline a saved failure carries (web/artefact.mjs reads the same element)."""
    found = re.search(r'<script type="application/json" id="touchbridge-artefact">(.*?)</script>', path.read_text(), re.S)
    assert found, "no embedded timeline"
    return json.loads(found.group(1))


def test_ten_seconds_of_two_fingers_at_120_hz_stays_small_and_steps(tmp_path, browser, artifacts):
    """The issue's size case, recorded for real: a 10 s pinch sampled at 120 Hz (1,200 input frames) is a file of
    about 1 MB (bench artefact measures it), and its last frame rebuilds the image at the scale the pinch ended at."""
    script = tmp_path / "pinch.json"
    script.write_text(json.dumps({
        "name": "pinch for 10 s", "scene": "transform-image", "viewport": {"width": 400, "height": 800, "scale": 2},
        "sampleRate": 120, "steps": [{"gesture": "pinch", "center": [200, 400], "from": 100, "to": 200, "duration": 10000}],
    }))
    done = touchbridge("drive", str(script), "--record", str(tmp_path / "rec"))
    assert done.returncode == 0, done.stdout + done.stderr
    [recording] = (tmp_path / "rec").glob("*.jsonl")
    output = tmp_path / "pinch.html"
    done = touchbridge("replay", "--quiet", "--html", str(output), str(recording))
    assert done.returncode == 0 and output.exists(), done.stderr
    data = embedded(output)
    assert len(data["frames"]) > 1200
    assert output.stat().st_size < 2_000_000, output.stat().st_size  # 1.18 MB when written
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.set_offline(True)
    try:
        page = context.new_page()
        page.goto(output.as_uri())
        page.wait_for_function("() => { const tb = window.__touchbridge; return tb && tb.stepping.active && tb.mirror.windows.length > 0 }")
        last = len(data["frames"]) - 1
        assert page.evaluate("() => window.__touchbridge.stepping.frame") == last
        assert page.evaluate("() => window.__touchbridge.mirror.byName('image').props.transform") == [2, 0, 0, 2, 0, 0]
        page.keyboard.press("Home")
        page.wait_for_function("() => window.__touchbridge.stepping.frame === 0")
        assert page.evaluate("() => window.__touchbridge.mirror.byName('image').props.transform") in (None, [1, 0, 0, 1, 0, 0])
        page.screenshot(path=str(artifacts / "artefact-pinch-first-frame.png"))
        assert page.evaluate("() => window.__touchbridge.pageErrors") == []
    finally:
        context.close()


def instant(page) -> dict:
    """What the page shows of one frame: the view tree, the fingers, the log and the recognizers' states."""
    return page.js("""() => { const tb = window.__touchbridge;
        return {tree: tb.tree(), fingers: tb.fingers(), log: tb.log.filter(e => !e.marker).map(e => e.text),
                recognizers: Object.fromEntries(Object.entries(tb.recognizers()).map(([name, r]) => [name, r.state]))}; }""")


@pytest.mark.parametrize("name", ["single-double-tap", "transform-image-pinch"])
def test_each_frame_shows_what_the_servers_stepping_shows(server, pages, tmp_path, name):
    """The same recording stepped through on a server (dropped on the page) and in its file: each frame shows the
    same tree, fingers, log and recognizer states — the file's transport answers as the server's stepping mode."""
    recording = ROOT / "Tests" / "recordings" / f"{name}.jsonl"
    output = tmp_path / f"{name}.html"
    done = touchbridge("replay", "--quiet", "--html", str(output), str(recording))
    assert done.returncode == 0, done.stderr
    live = pages(server + "?scene=tap-recognition")
    live.js("""(text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'rec.jsonl', { type: 'application/x-ndjson' }));
        document.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }""", recording.read_text())
    live.wait("(tb) => tb.stepping.active && tb.stepping.name === 'rec.jsonl'", timeout=15000)
    saved = pages(output.as_uri(), wait_joined=False)
    saved.wait("(tb) => tb.stepping.active && tb.mirror.windows.length > 0")
    frames = live.js("() => window.__touchbridge.stepping.frames")
    assert saved.js("() => window.__touchbridge.stepping.frames") == frames
    # Eight frames spread over the recording, the first and the last among them (every frame costs two round trips).
    for frame in sorted({round(i * (frames - 1) / 7) for i in range(8)}):
        for page in (live, saved):
            page.page.locator("#step-slider").fill(str(frame))
            page.wait("(tb, frame) => tb.stepping.frame === frame", frame)
        assert instant(saved) == instant(live), f"{name}: frame {frame} of {frames}"


def test_a_recording_past_a_stepping_bound_gets_no_file_and_a_note_saying_which(tmp_path):
    """1,100 resyncs, each answered with a full render: past the 1,000 full renders one stepping timeline holds,
    so no file is written (the replay itself still runs and prints), and the note names the bound."""
    lines = RECORDING.read_text().splitlines()
    hello = next(line for line in lines if '\\"type\\":\\"hello\\"' in line)
    # After the hello's receive time (receive times never go backwards; re-recording moves it).
    start = int(json.loads(hello)["at"]) + 1
    resyncs = ['{"at":%d,"in":"{\\"type\\":\\"resync\\"}"}' % (start + i) for i in range(1100)]
    recording = tmp_path / "resyncs.jsonl"
    recording.write_text("\n".join([lines[0], '{"open":{"subprotocol":"touchbridge.v1"}}', hello, *resyncs]) + "\n")
    output = tmp_path / "resyncs.html"
    done = touchbridge("replay", "--quiet", "--html", str(output), str(recording))
    assert done.returncode == 0, done.stderr
    assert not output.exists()
    assert "no HTML file written: the session sent more than 1000 full renders" in done.stderr, done.stderr
