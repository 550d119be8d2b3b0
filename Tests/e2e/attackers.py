"""Hostile clients for the fairness test (test_security.py), run in their own process so that their
work does not slow the calm client's measurement: each switches to a big inline scene N times a second
and reads what comes back without parsing it. Prints the number of rate-limited replies with a retry
hint when told to stop (stdin closes).

Usage: python attackers.py WS_URL CLIENTS RATE SCENE_JSON_FILE
"""

from __future__ import annotations

import asyncio
import json
import sys

import websockets

HELLO = json.dumps({"type": "hello", "protocol": 1, "role": "device", "scene": "tap-recognition",
                    "viewport": {"width": 400, "height": 800, "scale": 2}, "clock": "manual"})


async def attacker(url: str, switch: str, rate: float, stop: asyncio.Event, counts: list[int]):
    async with websockets.connect(url, subprotocols=["touchbridge.v1"], max_size=None) as ws:
        await ws.send(HELLO)

        async def drain():
            async for text in ws:
                if '"code":"rate-limited"' in text and '"retryAfterMs"' in text:
                    counts[0] += 1
        reader = asyncio.create_task(drain())
        while not stop.is_set():
            await ws.send(switch)
            await asyncio.sleep(1 / rate)
        reader.cancel()


async def main():
    url, clients, rate, scene_file = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    with open(scene_file) as f:
        switch = json.dumps({"type": "scene", "scene": json.load(f)})
    stop, counts = asyncio.Event(), [0]
    tasks = [asyncio.create_task(attacker(url, switch, rate, stop, counts)) for _ in range(clients)]
    print("started", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(counts[0], flush=True)


if __name__ == "__main__":
    asyncio.run(main())
