"""Small things a phone user meets (issue 24 item 11), in real Chromium: the "Open on your phone" QR code is
not offered on the phone itself (a touch device) but is on a desktop, and the stepping bar's source text is
never cut at phone widths (320×568, 390×844). The loopback-server half of the item is test_lan_qr.py's.
"""

from __future__ import annotations

import json

import pytest

from test_page import PHONE, pages  # noqa: F401  (pages is a fixture)
from test_sheet import DESKTOP, TABLET

SMALL_PHONE = {**PHONE, "viewport": {"width": 320, "height": 568}, "device_scale_factor": 2}
# A welcome.lan as a server beyond loopback sends it (a documentation address, RFC 5737).
LAN = {"url": "http://192.0.2.10:8080/?token=abc", "qr": {"size": 21, "path": "M0 0h7v1h-7z"}}


def open_with_lan(browser, url: str, context: dict):
    """A page whose welcome carries LAN, as if the server listened on the network."""
    ctx = browser.new_context(bypass_csp=True, **context)

    def route(ws):
        upstream = ws.connect_to_server()
        ws.on_message(lambda message: upstream.send(message))

        def from_server(message):
            msg = json.loads(message)
            if msg.get("type") == "welcome":
                message = json.dumps({**msg, "lan": LAN})
            ws.send(message)

        upstream.on_message(from_server)

    tab = ctx.new_page()
    tab.route_web_socket("**/ws*", route)
    tab.goto(url)
    tab.wait_for_function("() => window.__touchbridge && window.__touchbridge.state === 'joined'")
    return ctx, tab


@pytest.mark.parametrize("size, shown", [("phone", False), ("tablet", False), ("desktop", True)])
def test_the_open_on_your_phone_code_is_offered_only_where_there_is_no_touch_screen(browser, server, size, shown):
    context = {"phone": PHONE, "tablet": TABLET, "desktop": DESKTOP}[size]
    ctx, tab = open_with_lan(browser, server + "?scene=tap-recognition&panel=open", context)
    try:
        assert tab.evaluate("() => window.__touchbridge.welcome.lan.url") == LAN["url"]
        assert tab.evaluate("() => !document.querySelector('#lan').hidden") is shown
        if shown:
            tab.locator("#lan").scroll_into_view_if_needed()
            assert tab.is_visible("#lan-qr") and tab.inner_text("#lan-url") == LAN["url"]
    finally:
        ctx.close()


@pytest.mark.parametrize("size", ["320x568", "390x844"])
def test_the_stepping_bar_source_is_never_cut_on_a_phone(server, pages, artifacts, size):
    context = {"320x568": SMALL_PHONE, "390x844": PHONE}[size]
    page = pages(server + "?scene=transform-image", context=context)
    image = page.rect("image")
    # A few dozen frames, so the frame counter and its time take their room too.
    page.touch("touchStart", [(0, image["cx"], image["cy"])])
    for i in range(1, 25):
        page.touch("touchMove", [(0, image["cx"] + i, image["cy"])])
    page.touch("touchEnd", [])
    page.wait("(tb) => tb.log.some(e => e.recognizer === 'pan' && e.to === 'ended')")
    page.js("() => window.__touchbridge.send({type: 'pause'})")
    page.wait("(tb) => tb.stepping.active && tb.stepping.frames > 20 && tb.stepping.frame === tb.stepping.frames - 1")
    page.page.keyboard.press("ArrowLeft")
    page.wait("(tb) => tb.stepping.frame === tb.stepping.frames - 2")
    fit = page.js("""() => {
        const bar = document.querySelector('#stepbar').getBoundingClientRect();
        return ['#step-source', '#step-where'].map((sel) => {
            const el = document.querySelector(sel);
            const r = el.getBoundingClientRect();
            return { sel, text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth,
                     inside: r.left >= bar.left - 0.5 && r.right <= bar.right + 0.5 && r.right <= innerWidth + 0.5 && r.width > 0 };
        });
    }""")
    assert fit[0]["text"] == "Paused live session"
    for item in fit:
        assert item["scroll"] <= item["client"] and item["inside"], fit
    page.screenshot(artifacts, f"stepbar-{size}")
