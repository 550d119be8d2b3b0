"""The page in headless Chromium over what a phone really uses: https/wss with a certificate made by
``scripts/make-cert.sh`` (issue 16, finding 0), and the access token a LAN server requires (finding 7).

A module with the ``browser`` fixture must not call ``asyncio.run()`` (see conftest.py).
"""

from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT, ServerProcess
from test_page import PHONE, Page


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
        errors = [line for line in page.console if line.startswith("pageerror")]
        assert not errors, errors
    finally:
        page.close()
