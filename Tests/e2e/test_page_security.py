"""The page in headless Chromium over what a phone really uses: https/wss with a certificate made by
``scripts/make-cert.sh`` (issue 16, finding 0), and the access token a LAN server requires (finding 7).

A module with the ``browser`` fixture must not call ``asyncio.run()`` (see conftest.py).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT, ServerProcess
from test_page import DESKTOP_NARROW, PHONE, Page


@pytest.fixture
def tls_server(tmp_path):
    subprocess.run([str(ROOT / "scripts" / "make-cert.sh"), str(tmp_path)], check=True, capture_output=True)
    server = ServerProcess(extra_args=("--tls-certificate", str(tmp_path / "cert.pem"),
                                       "--tls-private-key", str(tmp_path / "key.pem")))
    server.start()
    yield server
    server.stop()


def test_the_page_loads_and_a_gesture_runs_over_https_and_wss(browser, tls_server):
    assert tls_server.base_url.startswith("https://")
    # The certificate is self-signed: a phone's user accepts it once; here the context does.
    page = Page(browser, tls_server.base_url + "?scene=tap-recognition", context={**PHONE, "ignore_https_errors": True})
    try:
        assert page.js("() => location.protocol") == "https:"
        assert page.js("() => window.__touchbridge.state") == "joined"
        since = page.log_length()
        page.tap(300, 640)
        page.wait_transition("tap", "ended", since)
        page.wait("(tb) => { const c = tb.mirror.byName('image').props.center; "
                  "return Math.abs(c[0] - 300) < 1 && Math.abs(c[1] - 640) < 1; }")
        errors = [line for line in page.console if line.startswith("pageerror") or "Content Security Policy" in line]
        assert not errors, errors
    finally:
        page.close()


TOKEN = "page-test-token-0123456789"


@pytest.fixture
def token_server(tmp_path):
    config = tmp_path / "touchbridge.json"
    config.write_text(json.dumps({"accessToken": TOKEN}))
    server = ServerProcess(extra_args=("--config", str(config)))
    server.start()
    yield server
    server.stop()


def csp_violations(page: Page) -> list[str]:
    return [line for line in page.console if "Content Security Policy" in line or "Refused to" in line]


def test_the_page_runs_under_its_own_content_security_policy(browser, token_server):
    # No CSP bypass here: the page must connect, draw and take a tap with the policy enforced.
    page = Page(browser, token_server.base_url + f"?token={TOKEN}&scene=tap-recognition",
                context={**PHONE, "bypass_csp": False}, wait_joined=False)
    try:
        page.page.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'"
                                    " && window.__touchbridge.paints > 0", timeout=10000)
        since = page.js("() => window.__touchbridge.log.length")
        page.tap(300, 640)
        page.page.wait_for_function(
            "(since) => window.__touchbridge.log.slice(since).some(e => e.kind === 'transition' && e.to === 'ended')",
            arg=since, timeout=10000)
        assert not csp_violations(page), page.console
    finally:
        page.close()


def test_the_page_keeps_the_token_for_its_socket_reconnects_and_observer_links(browser, token_server, artifacts):
    assert token_server.token == TOKEN
    device = Page(browser, token_server.base_url + f"?token={TOKEN}&scene=tap-recognition")
    try:
        # A reconnect (the socket dropped) uses the token again (and starts a new session).
        device.js("() => window.__touchbridge.reconnect()")
        device.wait("(tb) => tb.state === 'joined' && tb.connects >= 2", timeout=15000)
        session = device.js("() => window.__touchbridge.session")
        device.wait("(tb, s) => document.querySelector('#watch-link').href.includes(s)", session)
        link = device.page.get_attribute("#watch-link", "href")
        assert f"watch={session}" in link and f"token={TOKEN}" in link
        observer = Page(browser, link, context=DESKTOP_NARROW)
        try:
            assert observer.js("() => window.__touchbridge.role") == "observer"
            assert not csp_violations(device) and not csp_violations(observer), device.console + observer.console
        finally:
            observer.close()
    finally:
        device.close()


def test_without_the_token_the_page_stops_and_says_why(browser, token_server, artifacts):
    page = Page(browser, token_server.base_url + "?scene=tap-recognition", wait_joined=False)
    try:
        page.wait("(tb) => tb.state === 'stopped'", timeout=15000)
        assert page.page.is_visible("#banner")
        text = page.page.inner_text("#banner")
        assert "access token" in text, text
        page.screenshot(artifacts, "no-token")
    finally:
        page.close()
