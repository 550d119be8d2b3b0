"""The "open on your phone" QR code: a server on every interface prints its LAN URL as a QR code
in the terminal and tells pages the same URL and code in ``welcome.lan``; on loopback there is none.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets

from conftest import ServerProcess

SUBPROTOCOL = "touchbridge.v1"


def welcome(url: str) -> dict:
    async def run():
        async with websockets.connect(url, subprotocols=[SUBPROTOCOL]) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "clock": "manual",
                                      "viewport": {"width": 390, "height": 844, "scale": 3}}))
            return json.loads(await ws.recv())
    return asyncio.run(run())


def test_the_lan_url_is_printed_as_a_qr_code_and_sent_in_welcome():
    server = ServerProcess(host="0.0.0.0")
    server.start()
    try:
        deadline = time.monotonic() + 10
        while not any("scan to open it on your phone" in line for line in server.output) and time.monotonic() < deadline:
            if not any("on your network" in line for line in server.output) and len(server.output) >= 2:
                break
            time.sleep(0.05)
        lan_lines = [line for line in server.output if "on your network:" in line]
        if not lan_lines:
            pytest.skip("this machine has no network address besides loopback")
        lan_url = lan_lines[0].split("on your network:")[1].strip()
        start = next(i for i, line in enumerate(server.output) if "scan to open it on your phone" in line)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            rows = [line.rstrip("\n") for line in server.output[start + 1:] if line.strip("\n") and set(line.rstrip("\n")) <= set("█▀▄ ")]
            if rows and len(rows) == len(rows[0]) // 2 + 1 and all(len(r) == len(rows[0]) for r in rows):
                break
            time.sleep(0.05)
        greeting = welcome(server.ws_url + "?token=" + server.token)
        assert greeting["lan"]["url"] == lan_url
        size = greeting["lan"]["qr"]["size"]
        assert size >= 21 and (size - 17) % 4 == 0
        assert len(rows[0]) == size + 4 and len(rows) == (size + 5) // 2, "the terminal code has the same grid plus its quiet zone"
        assert greeting["lan"]["qr"]["path"].startswith("M0 0h7v1h-7z"), "the top-left finder pattern's first row"
    finally:
        server.stop()


def test_a_loopback_server_has_no_lan_address(server_process):
    assert "lan" not in welcome(server_process.ws_url)
    assert not any("scan to open it" in line for line in server_process.output)


def test_a_server_on_another_loopback_address_offers_no_phone_url():
    # 127.0.0.2 is loopback too (127.0.0.0/8): no phone on the network can open it.
    server = ServerProcess(host="127.0.0.2")
    server.start()
    try:
        assert "127.0.0.2" in server.base_url
        assert "lan" not in welcome(server.ws_url)
        assert not any("on your network" in line or "scan to open it" in line for line in server.output), server.output
    finally:
        server.stop()
