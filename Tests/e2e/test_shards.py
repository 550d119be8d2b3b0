"""In-process shards (`serve --shards 2`): two service threads behind one acceptor on one port. Devices
spread over both shards (the shard is in the session id: s0-…, s1-…); an observer's `?watch=<id>` reaches
the shard that runs the session; silent, slow, malformed and flooding clients do not stop the others;
`/metrics` counts sessions per shard; SIGTERM closes every shard's clients."""
import asyncio
import json
import signal
import socket
import subprocess
import time

import pytest
import websockets

from conftest import ROOT, SERVER_BIN, ServerProcess
from test_server import SUBPROTOCOL, events_for, frame, hello, log_text, read_metrics, receive_until
from test_scale_out import observer_hello


@pytest.fixture(scope="module")
def sharded():
    server = ServerProcess(extra_args=("--shards", "2"))
    server.start()
    yield server
    server.stop()


def shard_of(session: str) -> str:
    return session.split("-")[0]


def wait_until_idle(server, timeout: float = 5.0) -> None:
    """Until no shard holds a WebSocket (an earlier test's closes are done): new devices then go to
    the shards in turn."""
    deadline = time.monotonic() + timeout
    while True:
        _, values = read_metrics(server)
        open_connections = [value for key, value in values.items() if key.startswith("touchbridge_transport_connections_open{")]
        if len(open_connections) == 2 and not any(open_connections):
            return
        assert time.monotonic() < deadline, open_connections
        time.sleep(0.05)


async def device(url: str):
    ws = await websockets.connect(url, subprotocols=[SUBPROTOCOL])
    await ws.send(hello("tap-recognition"))
    session = json.loads(await ws.recv())["session"]
    await ws.recv()  # the full render
    return ws, session


async def tap_seen_by_watcher(url: str, device_ws, watched: str, session: str) -> tuple[dict, list[str], list[str]]:
    """A watcher connected with `?watch=watched` joins `session`; the device taps; what each saw."""
    async with websockets.connect(f"{url}?watch={watched}", subprotocols=[SUBPROTOCOL]) as watcher:
        await watcher.send(observer_hello(session))
        welcome = json.loads(await watcher.recv())
        if welcome["type"] != "welcome":
            return welcome, [], []
        assert json.loads(await watcher.recv())["full"] is True
        await device_ws.send(frame(1, 0, ("down", 1, 60, 700)))
        await device_ws.send(frame(2, 80, ("up", 1, 60, 700)))
        seen_by_device = log_text(await receive_until(device_ws, events_for(2)))
        return welcome, seen_by_device, log_text(await receive_until(watcher, events_for(2)))


def test_the_start_line_names_the_shards(sharded):
    assert "(2 shards)" in sharded.output[0], sharded.output[0]


def test_devices_use_both_shards_and_an_observer_reaches_each_shards_session(sharded):
    wait_until_idle(sharded)

    async def run():
        devices = [await device(sharded.ws_url) for _ in range(4)]
        try:
            sessions = [session for _, session in devices]
            assert {shard_of(session) for session in sessions} == {"s0", "s1"}, sessions
            for shard in ("s0", "s1"):
                ws, session = next((ws, session) for ws, session in devices if shard_of(session) == shard)
                welcome, seen_by_device, seen_by_watcher = await tap_seen_by_watcher(sharded.ws_url, ws, session, session)
                assert welcome["type"] == "welcome" and welcome["role"] == "observer", welcome
                assert "act(tap,ended)" in seen_by_device
                assert seen_by_watcher == seen_by_device
        finally:
            for ws, _ in devices:
                await ws.close()
    asyncio.run(run())


def test_the_watch_value_decides_the_shard(sharded):
    """The control: a watcher sent to the other shard (its ?watch names a session there) does not
    find the session, because each shard knows only its own sessions."""
    wait_until_idle(sharded)

    async def run():
        devices = [await device(sharded.ws_url) for _ in range(2)]
        try:
            by_shard = {shard_of(session): (ws, session) for ws, session in devices}
            assert set(by_shard) == {"s0", "s1"}, [session for _, session in devices]
            ws, session = by_shard["s0"]
            welcome, _, _ = await tap_seen_by_watcher(sharded.ws_url, ws, by_shard["s1"][1], session)
            assert welcome["type"] == "error" and welcome["code"] == "unknown-session", welcome
        finally:
            for ws, _ in devices:
                await ws.close()
    asyncio.run(run())


def test_silent_partial_and_malformed_clients_do_not_stop_others(sharded):
    silent = [socket.create_connection(("127.0.0.1", sharded.port)) for _ in range(20)]
    partial = socket.create_connection(("127.0.0.1", sharded.port))
    partial.sendall(b"GET /ws?wat")
    garbage = []
    for junk in (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", b"NOT AN HTTP LINE\r\n\r\n", b"GET " + b"a" * 5000,
                 b"GET /ws?watch=s9-" + b"f" * 300 + b" HTTP/1.1\r\n\r\n", b"\r\n\r\n"):
        s = socket.create_connection(("127.0.0.1", sharded.port))
        s.sendall(junk)
        garbage.append(s)
    try:
        async def run():
            started = time.monotonic()
            ws, session = await asyncio.wait_for(device(sharded.ws_url), 3)
            await ws.close()
            return time.monotonic() - started
        assert asyncio.run(run()) < 3
        status = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", sharded.base_url + "healthz"],
                                capture_output=True, text=True, timeout=5).stdout
        assert status == "200"
    finally:
        for s in silent + garbage + [partial]:
            s.close()
    assert sharded.proc.poll() is None, "the server died"


def test_a_flood_of_connects_past_the_pending_bound_leaves_the_server_serving(sharded):
    flood = []
    try:
        for _ in range(400):  # past the acceptor's 256 waiting connections (maxUnjoinedConnections): the oldest are closed
            flood.append(socket.create_connection(("127.0.0.1", sharded.port)))

        async def run():
            ws, session = await asyncio.wait_for(device(sharded.ws_url), 5)
            await ws.close()
            return session
        assert shard_of(asyncio.run(run())) in {"s0", "s1"}
        closed = 0
        for s in flood[:100]:
            s.settimeout(2)
            try:
                closed += s.recv(1) == b""
            except (ConnectionResetError, TimeoutError):
                closed += 1
        assert closed > 0, "the oldest waiting connections are closed once past the bound"
    finally:
        for s in flood:
            s.close()
    assert sharded.proc.poll() is None, "the server died"


def test_a_burst_of_connects_within_the_unjoined_bound_is_served_in_full():
    # 400 connections opened before any sends its request (a classroom's page loads at once, or a load
    # generator): the acceptor holds as many as maxUnjoinedConnections, so none is closed as a flood.
    server = ServerProcess(extra_args=("--shards", "2", "--max-unjoined-connections", "1000"))
    server.start()
    burst = []
    try:
        for _ in range(400):
            burst.append(socket.create_connection(("127.0.0.1", server.port)))
        for s in burst:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answered = 0
        for s in burst:
            s.settimeout(10)
            answered += s.recv(12).startswith(b"HTTP/1.1 200")
        assert answered == len(burst)
    finally:
        for s in burst:
            s.close()
        server.stop()


def test_metrics_count_sessions_on_every_shard(sharded):
    wait_until_idle(sharded)

    async def run():
        devices = [await device(sharded.ws_url) for _ in range(2)]
        try:
            shards = sorted(shard_of(session) for _, session in devices)
            _, values = read_metrics(sharded)
            return shards, values
        finally:
            for ws, _ in devices:
                await ws.close()
    shards, values = asyncio.run(run())
    assert shards == ["s0", "s1"]
    assert values['touchbridge_sessions{shard="0"}'] == 1 and values['touchbridge_sessions{shard="1"}'] == 1, values
    assert values['touchbridge_transport_connections_open{shard="0"}'] == 1
    assert values['touchbridge_transport_connections_open{shard="1"}'] == 1


def test_sigterm_closes_the_clients_of_every_shard_with_1001():
    server = ServerProcess(extra_args=("--shards", "2"))
    server.start()
    try:
        async def run():
            devices = [await device(server.ws_url) for _ in range(4)]
            assert {shard_of(session) for _, session in devices} == {"s0", "s1"}
            server.proc.send_signal(signal.SIGTERM)
            codes = []
            for ws, _ in devices:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                codes.append(closed.value.rcvd.code if closed.value.rcvd else None)
            return codes
        assert asyncio.run(run()) == [1001] * 4
        assert server.proc.wait(timeout=5) == 0
    finally:
        server.stop()


def test_shards_with_tls_are_refused_with_a_pointer_to_nginx():
    result = subprocess.run([str(SERVER_BIN), "serve", "--port", "0", "--shards", "2", "--tls-certificate", "c.pem",
                             "--tls-private-key", "k.pem"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "nginx" in result.stderr + result.stdout


def few_descriptors():
    import resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (96, 96))


def test_out_of_descriptors_the_acceptor_rests_then_serves_again():
    # 96 descriptors: more connects than that leave `accept` with EMFILE. The acceptor must neither spin
    # (poll would report the listener readable again at once) nor stop: it rests the listener 0.1 s at a
    # time, and once the clients leave, a new device is served.
    server = ServerProcess(extra_args=("--shards", "2"), preexec_fn=few_descriptors)
    server.start()
    crowd = []
    try:
        for _ in range(150):
            crowd.append(socket.create_connection(("127.0.0.1", server.port)))
        deadline = time.monotonic() + 5
        while not any("accept failed; pausing the listener" in line for line in server.output) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any("accept failed; pausing the listener" in line for line in server.output), server.output[-5:]
        before = cpu_seconds(server.proc.pid)
        time.sleep(1.0)
        assert cpu_seconds(server.proc.pid) - before < 0.5, "resting, not spinning on a listener it cannot accept from"
    finally:
        for s in crowd:
            s.close()

    async def run():
        ws, session = await asyncio.wait_for(device(server.ws_url), 10)
        await ws.close()
        return session
    try:
        assert shard_of(asyncio.run(run())) in {"s0", "s1"}
        assert server.proc.poll() is None, "the server died"
    finally:
        server.stop()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid` (/proc/<pid>/stat, in clock ticks)."""
    import os
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
