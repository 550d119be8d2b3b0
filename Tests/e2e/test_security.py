"""Hostile and careless clients on a shared network (issue 16), each finding as a bounded,
loopback-only test against the real server with independent clients (Python ``websockets``, raw sockets).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

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


UPGRADE = ("GET /ws{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n")


def masked_text_frame(text: str) -> bytes:
    """One client-to-server text frame (masked, as RFC 6455 requires), of any length."""
    payload = text.encode()
    mask = os.urandom(4)
    if len(payload) < 126:
        header = bytes([0x81, 0x80 | len(payload)])
    elif len(payload) < 65536:
        header = bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big")
    else:
        header = bytes([0x81, 0x80 | 127]) + len(payload).to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


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
    return status_of(raw_response(port, UPGRADE.format(port=port, query=query, headers=headers).encode()))


async def join(ws, scene: str = "tap-recognition") -> str:
    """Says hello as a device (manual clock) and reads the welcome and the first render; the session id."""
    await ws.send(hello(scene))
    session = json.loads(await ws.recv())["session"]
    await ws.recv()
    return session


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


# ------------------------------------------------------------------- 6. promised errors arrive


def read_frames(sock, until) -> list[tuple[int, bytes]]:
    """Server frames (unmasked) as (opcode, payload) until ``until(frames)`` or the socket ends."""
    frames, data = [], b""
    while not until(frames):
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not chunk:
            break
        data += chunk
        while len(data) >= 2:
            length, at = data[1] & 0x7F, 2
            if length == 126:
                length, at = int.from_bytes(data[2:4], "big"), 4
            elif length == 127:
                length, at = int.from_bytes(data[2:10], "big"), 10
            if len(data) < at + length:
                break
            frames.append((data[0] & 0x0F, data[at:at + length]))
            data = data[at + length:]
    return frames


def open_raw_session(port: int) -> socket.socket:
    """A raw WebSocket that said hello and read its welcome and first render."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=15)
    sock.sendall(UPGRADE.format(port=port, query="", headers=f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n", 1)[0], head
    sock.sendall(masked_text_frame(hello("tap-recognition")))
    assert len(read_frames(sock, lambda f: len(f) >= 2)) == 2
    return sock


def test_a_flood_gets_its_replies_and_a_rate_limited_error_before_the_1008_close(tmp_path):
    server = start_server(tmp_path, {"maxMessagesPerSecond": 50})
    try:
        started = time.monotonic()
        sock = open_raw_session(server.port)
        # 120 pings in one write: the bucket holds 50, hello took one, so 49 are accepted, plus the
        # tokens it refilled (50 a second) while the welcome travelled and the burst was read. Then
        # more than 50 are dropped within a second, all read before most replies are written.
        sock.sendall(b"".join(masked_text_frame(json.dumps({"type": "ping", "id": i})) for i in range(120)))
        frames = read_frames(sock, lambda f: bool(f) and f[-1][0] == 0x8)
        refilled = math.ceil((time.monotonic() - started) * 50)
        sock.close()
        assert frames and frames[-1][0] == 0x8, f"no close frame after {len(frames)} frames"
        assert int.from_bytes(frames[-1][1][:2], "big") == 1008
        replies = [json.loads(payload) for opcode, payload in frames if opcode == 0x1]
        pongs = [r["id"] for r in replies if r["type"] == "pong"]
        # Every accepted ping was answered, in order, before the close …
        assert pongs[:49] == list(range(49)) and pongs == sorted(set(pongs)), pongs
        assert len(pongs) <= 49 + refilled, (len(pongs), refilled)
        # … and the last message before the close says why.
        assert replies[-1].get("code") == "rate-limited"
    finally:
        server.stop()


def test_head_is_get_without_a_body_and_other_methods_get_405(server_process):
    port = server_process.port
    get = raw_response(port, b"GET /app.mjs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    head = raw_response(port, b"HEAD /app.mjs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    assert status_of(head) == 200
    get_headers, get_body = get.split(b"\r\n\r\n", 1)
    head_headers, head_body = head.split(b"\r\n\r\n", 1)
    assert head_body == b""
    assert head_headers == get_headers  # same length, type and security headers
    assert f"content-length: {len(get_body)}".encode() in head_headers.lower()
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = raw_response(port, f"{method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode())
        assert status_of(response) == 405, (method, response[:80])
        assert b"allow: get, head" in response.lower()


def test_times_beyond_the_bound_and_integers_beyond_2_53_get_typed_errors(server_process):
    async def run():
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            await join(ws)
            errors = []
            for message in ({"type": "advance", "t": 1.7e308, "seq": 1},
                            {"type": "input", "seq": 2, "pointers": [
                                {"id": 1, "phase": "down", "x": 10, "y": 10, "t": 1e300, "pointerType": "touch"}]},
                            {"type": "ping", "id": 2 ** 60},
                            {"type": "input", "seq": 2 ** 53 + 2, "pointers": []}):
                await ws.send(json.dumps(message))
                reply = json.loads(await ws.recv())
                errors.append((reply.get("code"), reply.get("path"), reply.get("message")))
            # The session is still usable and its clock is where it was.
            await ws.send(json.dumps({"type": "advance", "t": 100, "seq": 3}))
            async with asyncio.timeout(5):
                while True:
                    reply = json.loads(await ws.recv())
                    if reply["type"] == "events" and reply.get("seq") == 3:
                        return errors, reply
    errors, events = asyncio.run(run())
    # advance needs the manual clock, which hello() asks for.
    assert errors[0][:2] == ("limit", "t") and "beyond" in errors[0][2]
    assert errors[1][:2] == ("limit", "pointers[0].t") and "beyond" in errors[1][2]
    assert errors[2][:2] == ("schema", "id") and "2^53" in errors[2][2]
    assert errors[3][:2] == ("schema", "seq") and "2^53" in errors[3][2]
    assert "Infinity" not in json.dumps(events)


def test_a_close_frame_with_an_invalid_utf8_reason_is_answered_with_1007_not_echoed(server_process):
    request = UPGRADE.format(port=server_process.port, query="", headers=f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n").encode()
    payload = (1000).to_bytes(2, "big") + b"\xff\xfe bad"
    mask = b"\x01\x02\x03\x04"
    close = bytes([0x88, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    with socket.create_connection(("127.0.0.1", server_process.port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(4096)
        assert b" 101 " in data.split(b"\r\n", 1)[0]
        data = data.split(b"\r\n\r\n", 1)[1]
        sock.sendall(close)
        while len(data) < 2 or len(data) < 2 + (data[1] & 0x7F):
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    assert data[0] == 0x88, data
    reply = data[2:2 + (data[1] & 0x7F)]
    assert int.from_bytes(reply[:2], "big") == 1007
    reply[2:].decode("utf-8")  # valid UTF-8, not the peer's bytes
    assert b"\xff" not in reply


# ------------------------------------------------------------------------- 7. locked by default


def test_static_responses_carry_csp_frame_ancestors_and_referrer_policy(server):
    for path in ("", "app.mjs", "style.css", "nope", "healthz"):
        try:
            response = urllib.request.urlopen(server + path, timeout=10)
        except urllib.error.HTTPError as error:
            response = error
        headers = {k.lower(): v for k, v in response.headers.items()}
        assert headers.get("content-security-policy", "").startswith("default-src 'self'"), path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers.get("referrer-policy") == "no-referrer", path


def ws_close_or_welcome(url: str, **kw):
    """Connects, says hello; "welcome", or the close code the server sent instead."""
    async def run():
        async with websockets.connect(url, subprotocols=[SUBPROTOCOL], **kw) as ws:
            try:
                await ws.send(hello())
                return json.loads(await asyncio.wait_for(ws.recv(), 10))["type"]
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
    return asyncio.run(run())


def test_a_server_on_every_interface_requires_the_token_it_prints(tmp_path):
    server = ServerProcess(host="0.0.0.0")
    server.start()
    try:
        token = server.token
        assert token and len(token) == 32 and all(c in "0123456789abcdef" for c in token)
        # Every printed URL carries it (the LAN URL is what a phone opens).
        printed = [line for line in server.output if "http://" in line]
        assert printed and all(f"/?token={token}" in line for line in printed), printed
        assert ws_close_or_welcome(server.ws_url) == 4401
        assert ws_close_or_welcome(server.ws_url + "?token=" + "0" * 32) == 4401
        assert ws_close_or_welcome(server.ws_url + "?token=" + token) == "welcome"
        assert http_status(server.base_url + "metrics") == 401
        assert http_status(server.base_url + "metrics?token=" + token) == 200
        assert http_status(server.base_url + "metrics", headers={"Authorization": f"Bearer {token}"}) == 200
        # The page itself is not secret; the sessions are.
        assert http_status(server.base_url) == 200
    finally:
        server.stop()
    # A second start generates another token.
    again = ServerProcess(host="0.0.0.0")
    again.start()
    try:
        assert again.token and again.token != token
    finally:
        again.stop()


def test_no_token_opens_it_and_a_configured_token_is_used(tmp_path):
    server = ServerProcess(host="0.0.0.0", extra_args=("--no-token",))
    server.start()
    try:
        assert server.token is None
        assert ws_close_or_welcome(server.ws_url) == "welcome"
    finally:
        server.stop()
    server = start_server(tmp_path, {"accessToken": "lab-token-0123456789"})  # on loopback, asked for
    try:
        assert server.token == "lab-token-0123456789"
        assert ws_close_or_welcome(server.ws_url) == 4401
        assert ws_close_or_welcome(server.ws_url + "?token=lab-token-0123456789") == "welcome"
        # Among other arguments (an observer's socket carries ?watch= for a proxy to route it by).
        assert ws_close_or_welcome(server.ws_url + "?token=lab-token-0123456789&watch=a-1") == "welcome"
        assert ws_close_or_welcome(server.ws_url + "?watch=a-1&token=lab-token-0123456789") == "welcome"
        assert ws_close_or_welcome(server.ws_url + "?watch=a-1&token=wrong-token-0123456789") == 4401
        assert http_status(server.base_url + "metrics?x=1&token=lab-token-0123456789") == 200
        assert http_status(server.base_url + "metrics?x=1") == 401
    finally:
        server.stop()


def test_browser_websockets_only_from_the_servers_own_origin_by_default(server_process):
    own = server_process.base_url.rstrip("/")
    assert ws_close_or_welcome(server_process.ws_url, origin=own) == "welcome"
    assert ws_close_or_welcome(server_process.ws_url) == "welcome"  # no Origin: a script, not a browser
    for foreign in ("http://evil.example", "http://127.0.0.1:1", own.replace("http://", "https://")):
        assert upgrade_status(server_process.port, headers=f"Origin: {foreign}\r\n") == 403, foreign
    assert upgrade_status(server_process.port, headers=f"Origin: {own}\r\n") == 101


# -------------------------------------------------------------------- 2. bytes, not counts


def big_inline_scene(target_bytes: int = 114_000) -> dict:
    """A declarative scene of about ``target_bytes`` (labels with long texts), within the inline limits."""
    views, i = [], 0
    text = "lorem ipsum dolor sit amet " * 6
    while len(json.dumps(views)) < target_bytes - 400 and len(views) < 480:
        views.append({"id": f"label{i}", "kind": "label", "frame": [i % 20 * 20, i // 20 * 30, 20, 30], "text": text})
        i += 1
    return {"name": "big", "title": "Big", "views": views}


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def metrics_values(server: ServerProcess) -> dict[str, float]:
    with urllib.request.urlopen(server.base_url + "metrics", timeout=10) as response:
        text = response.read().decode()
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line and not line.startswith("#")}


def hostile_reader(port: int, scene: dict, resyncs: int) -> socket.socket:
    """Joins with a big inline scene, asks for ``resyncs`` full renders and never reads a byte."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.settimeout(15)
    sock.sendall(UPGRADE.format(port=port, query="", headers=f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n").encode())
    sock.sendall(masked_text_frame(json.dumps({**json.loads(hello()), "scene": scene})))
    resync = masked_text_frame(json.dumps({"type": "resync"}))
    sock.setblocking(False)
    for _ in range(resyncs):  # what the server will not read any more stays in the kernel's buffers
        try:
            sock.send(resync)
        except BlockingIOError:
            break
    return sock


def test_clients_that_ask_for_full_renders_and_never_read_hold_little_memory(tmp_path):
    # The engine-time share is off: four attackers from one address otherwise have their reading paused by the address's
    # debt, so their resyncs are read spread over seconds and one in every 250 ms is answered (as it should be) — the
    # figure would measure the share's pacing, not the bound on what an unread client holds (the share has its own tests).
    server = start_server(tmp_path, {"maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0})
    try:
        scene = big_inline_scene()
        assert 100_000 < len(json.dumps(scene)) < 131_072
        pid = server.proc.pid
        time.sleep(0.5)
        before = rss_kib(pid)
        attackers = [hostile_reader(server.port, scene, resyncs=200) for _ in range(4)]
        # Let the server do all it will do: its queued bytes stop changing.
        deadline, last, values = time.monotonic() + 20, None, {}
        while time.monotonic() < deadline:
            time.sleep(0.5)
            values = metrics_values(server)
            now = (values.get("touchbridge_transport_outbound_bytes"), values.get("touchbridge_transport_bytes_sent_total"))
            if now == last:
                break
            last = now
        grown = rss_kib(pid) - before
        received = values["touchbridge_transport_bytes_received_total"]
        sent = values["touchbridge_transport_bytes_sent_total"] + values.get("touchbridge_transport_outbound_bytes", 0)
        print(f"\n4 clients, 114 KB inline scene, 200 resyncs each, never reading: server RSS +{grown} KiB "
              f"({grown / 4:.0f} KiB per client), queued {values.get('touchbridge_transport_outbound_bytes', 0):.0f} B, "
              f"bytes out per byte in {sent / received:.2f}")
        # Before: 4 MiB per client and 18 bytes out per byte in here (a 163 KB full render per resync). Now one full render is
        # pending at most and resyncs are rate-limited: the queue stays under a megabyte per client.
        assert values.get("touchbridge_transport_outbound_bytes", 0) < 4 * 1024 * 1024
        # Measured on the debug build: 2.45–2.51 MiB per client up to 2026-11-26, 2.60–2.70 MiB after 2026-11-27's
        # merges (views' render state grew); the unbounded queue this guards against held 4 MiB per client.
        assert grown < 4 * 3072, f"server grew {grown} KiB"
        assert sent / received < 8
        for sock in attackers:
            sock.close()
        # The server still serves a calm client.
        assert ws_close_or_welcome(server.ws_url) == "welcome"
    finally:
        server.stop()


def non_reading_observer(port: int, session: str) -> socket.socket:
    """An observer that joins ``session`` and never reads (a raw socket with a tiny receive buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect(("127.0.0.1", port))
    sock.sendall(UPGRADE.format(port=port, query="", headers=f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n").encode())
    sock.sendall(masked_text_frame(json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                                               "viewport": {"width": 400, "height": 800, "scale": 2}, "clock": "client"})))
    return sock


@pytest.mark.parametrize("bound, settings", [
    ("connection", {"outboundQueueBytes": 65536}),
    ("server", {"outboundBudgetBytes": 262144}),
])
def test_queues_are_bounded_in_bytes_per_connection_and_server_wide(tmp_path, bound, settings):
    # The count limit is out of the way: only bytes can close the slow observers.
    server = start_server(tmp_path, {"maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0, "outboundQueueLimit": 1_000_000,
                                     **settings})
    try:
        async def run():
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as device:
                session = await join(device, "image-translation")
                observers = [non_reading_observer(server.port, session) for _ in range(2)]
                await device.send(json.dumps({"type": "input", "seq": 0, "pointers": [
                    {"id": 1, "phase": "down", "x": 200, "y": 400, "t": 0, "pointerType": "touch"}]}))
                seq, values = 0, {}
                key = f'touchbridge_transport_outbound_overflows_total{{bound="{bound}"}}'
                while values.get(key, 0) < 1:
                    assert seq < 200_000, f"no {bound} overflow: {values}"
                    for _ in range(50):  # small bursts: the device's own queue stays far below the bounds
                        seq += 1
                        await device.send(json.dumps({"type": "input", "seq": seq, "pointers": [
                            {"id": 1, "phase": "move", "x": 200 + seq % 100, "y": 400, "t": seq, "pointerType": "touch"}]}))
                    async with asyncio.timeout(20):
                        while True:  # the device reads everything: it is never the one closed
                            m = json.loads(await device.recv())
                            if m["type"] == "events" and m.get("seq") == seq:
                                break
                    values = metrics_values(server)
                for sock in observers:
                    sock.close()
                return values
        values = asyncio.run(run())
        deadline = time.monotonic() + 10
        while values.get('touchbridge_transport_closes_total{code="1008"}', 0) < 1:
            assert time.monotonic() < deadline, values
            time.sleep(0.05)
            values = metrics_values(server)
        assert values.get("touchbridge_transport_outbound_bytes", 0) <= 262144
    finally:
        server.stop()


def non_reading_device(port: int) -> socket.socket:
    """A device that joins tap-recognition and never reads (a raw socket with a tiny receive buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect(("127.0.0.1", port))
    sock.sendall(UPGRADE.format(port=port, query="", headers=f"Sec-WebSocket-Protocol: {SUBPROTOCOL}\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    sock.sendall(masked_text_frame(hello("tap-recognition")))
    sock.setblocking(False)
    return sock


def ping_until_reading_stops(sock: socket.socket) -> int:
    """Pings until the server's reading stops and the kernel's buffers between us fill (our send blocks
    for a second); how many pings went out. Fails when the server kept reading for 60 s."""
    ping = masked_text_frame(json.dumps({"type": "ping", "id": 1, "pad": "x" * 200}))
    sent, blocked_since, rest = 0, None, b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            rest = rest or ping
            rest = rest[sock.send(rest):]  # a non-blocking send may take part of a frame
            sent += not rest
            blocked_since = None
        except BlockingIOError:
            blocked_since = blocked_since or time.monotonic()
            if time.monotonic() - blocked_since > 1.0:
                return sent
            time.sleep(0.01)
    raise AssertionError("the server kept reading")


@pytest.mark.parametrize("clients, settings", [
    # One client against its own bound: reading stops from a quarter of it.
    (1, {"outboundQueueBytes": 262144}),
    # Several against the server-wide budget, each far below its own bound: reading stops from half
    # the budget, before the budget would close anyone.
    (3, {"outboundBudgetBytes": 262144}),
])
def test_the_server_stops_reading_clients_that_do_not_read_instead_of_buffering(tmp_path, clients, settings):
    server = start_server(tmp_path, {"maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0, "outboundQueueLimit": 1_000_000,
                                     **settings})
    try:
        socks = [non_reading_device(server.port) for _ in range(clients)]
        sent = [ping_until_reading_stops(sock) for sock in socks]
        values = metrics_values(server)
        print(f"\nnon-reading clients: {sent} pings sent before the server stopped reading; "
              f"queued {values.get('touchbridge_transport_outbound_bytes', 0):.0f} B")
        assert values.get("touchbridge_transport_read_pauses_total", 0) >= clients
        # Backpressure, not buffering: all still open, and the queues are within the bound.
        assert values.get('touchbridge_transport_closes_total{code="1008"}', 0) == 0
        assert values.get("touchbridge_transport_outbound_bytes", 0) <= 262144
        for sock in socks:
            sock.close()
    finally:
        server.stop()


def test_resync_is_answered_at_most_every_250_ms_with_a_retry_hint(server_process):
    async def run():
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            await join(ws)
            replies = []
            for _ in range(3):
                await ws.send(json.dumps({"type": "resync"}))
                replies.append(json.loads(await ws.recv()))
            await asyncio.sleep(max(r.get("retryAfterMs", 0) for r in replies) / 1000 + 0.05)
            await ws.send(json.dumps({"type": "resync"}))
            replies.append(json.loads(await ws.recv()))
            return replies
    first, second, third, later = asyncio.run(run())
    assert first["type"] == "render" and first["full"] is True
    for limited in (second, third):
        assert limited["type"] == "error" and limited["code"] == "rate-limited"
        assert 0 < limited["retryAfterMs"] <= 250
    assert later["type"] == "render" and later["full"] is True


# ------------------------------------------------------------------------------- 5. fairness


async def calm_round_trips(ws, count: int, first_seq: int = 1) -> list[float]:
    """A calm client: one tap frame at a time, each answered by its events; the round trips in ms. A frame
    refused ``rate-limited`` is sent again after ``retryAfterMs``, as the page does: the wait counts."""
    times = []
    for seq in range(first_seq, first_seq + count):
        phase = "down" if seq % 2 else "up"
        frame = json.dumps({"type": "input", "seq": seq, "pointers": [
            {"id": 1, "phase": phase, "x": 60, "y": 700, "t": seq * 100, "pointerType": "touch"}]})
        started = time.perf_counter()
        await ws.send(frame)
        async with asyncio.timeout(30):
            while True:
                m = json.loads(await ws.recv())
                if m["type"] == "events" and m.get("seq") == seq:
                    break
                if m["type"] == "error" and m["code"] == "rate-limited":
                    await asyncio.sleep(m["retryAfterMs"] / 1000)
                    await ws.send(frame)
        times.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(0.01)
    return times


def percentile(values: list[float], percent: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * percent / 100))]


def p99(values: list[float]) -> float:
    return percentile(values, 99)


# The calm client's p90 round trip under attack may be at most this many times its p90 alone, measured in
# the same test (p90, not p99: with 150 round trips p99 is the second-worst one, which on the shared 2-core
# machine is decided by whoever else runs, not by the server). Measured (docs/security.md): 0.6–1.2 at load
# 5, up to 17.7 at load 20; reconnecting attackers on the server without per-address debt: 52.6 and 163.
FAIRNESS_RATIO = 25


@pytest.mark.parametrize("attackers, mode", [(1, "steady"), (12, "steady"), (12, "reconnect")])
def test_a_client_that_makes_the_engine_work_hard_gets_its_share_and_no_more(tmp_path, attackers, mode):
    """Attackers switch to a 114 KB inline scene 30 times a second each (``reconnect``: each switch on a
    fresh connection). A calm client, connected before them, sends tap frames; its p90 round trip under
    attack must stay within FAIRNESS_RATIO of its p90 alone, and the attackers must be refused (reconnecting
    ones were never refused before: each connection brought a fresh share)."""
    server = start_server(tmp_path, {"maxConnections": 100})  # engineSecondsPerSecond at its default
    try:
        scene_file = tmp_path / "scene.json"
        scene_file.write_text(json.dumps(big_inline_scene()))

        async def measure():
            # Connected first: what attackers from its address owe is carried to new connections only.
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as calm:
                await join(calm)
                quiet = await calm_round_trips(calm, count=100)
                # The attackers run in their own process: their client-side work must not slow the measurement.
                hostile = subprocess.Popen([sys.executable, str(Path(__file__).parent / "attackers.py"), server.ws_url,
                                            str(attackers), "30", str(scene_file), *(["reconnect"] if mode == "reconnect" else [])],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                try:
                    assert hostile.stdout.readline().strip() == "started"
                    await asyncio.sleep(1.0)
                    loaded = await calm_round_trips(calm, count=150, first_seq=101)
                finally:
                    hostile.stdin.close()
                    limited = int(hostile.stdout.readline() or 0)
                    hostile.wait(timeout=30)
                return quiet, loaded, limited

        quiet, loaded, limited = asyncio.run(measure())
        values = metrics_values(server)
        ratio = percentile(loaded, 90) / percentile(quiet, 90)
        print(f"\n{attackers} {mode} attacker(s) switching to a 114 KB inline scene at 30/s: calm client round trip "
              f"p50 {percentile(loaded, 50):.1f} ms, p90 {percentile(loaded, 90):.1f} ms, p99 {p99(loaded):.1f} ms, max {max(loaded):.1f} ms "
              f"(alone: p50 {percentile(quiet, 50):.1f} ms, p90 {percentile(quiet, 90):.1f} ms, p99 {p99(quiet):.1f} ms; ratio {ratio:.2f}); "
              f"{limited} attacker messages rate-limited")
        # The attackers were held to their share: refused with a retry hint, counted.
        assert limited > 0
        assert values["touchbridge_messages_over_engine_budget_total"] >= limited
        assert ratio <= FAIRNESS_RATIO, f"calm client p90 {percentile(loaded, 90):.1f} ms under attack vs {percentile(quiet, 90):.1f} ms alone"
    finally:
        server.stop()


def test_a_client_over_its_share_is_not_read_until_its_retry_time_and_loses_nothing_after(tmp_path):
    """Refused once with a retry hint, then not read until then: the ping it sends right away is
    answered after the hint's time, not refused (before, every message it sent got a refusal, each
    costing the shared thread a receive and a check)."""
    server = start_server(tmp_path, {"engineSecondsPerSecond": 0.02, "busyEngineSecondsPerSecond": 0})
    try:
        switch = json.dumps({"type": "scene", "scene": big_inline_scene(40_000)})

        async def run():
            async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL], max_size=None) as ws:
                await join(ws)
                for _ in range(50):
                    await ws.send(switch)
                    async with asyncio.timeout(10):
                        while True:
                            m = json.loads(await ws.recv())
                            if m["type"] == "error" or (m["type"] == "render" and m.get("full")):
                                break
                    if m["type"] == "error":
                        break
                assert m["code"] == "rate-limited" and m["retryAfterMs"] > 0, m
                refused_at = time.perf_counter()
                await ws.send(json.dumps({"type": "ping", "id": 7, "t": 0}))
                async with asyncio.timeout(10):
                    while (answer := json.loads(await ws.recv()))["type"] not in ("pong", "error"):
                        pass
                return m["retryAfterMs"], (time.perf_counter() - refused_at) * 1000, answer
        retry_ms, waited_ms, answer = asyncio.run(run())
        assert answer["type"] == "pong", (answer, waited_ms)
        assert waited_ms >= retry_ms * 0.9, f"answered after {waited_ms:.0f} ms, retry hint {retry_ms} ms"
        assert metrics_values(server)["touchbridge_transport_read_holds_total"] >= 1
    finally:
        server.stop()
