"""The "open on your phone" QR code: a server phones can reach prints its network URL as a QR code in
the terminal and tells pages the same URL and code in ``welcome.lan`` — its interfaces' addresses, or the
``advertisedHost`` it is given; on loopback alone there is none. Nothing here depends on the machine having
a network: the advertised address is a documentation one (192.0.2.0/24), and the interface test holds either way.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import socket
import struct
import time

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


def started(server: ServerProcess) -> ServerProcess:
    """Starts ``server`` and waits until its start lines are out (the QR code's rows, when it prints one)."""
    server.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if any("scan to open it on your phone" in line for line in server.output):
            start = next(i for i, line in enumerate(server.output) if "scan to open it on your phone" in line)
            rows = qr_rows(server, start)
            if rows and len(rows) == len(rows[0]) // 2 + 1 and all(len(r) == len(rows[0]) for r in rows):
                break
        elif len(server.output) >= 2 and not any("on your network" in line for line in server.output):
            break
        time.sleep(0.05)
    return server


def qr_rows(server: ServerProcess, start: int) -> list[str]:
    return [line.rstrip("\n") for line in server.output[start + 1:] if line.strip("\n") and set(line.rstrip("\n")) <= set("█▀▄ ")]


def interface_addresses() -> set[str]:
    """This machine's IPv4 addresses besides loopback, as the kernel lists them (independent of the server)."""
    addresses = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR: the interface's IPv4 address
            except OSError:
                continue  # no IPv4 address on this interface
            addresses.add(socket.inet_ntoa(reply[20:24]))
    return {a for a in addresses if not a.startswith("127.")}


def test_an_advertised_address_is_printed_as_a_qr_code_and_sent_in_welcome():
    # Loopback-bound, reached through another address (a container's host, port forwarding): phones get that one.
    server = started(ServerProcess(extra_args=("--advertised-host", "192.0.2.10")))
    try:
        assert server.token, "an advertised server is reached from the network: it requires its token"
        lan_url = next(line for line in server.output if "on your network:" in line).split("on your network:")[1].strip()
        assert lan_url == f"http://192.0.2.10:{server.port}/?token={server.token}"
        start = next(i for i, line in enumerate(server.output) if "scan to open it on your phone" in line)
        rows = qr_rows(server, start)
        greeting = welcome(server.ws_url + "?token=" + server.token)
        assert greeting["lan"]["url"] == lan_url
        size = greeting["lan"]["qr"]["size"]
        assert size >= 21 and (size - 17) % 4 == 0
        assert len(rows[0]) == size + 4 and len(rows) == (size + 5) // 2, "the terminal code has the same grid plus its quiet zone"
        assert greeting["lan"]["qr"]["path"].startswith("M0 0h7v1h-7z"), "the top-left finder pattern's first row"
    finally:
        server.stop()


def test_a_server_on_every_interface_offers_each_interface_address_and_only_those():
    server = started(ServerProcess(host="0.0.0.0"))
    try:
        offered = {line.split("on your network:")[1].strip().split("//")[1].split(":")[0]
                   for line in server.output if "on your network:" in line}
        expected = interface_addresses()
        # The first address is the QR code's; a machine with none offers none (and prints no code).
        assert offered <= expected and (len(offered) > 0) == (len(expected) > 0), (offered, expected)
        greeting = welcome(server.ws_url + "?token=" + server.token)
        if expected:
            assert greeting["lan"]["url"].split("//")[1].split(":")[0] in expected
        else:
            assert "lan" not in greeting and not any("scan to open it" in line for line in server.output)
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
