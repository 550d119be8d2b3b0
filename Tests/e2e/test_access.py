"""Who may reach what (issue 30 items 7–9, docs/security.md), black-box over the real server:

- DNS rebinding: a request whose ``Host`` names something other than a loopback name, an address the
  server listens on or a configured ``allowedHosts`` name is refused (WebSocket upgrades, ``/metrics``,
  static files), even when its ``Origin`` matches that ``Host`` as a rebinding page's does;
- recordings are private to the device connection that made them unless the server shares them
  (``shareRecordings``), and a live session's recording is never readable by another device;
- listing a record directory of many files costs what listing a small one does (at most 200 names,
  no stat of every file per request).
"""

from __future__ import annotations

import asyncio
import json
import socket
import statistics
import time

import websockets

from conftest import ServerProcess
from test_security import metrics_values, raw_response, start_server, status_of
from test_server import SUBPROTOCOL, hello
from test_stepping import is_error, is_type, receive_until

KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def upgrade(port: int, host: str, origin: str | None) -> int | None:
    """The status of a WebSocket upgrade carrying exactly these Host and Origin headers."""
    origin_line = f"Origin: {origin}\r\n" if origin else ""
    request = (f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: {SUBPROTOCOL}\r\n"
               f"{origin_line}\r\n")
    return status_of(raw_response(port, request.encode()))


def get(port: int, path: str, host: str) -> int | None:
    return status_of(raw_response(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()))


def own_lan_address() -> str | None:
    """A non-loopback IPv4 address of this machine (the one a UDP socket would send from), if any."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, only a route is chosen
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


# ------------------------------------------------------------------------------------------ rebinding


def test_a_loopback_server_refuses_a_rebound_host_name_even_with_a_matching_origin(tmp_path):
    server = start_server(tmp_path, {}, "--record", str(tmp_path / "recordings"))
    try:
        port = server.port
        attacker = f"attacker.example:{port}"
        # What a rebinding page sends: Host and Origin both its own name.
        assert upgrade(port, attacker, f"http://{attacker}") == 403
        assert upgrade(port, attacker, None) == 403, "a script naming that host is refused too"
        assert upgrade(port, "", None) == 403, "no name at all"
        assert get(port, "/metrics", attacker) == 403
        assert get(port, "/index.html", attacker) == 403
        assert get(port, "/", f"127.0.0.1.attacker.example:{port}") == 403, "a name that only starts like loopback"
        assert get(port, "/healthz", attacker) == 200, "health checks say nothing but ok"
        # Loopback names and addresses, any case, with or without port.
        for host in [f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost.:{port}", f"127.9.8.7:{port}", f"[::1]:{port}",
                     "localhost"]:
            assert upgrade(port, host, f"http://{host}") == 101, host
            assert get(port, "/index.html", host) == 200, host
        assert get(port, "/metrics", f"localhost:{port}") == 200
        values = metrics_values(server)
        assert values.get('touchbridge_transport_upgrades_refused_total{reason="host"}', 0) >= 3, values
    finally:
        server.stop()


def test_configured_host_names_are_answered_and_a_lan_server_answers_its_own_addresses(tmp_path):
    config = tmp_path / "touchbridge.json"
    config.write_text(json.dumps({"allowedHosts": ["TouchBridge.School.example"], "noToken": True}))
    server = ServerProcess(extra_args=("--config", str(config)), host="0.0.0.0")
    server.start()
    try:
        port = server.port
        name = f"touchbridge.school.example:{port}"
        assert upgrade(port, name, f"http://{name}") == 101
        assert get(port, "/index.html", name) == 200
        assert upgrade(port, f"attacker.example:{port}", f"http://attacker.example:{port}") == 403
        assert get(port, "/index.html", f"other.school.example:{port}") == 403
        lan = own_lan_address()
        if lan is not None:  # the machine's own address (what the QR code shows a phone)
            assert upgrade(port, f"{lan}:{port}", f"http://{lan}:{port}") == 101
        assert upgrade(port, f"127.0.0.1:{port}", None) == 101
    finally:
        server.stop()


def test_a_bad_allowed_hosts_entry_stops_the_server_with_a_clear_message(tmp_path):
    config = tmp_path / "touchbridge.json"
    config.write_text(json.dumps({"allowedHosts": ["https://touchbridge.school.example"]}))
    server = ServerProcess(extra_args=("--config", str(config)))
    try:
        server.start(timeout=20)
        raise AssertionError("the server started with a URL in allowedHosts")
    except RuntimeError as error:
        assert "allowedHosts" in str(error) and "without scheme" in str(error), error
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------ recordings


async def device(url: str):
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None)
    await ws.send(hello("tap-recognition"))
    await receive_until(ws, lambda m: m["type"] == "render" and m["full"])
    return ws


async def listed(ws) -> list[str]:
    await ws.send(json.dumps({"type": "recordings"}))
    return [f["name"] for f in (await receive_until(ws, is_type("recordings")))[-1]["files"]]


async def refused(ws, name: str) -> dict:
    await ws.send(json.dumps({"type": "open-recording", "name": name}))
    return (await receive_until(ws, lambda m: m["type"] in ("error", "stepping")))[-1]


async def wait_for_files(directory, count: int) -> list[str]:
    for _ in range(200):
        names = sorted(p.name for p in directory.glob("*.jsonl"))
        if len(names) >= count:
            return names
        await asyncio.sleep(0.05)
    raise AssertionError(f"{count} recordings expected in {directory}")


async def two_devices(url: str, recordings):
    """Alice joins, then Bob: each connection and the name of the file its session is recorded into."""
    alice = await device(url)
    (alice_file,) = await wait_for_files(recordings, 1)
    bob = await device(url)
    bob_file = next(n for n in await wait_for_files(recordings, 2) if n != alice_file)
    return alice, alice_file, bob, bob_file


def test_recordings_are_private_to_the_session_that_made_them(tmp_path):
    recordings = tmp_path / "recordings"
    server = start_server(tmp_path, {}, "--record", str(recordings))
    try:
        async def run():
            alice, alice_file, bob, bob_file = await two_devices(server.ws_url, recordings)
            assert await listed(alice) == [alice_file], "a device sees its own session's recording"
            assert await listed(bob) == [bob_file]
            answer = await refused(bob, alice_file)
            assert (answer["type"], answer.get("code")) == ("error", "unknown-recording"), answer
            assert "shareRecordings" in answer["message"]
            await alice.close()
            await asyncio.sleep(0.3)
            assert await listed(bob) == [bob_file], "finished, still Alice's"
            assert (await refused(bob, alice_file)).get("code") == "unknown-recording"
            await bob.send(json.dumps({"type": "open-recording", "name": bob_file}))
            assert (await receive_until(bob, is_type("stepping")))[-1]["name"] == bob_file, "its own opens"
            await bob.close()

        asyncio.run(run())
    finally:
        server.stop()


def test_shared_recordings_show_finished_sessions_but_never_another_devices_live_one(tmp_path):
    recordings = tmp_path / "recordings"
    server = start_server(tmp_path, {"shareRecordings": True}, "--record", str(recordings))
    try:
        async def run():
            alice, alice_file, bob, bob_file = await two_devices(server.ws_url, recordings)
            assert await listed(bob) == [bob_file], "Alice's session is live: not Bob's to see"
            assert (await refused(bob, alice_file)).get("code") == "unknown-recording"
            await alice.close()
            for _ in range(100):
                if alice_file in await listed(bob):
                    break
                await asyncio.sleep(0.05)
            assert await listed(bob) == sorted([alice_file, bob_file], reverse=True)
            assert (await refused(bob, alice_file))["type"] == "stepping", "finished and shared: it opens"
            await bob.close()

        asyncio.run(run())
    finally:
        server.stop()


def test_listing_a_directory_of_many_files_costs_what_listing_a_few_does(tmp_path):
    """Before, every listing stat'ed every file on the service thread (100,000 files: 1.95 s each)."""
    recordings = tmp_path / "recordings"
    server = start_server(tmp_path, {"shareRecordings": True, "engineSecondsPerSecond": 0}, "--record", str(recordings))
    try:
        async def timed_listings(ws, count: int) -> list[float]:
            times = []
            for _ in range(count):
                started = time.perf_counter()
                await listed(ws)
                times.append(time.perf_counter() - started)
            return times

        async def run():
            ws = await device(server.ws_url)
            for i in range(250):  # a full listing's worth: both listings below hold 200 files
                (recordings / f"few-{i:03}.jsonl").write_text("{}\n")
            await listed(ws)  # the directory changed: read once
            few = statistics.median(await timed_listings(ws, 9))
            for i in range(40_000):
                (recordings / f"many-{i:05}.jsonl").write_bytes(b"{}\n")
            await asyncio.sleep(1.1)  # past the rescan interval
            names = await listed(ws)
            assert len(names) == 200 and names == sorted(names, reverse=True), len(names)
            assert names[0] == "many-39999.jsonl" and names[-1] == "many-39800.jsonl", (names[0], names[-1])
            many = statistics.median(await timed_listings(ws, 9))
            print(f"\nlisting a directory of 251 files {few * 1000:.2f} ms, of 40,251 files {many * 1000:.2f} ms (medians of 9)")
            # Measured 0.85–3.7x on the loaded 2-core machine; the server that stat'ed every file took 182x.
            assert many < few * 20, f"listing from 40,251 files took {many / few:.1f}x as long as from 251"
            # A file added by hand shows up once the directory has been read again.
            (recordings / "zz-added.jsonl").write_text("{}\n")
            await asyncio.sleep(1.1)
            assert (await listed(ws))[0] == "zz-added.jsonl"
            await ws.close()

        asyncio.run(run())
    finally:
        server.stop()
