"""Faults and load against the real server: disconnects mid-gesture, connection churn, floods, many
observers, timers of closed sessions, SIGTERM with many clients, and a bounded soak. Each test prints
its figures (pytest -s shows them)."""

from __future__ import annotations

import asyncio
import json
import signal
import statistics
import time
import urllib.request

import pytest
import websockets

from conftest import ServerProcess
from test_server import SUBPROTOCOL, VIEWPORT, events_for, frame, hello, log_text, receive_until


def server_with(tmp_path, **settings) -> ServerProcess:
    config = tmp_path / "touchbridge.json"
    config.write_text(json.dumps(settings))
    server = ServerProcess(extra_args=("--config", str(config)))
    server.start()
    return server


def rss_kib(server: ServerProcess) -> int:
    with open(f"/proc/{server.proc.pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def metric(server: ServerProcess, name: str) -> float:
    with urllib.request.urlopen(server.base_url + "metrics") as response:
        for line in response.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[-1])
    return 0.0


async def observe(url: str, session: str):
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL])
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session,
                              "viewport": VIEWPORT, "clock": "client"}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    await ws.recv()
    return ws


def test_disconnect_mid_gesture_cancels_touches_and_frees_the_session(server_process):
    async def run():
        device = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL])
        await device.send(hello("image-translation"))
        session = json.loads(await device.recv())["session"]
        await device.recv()
        watcher = await observe(server_process.ws_url, session)
        await device.send(frame(1, 0, ("down", 1, 200, 400)))
        await device.send(frame(2, 16, ("move", 1, 240, 400)))
        await receive_until(watcher, events_for(2))
        await device.close()
        messages = []
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                messages.append(json.loads(await asyncio.wait_for(watcher.recv(), 5)))
        return log_text(messages), closed.value.rcvd.code
    text, code = asyncio.run(run())
    assert any(line.startswith("pan:") and "→cancelled [touches cancelled]" in line for line in text), text
    assert "act(pan,cancelled)" in text
    assert code == 4001
    assert metric(server_process, "touchbridge_sessions") == 0


@pytest.fixture(scope="module")
def churn_server():
    # 10,000 joins from one address, 20 at a time: with the default engine-time share the address's debt
    # (every join's welcome, full render and lints) holds new connections' reading past the 5 s join
    # timeout. This test measures memory under churn; the share and its per-address debt are
    # test_security.py's.
    server = ServerProcess(extra_args=("--engine-seconds-per-second", "0"))
    server.start()
    yield server
    server.stop()


def test_10000_connect_disconnect_cycles_keep_memory_flat(churn_server):
    server_process = churn_server
    async def cycle(count: int):
        for _ in range(count):
            async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
                await ws.send(hello("welcome"))
                await ws.recv()
                await ws.recv()

    async def run(total: int, parallel: int = 20):
        await asyncio.gather(*(cycle(total // parallel) for _ in range(parallel)))

    asyncio.run(run(1000))
    before = rss_kib(server_process)
    started = time.monotonic()
    asyncio.run(run(10000))
    after = rss_kib(server_process)
    growth = after - before
    print(f"\n10,000 cycles in {time.monotonic() - started:.1f} s: RSS {before} KiB → {after} KiB ({growth:+d} KiB)")
    assert metric(server_process, "touchbridge_sessions") == 0
    assert growth < 8 * 1024, f"memory grew by {growth} KiB over 10,000 sessions"


def test_a_flooding_client_is_rate_limited_and_others_are_unaffected(tmp_path):
    server = server_with(tmp_path, maxMessagesPerSecond=100)
    try:
        async def run():
            calm = await websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL])
            await calm.send(hello("tap-recognition"))
            await calm.recv(); await calm.recv()

            async def round_trips():
                latencies = []
                for seq in range(20):
                    started = time.monotonic()
                    await calm.send(json.dumps({"type": "ping", "id": seq}))
                    reply = json.loads(await asyncio.wait_for(calm.recv(), 5))
                    assert reply["type"] == "pong"
                    latencies.append(time.monotonic() - started)
                    await asyncio.sleep(0.02)
                return latencies
            alone = await round_trips()
            flood = await websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL])
            await flood.send(hello("tap-recognition"))
            await flood.recv(); await flood.recv()
            flood_closed = False
            try:
                for seq in range(1000):
                    await flood.send(json.dumps({"type": "ping", "id": seq}))
            except (websockets.ConnectionClosed, OSError):
                flood_closed = True
            latencies = await round_trips()
            replies = []
            try:
                while True:
                    replies.append(json.loads(await asyncio.wait_for(flood.recv(), 1)))
            except asyncio.TimeoutError:
                pass
            except (websockets.ConnectionClosed, OSError):
                flood_closed = True
            await calm.close()
            return alone, latencies, replies, flood_closed
        alone, latencies, replies, flood_closed = asyncio.run(run())
        limited = [r for r in replies if r.get("code") == "rate-limited"]
        ratio = statistics.median(latencies) / statistics.median(alone)
        print(f"\nflood: {len(limited)} rate-limited errors, closed={flood_closed}; calm client p50 {statistics.median(latencies) * 1000:.1f} ms "
              f"({ratio:.2f}× its p50 alone), p100 {max(latencies) * 1000:.1f} ms")
        assert limited or flood_closed
        # Unaffected, judged against the same client's round trip before the flood (not a wall-clock bound).
        assert ratio < 10, f"the calm client's median round trip grew {ratio:.1f}× during the flood"
    finally:
        server.stop()


def test_100_observers_on_one_session(tmp_path):
    server = server_with(tmp_path, maxObserversPerSession=100)
    try:
        async def run():
            device = await websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL])
            await device.send(hello("tap-recognition"))
            session = json.loads(await device.recv())["session"]
            await device.recv()
            watchers = await asyncio.gather(*(observe(server.ws_url, session) for _ in range(100)))
            await device.send(frame(1, 0, ("down", 1, 60, 700)))
            await device.send(frame(2, 80, ("up", 1, 60, 700)))
            expected = log_text(await receive_until(device, events_for(2)))
            seen = await asyncio.gather(*(receive_until(w, events_for(2)) for w in watchers))
            for ws in watchers:
                await ws.close()
            await device.close()
            return expected, [log_text(m) for m in seen]
        expected, seen = asyncio.run(run())
        assert all(text == expected for text in seen)
    finally:
        server.stop()


def test_timers_of_sessions_that_just_closed(server_process):
    async def run():
        for round_ in range(30):
            ws = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL])
            await ws.send(hello("drag-and-drop", clock="client", t=0))
            await ws.recv(); await ws.recv()
            await ws.send(frame(1, 10, ("down", 1, 200, 400)))   # arms the 500 ms long-press timer
            await ws.close()
        await asyncio.sleep(0.7)                                  # every timer is now due
        async with websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "role": "device", "viewport": VIEWPORT, "clock": "manual"}))
            return json.loads(await ws.recv())["type"]
    assert asyncio.run(run()) == "welcome"
    assert server_process.proc.poll() is None
    assert metric(server_process, "touchbridge_sessions") == 0


def test_sigterm_with_500_connected_clients(tmp_path):
    # These clients never say hello: room for all 500 of them besides the default unjoined cap (256).
    server = server_with(tmp_path, maxUnjoinedConnections=1000)
    try:
        async def run():
            clients = []
            for batch in range(10):
                clients += await asyncio.gather(*(websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) for _ in range(50)))
            started = time.monotonic()
            server.proc.send_signal(signal.SIGTERM)

            async def code(ws):
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd else None
            codes = await asyncio.gather(*(code(ws) for ws in clients))
            return codes, time.monotonic() - started
        codes, elapsed = asyncio.run(run())
        server.proc.wait(timeout=3)
        print(f"\nSIGTERM: {codes.count(1001)}/500 got 1001 in {elapsed:.2f} s")
        assert codes.count(1001) == 500
        # The server promises 2 s; the bound is generous for a loaded runner and still catches a server that
        # waits for its clients' idle timeouts (300 s) instead of closing them.
        assert elapsed < 10
    finally:
        server.stop()


def test_bounded_soak_records_memory_and_latency(server_process):
    """Several sessions panning for SOAK_SECONDS (default 60; the longer documented run is 1800)."""
    import os
    seconds = float(os.environ.get("SOAK_SECONDS", "60"))

    async def run():
        devices = []
        for _ in range(10):
            ws = await websockets.connect(server_process.ws_url, subprotocols=[SUBPROTOCOL])
            await ws.send(hello("image-translation"))
            await ws.recv(); await ws.recv()
            devices.append(ws)
        samples = []
        started = time.monotonic()
        seq = 0
        while time.monotonic() - started < seconds:
            window_latencies = []
            window_end = time.monotonic() + min(10, seconds)
            while time.monotonic() < window_end:
                for index, ws in enumerate(devices):
                    cycle = seq % 72
                    phase = "down" if cycle == 0 else "up" if cycle == 71 else "move"
                    sent = time.monotonic()
                    await ws.send(frame(seq, seq * 8.3, (phase, 1, 200 + cycle, 400 + index)))
                    await receive_until(ws, events_for(seq))
                    window_latencies.append(time.monotonic() - sent)
                seq += 1
                await asyncio.sleep(0.008)
            window_latencies.sort()
            samples.append((round(time.monotonic() - started), rss_kib(server_process),
                            window_latencies[len(window_latencies) // 2] * 1000, window_latencies[int(len(window_latencies) * 0.99)] * 1000))
        for ws in devices:
            await ws.close()
        return samples
    samples = asyncio.run(run())
    print("\nsoak: t(s)  RSS(KiB)  p50(ms)  p99(ms)")
    for t, rss, p50, p99 in samples:
        print(f"      {t:4d}  {rss:8d}  {p50:7.2f}  {p99:7.2f}")
    assert samples[-1][1] - samples[0][1] < 16 * 1024, "memory kept growing during the soak"
