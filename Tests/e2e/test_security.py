"""Hostile and careless clients on a shared network (issue 16), each finding as a bounded,
loopback-only test against the real server with independent clients (Python ``websockets``, raw sockets).
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.error
import urllib.request

import pytest
import websockets

from conftest import ServerProcess
from test_server import SUBPROTOCOL, hello

# ------------------------------------------------------------------------------------------ helpers


def start_server(tmp_path, settings: dict, *extra: str) -> ServerProcess:
    config = tmp_path / "touchbridge.json"
    config.write_text(json.dumps(settings))
    server = ServerProcess(extra_args=("--config", str(config), *extra))
    server.start()
    return server


def http_status(url: str, **kw) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, **kw), timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


UPGRADE = ("GET /ws{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n")


def raw_response(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """Sends raw bytes; everything the server answers until it closes (or stops talking)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
                if b"\r\n\r\n" in data and b"101 Switching" in data:
                    break
        except (TimeoutError, ConnectionResetError):
            pass
        return data


def status_of(response: bytes) -> int | None:
    """The status code of a raw HTTP response (None: the server sent nothing)."""
    if not response:
        return None
    return int(response.split(b"\r\n", 1)[0].split(b" ")[1])


def upgrade_status(port: int, query: str = "", headers: str = "") -> int | None:
    return status_of(raw_response(port, UPGRADE.format(query=query, headers=headers).encode()))


async def close_code(ws, timeout: float = 15.0) -> int | None:
    """Reads until the server closes; the code it sent."""
    with pytest.raises(websockets.ConnectionClosed) as closed:
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    return closed.value.rcvd.code if closed.value.rcvd else None


# ------------------------------------------------------------------------- 1. join deadline


def test_connections_that_never_say_hello_are_closed_and_cannot_take_every_slot(tmp_path):
    # Pings every 0.2 s, answered automatically by the client library: activity that must not count.
    server = start_server(tmp_path, {"joinTimeoutSeconds": 1, "maxUnjoinedConnections": 4, "maxConnections": 50,
                                     "keepAlivePingSeconds": 0.2})
    try:
        async def run():
            silent = [await websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) for _ in range(4)]
            opened = time.monotonic()
            # The unjoined slots are full: the next upgrade is refused with 503 …
            assert upgrade_status(server.port) == 503
            # … while the connections that stay silent are closed with 4408 despite answering every ping.
            codes = [await close_code(ws) for ws in silent]
            assert codes == [4408] * 4
            assert time.monotonic() - opened >= 0.9
            # A client that says hello is never closed by the deadline.
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
                await ws.send(hello())
                assert json.loads(await ws.recv())["type"] == "welcome"
                await asyncio.sleep(1.5)
                await ws.send(json.dumps({"type": "ping", "id": 1, "t": 0}))
                async with asyncio.timeout(5):
                    while json.loads(await ws.recv())["type"] != "pong":
                        pass
        asyncio.run(run())
        with urllib.request.urlopen(server.base_url + "metrics") as response:
            assert "touchbridge_transport_join_timeouts_total 4" in response.read().decode()
    finally:
        server.stop()
