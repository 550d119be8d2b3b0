"""Hostile and careless recordings and uploads (issue 30 items 1, 2, 5, 13, 14), black-box over the real
server with the ``websockets`` client: nothing a client sends crashes the server, a replay never holds
the service thread for long, unfinished uploads are bounded server-wide, and bad requests get typed
errors that name what is wrong.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import websockets

from conftest import ROOT, ServerProcess
from test_server import SUBPROTOCOL, hello, receive_until
from test_stepping import is_error, is_type, joined, upload

HEADER = (ROOT / "Tests" / "recordings" / "single-double-tap.jsonl").read_text().splitlines()[0]
DEVICE_HELLO = hello("paths-and-layers")


def recording(inputs: list[tuple[str, str]], header: str = HEADER) -> str:
    """A recording: ``header``, ``open``, then one ``{"at":…,"in":…}`` line per (message, time); the
    time is written as given, so it can be any JSON number."""
    lines = [header, '{"open":{"subprotocol":"touchbridge.v1"}}']
    lines += ['{"at":%s,"in":%s}' % (at, json.dumps(text)) for text, at in inputs]
    return "\n".join(lines) + "\n"


def settings_file(tmp_path: Path, **settings) -> tuple[str, ...]:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings))
    return ("--config", str(path))


async def answered_ping(ws, ping_id: int) -> bool:
    """Whether a ping is answered, sent again when refused `rate-limited` (over the connection's engine
    share: on a loaded machine the checks of an upload may cost it)."""
    for _ in range(20):
        await ws.send(json.dumps({"type": "ping", "id": ping_id}))
        reply = (await receive_until(ws, lambda m: m["type"] == "pong" or (m["type"] == "error" and m["code"] == "rate-limited"), timeout=30))[-1]
        if reply["type"] == "pong":
            return reply["id"] == ping_id
        await asyncio.sleep(reply.get("retryAfterMs", 100) / 1000)
    return False


async def still_serving(url: str):
    """A new session still gets its welcome and a ping answer: the server did not go down."""
    ws = await joined(url, "tap-recognition")
    assert await answered_ping(ws, 5)
    await ws.close()


def test_the_1_3_kb_crash_recording_gets_an_error_naming_its_line_and_every_session_goes_on(server_process):
    """Issue 30 item 1: two resyncs at 1e300 s then 0 s trapped in Session.resync and took the server down."""
    crash = recording([(DEVICE_HELLO, "1"), ('{"type":"resync"}', "1e300"), ('{"type":"resync"}', "0")])
    backwards = recording([(DEVICE_HELLO, "5"), ('{"type":"resync"}', "6"), ('{"type":"resync"}', "1")])
    far_past = recording([(DEVICE_HELLO, "1"), ('{"type":"resync"}', "-1e10")])

    async def run():
        bystander = await joined(server_process.ws_url, "tap-recognition")
        ws = await joined(server_process.ws_url, "tap-recognition")
        # Sent whole, and again in parts.
        for parts in ([crash], [crash[:700], crash[700:]]):
            error = await upload(ws, parts)
            assert error["type"] == "error" and error["code"] == "not-a-recording", error
            assert "line 4" in error["message"] and "1e+300" in error["message"], error
        error = await upload(ws, [backwards])
        assert error["code"] == "not-a-recording" and "line 5" in error["message"] and "backwards" in error["message"], error
        error = await upload(ws, [far_past])
        assert error["code"] == "not-a-recording" and "line 4" in error["message"], error
        # The device's own session and a bystander's go on; new sessions are served.
        for client in (ws, bystander):
            assert await answered_ping(client, 9)
        await still_serving(server_process.ws_url)
        await ws.close()
        await bystander.close()

    asyncio.run(run())
    assert server_process.proc.poll() is None, "the server is still running"


def test_a_recordings_header_cannot_raise_the_servers_limits(server_process):
    """A header stating a 1e300-point viewport limit: the hello inside is checked against the server's own
    8192, so the recording holds no session to replay (and the server does no layout at 1e299 points)."""
    header = json.loads(HEADER)
    header["limits"]["maxViewportPoints"] = 1e300
    header["limits"]["maxMessageBytes"] = 2**62
    huge = json.loads(DEVICE_HELLO)
    huge["viewport"] = {"width": 1e299, "height": 1e299, "scale": 2}
    text = recording([(json.dumps(huge), "1"), ('{"type":"resync"}', "2")], header=json.dumps(header))

    async def run():
        ws = await joined(server_process.ws_url, "tap-recognition")
        error = await upload(ws, [text])
        assert error["code"] == "not-a-recording" and "no device session" in error["message"], error
        await still_serving(server_process.ws_url)
        await ws.close()

    asyncio.run(run())
    assert server_process.proc.poll() is None


def test_an_out_of_order_part_is_refused_and_the_upload_kept(server_process):
    """Issue 30 item 13: an out-of-order part dropped the upload, and part 0 was then refused."""
    text = recording([(DEVICE_HELLO, "1")] + [('{"type":"advance","t":%d}' % (100 * i), str(1 + i)) for i in range(1, 30)])
    size = len(text) // 3 + 1
    parts = [text[i:i + size] for i in range(0, len(text), size)]
    assert len(parts) == 3

    async def run():
        ws = await joined(server_process.ws_url, "tap-recognition")
        await ws.send(json.dumps({"type": "open-recording", "part": 0, "parts": 3, "data": parts[0]}))
        assert (await receive_until(ws, is_type("uploading")))[-1]["received"] == 1
        await ws.send(json.dumps({"type": "open-recording", "part": 2, "parts": 3, "data": parts[2]}))
        skipped = (await receive_until(ws, is_type("error")))[-1]
        assert (skipped["code"], skipped["path"]) == ("schema", "part"), skipped
        assert "expected part 1 of 3" in skipped["message"], skipped
        for index in (1, 2):
            await ws.send(json.dumps({"type": "open-recording", "part": index, "parts": 3, "data": parts[index]}))
        stepping = (await receive_until(ws, lambda m: m["type"] in ("stepping", "error")))[-1]
        assert stepping["type"] == "stepping" and stepping["source"] == "recording", stepping
        assert "kept" in skipped["message"], "the error says the upload is kept"
        await ws.close()

    asyncio.run(run())


def test_act_with_a_nan_time_and_a_repeated_key_get_schema_errors_naming_the_field(server_process):
    """Issue 30 items 13 and 14: `act` with "t":"NaN" answered time-went-backwards "nan < 0.01"; the fuzz
    input with `t`/`x` twice decoded with the first kept, as a NaN time."""
    fuzz = (ROOT / "Fuzz" / "corpus" / "protocol-decode" / "duplicate-keys-null-time.json").read_text()

    async def run():
        ws = await joined(server_process.ws_url, "tap-recognition")
        await ws.send(json.dumps({"type": "act", "seq": 1, "t": "NaN", "actions": [{"op": "remove", "view": "nothing"}]}))
        error = (await receive_until(ws, is_type("error")))[-1]
        assert (error["code"], error["path"], error.get("seq")) == ("schema", "t", 1), error
        await ws.send(fuzz)
        error = (await receive_until(ws, is_type("error")))[-1]
        assert (error["code"], error["path"]) == ("schema", "pointers[0].x"), error
        assert "twice" in error["message"], error
        assert await answered_ping(ws, 3)
        await ws.close()

    asyncio.run(run())


def test_unfinished_uploads_are_bounded_for_all_connections_together(tmp_path):
    """Issue 30 item 5: each connection could hold a 4 MB unfinished upload (60 connections: +242 MB)."""
    server = ServerProcess(extra_args=settings_file(tmp_path, maxUploadBytesInFlight=4_194_304, engineSecondsPerSecond=0))
    server.start()
    try:
        async def run():
            chunk = "x" * 200_000
            holders = []
            refused = None
            for _ in range(40):
                ws = await joined(server.ws_url, "tap-recognition")
                holders.append(ws)
                await ws.send(json.dumps({"type": "open-recording", "part": 0, "parts": 10, "data": chunk}))
                reply = (await receive_until(ws, lambda m: m["type"] in ("uploading", "error")))[-1]
                if reply["type"] == "error":
                    refused = reply
                    break
            assert refused is not None, "40 unfinished uploads of 200 KB were all held"
            assert (refused["code"], refused["path"]) == ("server-busy", "data"), refused
            assert "4194304" in refused["message"] and "maxUploadBytesInFlight" in refused["message"], refused
            assert len(holders) == 4_194_304 // len(chunk) + 1
            # Closing a holder frees its bytes: the refused part, sent again, is taken.
            await holders[0].close()
            await asyncio.sleep(0.2)
            await holders[-1].send(json.dumps({"type": "open-recording", "part": 0, "parts": 10, "data": chunk}))
            assert (await receive_until(holders[-1], lambda m: m["type"] in ("uploading", "error")))[-1]["type"] == "uploading"
            for ws in holders[1:]:
                await ws.close()

        asyncio.run(run())
    finally:
        server.stop()


def test_a_long_replay_runs_in_slices_and_calm_clients_are_answered_meanwhile(tmp_path):
    """Issue 30 item 2: the whole replay ran in one message on the service thread (8,000 resyncs froze
    every client ~2 s). A calm client pinging throughout now waits at most a small part of the replay."""
    server = ServerProcess(extra_args=settings_file(tmp_path, engineSecondsPerSecond=0))
    server.start()
    resyncs = 800
    text = recording([(DEVICE_HELLO, "0")] + [('{"type":"resync"}', str(i)) for i in range(1, resyncs + 1)])
    try:
        async def run():
            calm = await joined(server.ws_url, "tap-recognition")
            ws = await joined(server.ws_url, "tap-recognition")
            waits: list[float] = []
            done = asyncio.Event()

            async def ping_throughout():
                ping = 0
                while not done.is_set():
                    ping += 1
                    sent = time.monotonic()
                    await calm.send(json.dumps({"type": "ping", "id": ping}))
                    await receive_until(calm, lambda m: m["type"] == "pong" and m["id"] == ping, timeout=60)
                    waits.append(time.monotonic() - sent)
                    await asyncio.sleep(0.005)

            pinger = asyncio.create_task(ping_throughout())
            await asyncio.sleep(0.1)
            started = time.monotonic()
            await ws.send(json.dumps({"type": "open-recording", "data": text, "name": "resyncs.jsonl"}))
            stepping = (await receive_until(ws, lambda m: m["type"] in ("stepping", "error"), timeout=120))[-1]
            replay = time.monotonic() - started
            done.set()
            await pinger
            assert stepping["type"] == "stepping" and stepping["frames"] == resyncs + 1, stepping
            print(f"\nreplay of {resyncs} resyncs: {replay:.2f} s; calm client's pings: {len(waits)}, "
                  f"max wait {max(waits) * 1000:.1f} ms")
            assert len(waits) >= 5, "the calm client was answered during the replay"
            # Before: one turn, so the calm client waited the whole replay. Now: slices of 5 ms.
            assert max(waits) < replay / 4, (max(waits), replay)
            await calm.close()
            await ws.close()

        asyncio.run(run())
    finally:
        server.stop()


def test_a_replay_past_its_bounds_stops_with_too_long_naming_the_line(tmp_path):
    """More resync answers than a timeline keeps (1,000 full renders): `too-long`, the line named."""
    server = ServerProcess(extra_args=settings_file(tmp_path, engineSecondsPerSecond=0))
    server.start()
    text = recording([(hello("tap-recognition"), "0")] + [('{"type":"resync"}', str(i)) for i in range(1, 1101)])
    try:
        async def run():
            ws = await joined(server.ws_url, "tap-recognition")
            await ws.send(json.dumps({"type": "open-recording", "data": text, "name": "many.jsonl"}))
            error = (await receive_until(ws, lambda m: m["type"] in ("stepping", "error"), timeout=300))[-1]
            assert error["type"] == "error" and error["code"] == "too-long", error
            # hello is line 3 and the first full render; the 1,000th resync (line 1003) is the 1,001st.
            assert error["message"].startswith("many.jsonl, line 1003: more than 1000 full renders"), error
            await still_serving(server.ws_url)
            await ws.close()

        asyncio.run(run())
    finally:
        server.stop()
