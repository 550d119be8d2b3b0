"""Scale-out behind real nginx (config/nginx/touchbridge.conf): two servers with shard names a and b,
one nginx in front on loopback. Devices land on either server; an observer's `?watch=<id>` reaches the
server that runs its session, because the id starts with that server's shard name."""
import asyncio
import json
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from conftest import ROOT, ServerProcess
from test_server import SUBPROTOCOL, VIEWPORT, events_for, frame, hello, log_text, receive_until

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Nginx:
    """nginx with the shipped site configuration, its backend and listen ports swapped for free ones."""

    def __init__(self, directory: Path, backends: dict[str, int]):
        self.port = free_port()
        site = (ROOT / "config" / "nginx" / "touchbridge.conf").read_text()
        site = site.replace("127.0.0.1:8081", f"127.0.0.1:{backends['a']}").replace("127.0.0.1:8082", f"127.0.0.1:{backends['b']}")
        site = site.replace("listen 8080;", f"listen 127.0.0.1:{self.port};")
        (directory / "touchbridge.conf").write_text(site)
        temp = {name: directory / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
        (directory / "nginx.conf").write_text(f"""
            worker_processes 1;
            pid {directory}/nginx.pid;
            error_log {directory}/error.log warn;
            events {{ worker_connections 512; }}
            http {{
                access_log off;
                client_body_temp_path {temp['body']}; proxy_temp_path {temp['proxy']};
                fastcgi_temp_path {temp['fastcgi']}; uwsgi_temp_path {temp['uwsgi']}; scgi_temp_path {temp['scgi']};
                include {directory}/touchbridge.conf;
            }}""")
        self.directory = directory
        self.proc = subprocess.Popen([NGINX, "-p", str(directory), "-c", str(directory / "nginx.conf"),
                                      "-e", str(directory / "error.log"), "-g", "daemon off;"])
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                assert self.proc.poll() is None, (directory / "error.log").read_text()
                assert time.monotonic() < deadline, "nginx did not start listening"
                time.sleep(0.05)
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    servers = {name: ServerProcess(extra_args=("--shard-name", name)) for name in ("a", "b")}
    for server in servers.values():
        server.start()
    nginx = Nginx(tmp_path_factory.mktemp("nginx"), {name: server.port for name, server in servers.items()})
    yield nginx, servers
    nginx.stop()
    for server in servers.values():
        server.stop()


def observer_hello(session: str) -> str:
    return json.dumps({"type": "hello", "protocol": 1, "role": "observer", "session": session, "viewport": VIEWPORT, "clock": "client"})


def test_devices_land_on_both_shards_and_each_observer_reaches_its_session(shards):
    nginx, _ = shards

    async def run():
        devices = [await websockets.connect(nginx.ws_url, subprotocols=[SUBPROTOCOL]) for _ in range(6)]
        try:
            sessions = []
            for device in devices:
                await device.send(hello("tap-recognition"))
                sessions.append(json.loads(await device.recv())["session"])
                await device.recv()
            assert {session.split("-")[0] for session in sessions} == {"a", "b"}, sessions
            for device, session in zip(devices, sessions):
                async with websockets.connect(f"{nginx.ws_url}?watch={session}", subprotocols=[SUBPROTOCOL]) as watcher:
                    await watcher.send(observer_hello(session))
                    welcome = json.loads(await watcher.recv())
                    assert welcome["type"] == "welcome" and welcome["role"] == "observer", welcome
                    assert json.loads(await watcher.recv())["full"] is True
                    await device.send(frame(1, 0, ("down", 1, 60, 700)))
                    await device.send(frame(2, 80, ("up", 1, 60, 700)))
                    seen_by_device = log_text(await receive_until(device, events_for(2)))
                    assert log_text(await receive_until(watcher, events_for(2))) == seen_by_device
                    assert "act(tap,ended)" in seen_by_device
        finally:
            for device in devices:
                await device.close()
    asyncio.run(run())


def test_an_observer_at_the_wrong_server_finds_no_session(shards):
    """The control: the route matters, because a server knows only the sessions it runs."""
    nginx, servers = shards

    async def run():
        async with websockets.connect(servers["a"].ws_url, subprotocols=[SUBPROTOCOL]) as device:
            await device.send(hello("tap-recognition"))
            session = json.loads(await device.recv())["session"]
            assert session.startswith("a-")
            async with websockets.connect(servers["b"].ws_url, subprotocols=[SUBPROTOCOL]) as watcher:
                await watcher.send(observer_hello(session))
                error = json.loads(await watcher.recv())
                assert error["type"] == "error" and error["code"] == "unknown-session", error
    asyncio.run(run())


def test_the_page_comes_through_the_proxy(shards):
    nginx, _ = shards
    with urllib.request.urlopen(f"http://127.0.0.1:{nginx.port}/") as response:
        assert response.status == 200 and b"<html" in response.read().lower()
