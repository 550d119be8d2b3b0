"""Hostile clients for the fairness test (test_security.py), run in their own process so that their
work does not slow the calm client's measurement: each switches to a big inline scene N times a second
and reads what comes back without parsing it. Prints the number of rate-limited replies with a retry
hint when told to stop (stdin closes). With ``reconnect``, each switch is made on a fresh connection
(connect, hello, switch, wait for the answer, close), as a client that hopes a new connection brings a
fresh share of engine time.

Usage: python attackers.py WS_URL CLIENTS RATE SCENE_JSON_FILE [reconnect]
"""

from __future__ import annotations

import asyncio
import json
import sys

import websockets

HELLO = json.dumps({"type": "hello", "protocol": 1, "role": "device", "scene": "tap-recognition",
                    "viewport": {"width": 400, "height": 800, "scale": 2}, "clock": "manual"})


def is_refusal(text: str) -> bool:
    return '"code":"rate-limited"' in text and '"retryAfterMs"' in text


async def attacker(url: str, switch: str, rate: float, stop: asyncio.Event, counts: list[int]):
    async with websockets.connect(url, subprotocols=["touchbridge.v1"], max_size=None) as ws:
        await ws.send(HELLO)

        async def drain():
            async for text in ws:
                if is_refusal(text):
                    counts[0] += 1
        reader = asyncio.create_task(drain())
        while not stop.is_set():
            await ws.send(switch)
            await asyncio.sleep(1 / rate)
        reader.cancel()


async def reconnecting_attacker(url: str, switch: str, rate: float, stop: asyncio.Event, counts: list[int]):
    while not stop.is_set():
        try:
            async with websockets.connect(url, subprotocols=["touchbridge.v1"], max_size=None) as ws:
                await ws.send(HELLO)
                await ws.send(switch)
                full_renders = 0  # the hello's, then the switch's
                async with asyncio.timeout(10):
                    async for text in ws:
                        if is_refusal(text):
                            counts[0] += 1
                            break
                        message = json.loads(text)
                        full_renders += message["type"] == "render" and bool(message.get("full"))
                        if full_renders == 2:
                            break
        except (OSError, TimeoutError, websockets.WebSocketException):
            pass
        await asyncio.sleep(1 / rate)


async def main():
    url, clients, rate, scene_file = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    run = reconnecting_attacker if sys.argv[5:] == ["reconnect"] else attacker
    with open(scene_file) as f:
        switch = json.dumps({"type": "scene", "scene": json.load(f)})
    stop, counts = asyncio.Event(), [0]
    tasks = [asyncio.create_task(run(url, switch, rate, stop, counts)) for _ in range(clients)]
    print("started", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(counts[0], flush=True)


if __name__ == "__main__":
    asyncio.run(main())
