"""End-to-end probes of TouchBridgeTransport through an independent client (Python `websockets`, raw sockets).

The fixture starts the test-only `transport-echo` server (an echo delegate) built by `swift build`; it builds
nothing itself. Override the binary with TRANSPORT_ECHO=/path/to/transport-echo.
Run: .venv/bin/pytest Tests/e2e/test_transport.py
"""

import asyncio
import os
import signal
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest
import websockets

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("TRANSPORT_ECHO", ROOT / ".build" / "debug" / "transport-echo"))
SUBPROTOCOL = "touchbridge.v1"


class Server:
    def __init__(self, proc: subprocess.Popen, port: int, scheme: str = "ws"):
        self.proc = proc
        self.port = port
        self.scheme = scheme

    @property
    def ws_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}/ws"


def start_server(web_root: Path, *args: str, scheme: str = "ws") -> Server:
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first")
    proc = subprocess.Popen(
        [str(BINARY), str(web_root), "--host", "127.0.0.1", *args],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    line = proc.stdout.readline()
    if not line.strip().isdigit():
        proc.kill()
        pytest.fail(f"transport-echo did not print its port (got {line!r})")
    return Server(proc, int(line), scheme)


def stop_server(server: Server) -> None:
    """Escalates SIGINT, SIGTERM, then SIGKILL, by PID."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        if server.proc.poll() is not None:
            return
        server.proc.send_signal(sig)
        try:
            server.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture
def web_root(tmp_path: Path) -> Path:
    root = tmp_path / "web"
    (root / "sub").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>TouchBridge</title>")
    (root / "app.mjs").write_text("export const answer = 42;\n")
    (root / "sub" / "page.html").write_text("<p>sub</p>")
    (root / "leak.txt").symlink_to("/etc/passwd")
    (root / "passwd-link").symlink_to("/etc/passwd")
    (root / "etc-link").symlink_to("/etc")
    return root


@pytest.fixture
def server(web_root: Path):
    s = start_server(web_root)
    yield s
    stop_server(s)


def raw_get(port: int, target: str) -> tuple[int, bytes]:
    """Sends the request line exactly as given (no client-side normalisation) and reads to EOF."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode("latin-1"))
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, data


TRAVERSALS = [
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/..%2f..%2fetc%2fpasswd",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/.%2e/.%2e/etc/passwd",
    "/%252e%252e/%252e%252e/etc/passwd",
    "/..%5c..%5cetc%5cpasswd",
    "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "/index.html/../../../etc/passwd",
    "//etc/passwd",
    "/....//....//etc/passwd",
    "/%00/../../etc/passwd",
    "/etc/passwd",
    "/sub/../../../etc/passwd",
]


@pytest.mark.parametrize("target", TRAVERSALS)
def test_traversal_never_leaves_the_web_root(server: Server, target: str):
    status, data = raw_get(server.port, target)
    assert b"root:" not in data, f"{target} leaked /etc/passwd"
    # lws normalises first; a variant that normalises to "/" gets index.html, which is harmless.
    assert status == 404 or (status == 200 and b"TouchBridge" in data), (target, status)


@pytest.mark.parametrize("target", ["/leak.txt", "/passwd-link", "/etc-link/passwd"])
def test_symlinks_out_of_the_root_are_refused(server: Server, target: str):
    status, data = raw_get(server.port, target)
    assert status == 404
    assert b"root:" not in data


def test_static_files_and_mime_types(server: Server):
    status, data = raw_get(server.port, "/app.mjs")
    assert status == 200
    assert b"content-type: text/javascript" in data.lower()
    assert data.endswith(b"export const answer = 42;\n")
    status, data = raw_get(server.port, "/")
    assert status == 200 and b"<title>TouchBridge</title>" in data
    assert raw_get(server.port, "/healthz")[1].endswith(b"\r\n\r\nok")


def test_echo_with_and_without_subprotocol(server: Server):
    async def run():
        async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            assert ws.subprotocol == SUBPROTOCOL
            await ws.send("hello ✋")
            assert await ws.recv() == "hello ✋"
        async with websockets.connect(server.ws_url) as ws:
            assert ws.subprotocol is None
            await ws.send("plain")
            assert await ws.recv() == "plain"

    asyncio.run(run())


def test_ten_megabyte_message_closes_1009(server: Server):
    async def run():
        async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.send("x" * (10 * 1024 * 1024))
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 1009
        # The server is still healthy afterwards.
        async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            await ws.send("after")
            assert await ws.recv() == "after"

    asyncio.run(run())


def test_invalid_utf8_closes_1007(server: Server):
    async def run():
        async with websockets.connect(server.ws_url, subprotocols=[SUBPROTOCOL]) as ws:
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.send(b"ok \xc0\xaf", text=True)  # overlong "/" in a text frame
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 1007

    asyncio.run(run())


def test_sigterm_with_50_clients_closes_all_with_1001_and_exits_fast(web_root: Path):
    s = start_server(web_root)
    try:
        async def run():
            clients = [await websockets.connect(s.ws_url, subprotocols=[SUBPROTOCOL]) for _ in range(50)]
            for i, c in enumerate(clients):
                await c.send(f"m{i}")
                assert await c.recv() == f"m{i}"
            start = time.monotonic()
            s.proc.send_signal(signal.SIGTERM)

            async def close_code(c):
                try:
                    await asyncio.wait_for(c.recv(), timeout=2)
                except websockets.ConnectionClosed as e:
                    return e.rcvd.code if e.rcvd else None
                return "no close"

            codes = await asyncio.gather(*(close_code(c) for c in clients))
            return codes, start

        codes, start = asyncio.run(run())
        assert codes == [1001] * 50
        s.proc.wait(timeout=10)
        assert time.monotonic() - start < 10  # the promise is 2 s; generous for a loaded runner
        assert s.proc.returncode == 0
    finally:
        stop_server(s)


def test_tls(web_root: Path, tmp_path: Path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    s = start_server(web_root, "--tls-cert", str(cert), "--tls-key", str(key), scheme="wss")
    try:
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False

        async def run():
            async with websockets.connect(s.ws_url, subprotocols=[SUBPROTOCOL], ssl=context) as ws:
                await ws.send("secure")
                assert await ws.recv() == "secure"

        asyncio.run(run())
    finally:
        stop_server(s)
