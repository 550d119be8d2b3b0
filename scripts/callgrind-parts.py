#!/usr/bin/env python3
"""Instructions per message of a `touchbridge serve` run under callgrind, split into the server's parts.

Usage: scripts/callgrind-parts.py SHORT LONG
  SHORT, LONG: callgrind dumps of two windows of the same server, the second with more messages.
  Every figure is (LONG - SHORT) / (messages in LONG - messages in SHORT): what a window costs once
  (a connection, its hello and welcome, its close) cancels out. A message is one call of the
  transport's delegate with a received text (`HubBridge.transport(_:didReceiveText:from:at:)`).

A part's cost is what its functions cost with everything they call (inclusive), counted on the calls
that enter the part from outside it, so a part calling itself is counted once. The parts nest (the
shell contains the session hub, the hub contains nothing of the transport but what it calls through
the executor's port), so the rows are listed with what each contains, and `shell` is what the
delegate costs less the hub, the decoding and the sends it makes; `transport` is the rest of the
run (libwebsockets, the service loop, the callbacks) with those sends.
"""
import re
import subprocess
import sys
from collections import defaultdict

# (label, pattern on the demangled function name). The first one counts the messages.
PARTS = [
    # The method, or the protocol witness a release build may inline it into.
    ("delegate: one received text (HubBridge)", r"^TouchBridgeHost\.HubBridge\.transport\(_: [^)]*didReceiveText"
     r"|^protocol witness for TouchBridgeTransport\.TransportDelegate\.transport\(_: [^)]*didReceiveText.* in conformance TouchBridgeHost\.HubBridge "),
    ("session hub (Hub.handle: engine, render, encode)", r"^TouchBridgeServer\.Hub\.handle\("),
    ("decode (InboundMessage.decode)", r"^static TouchBridgeProtocol\.InboundMessage\.decode\("),
    ("effects queued for the socket (TransportServer.send)", r"^TouchBridgeTransport\.TransportServer\.send\("),
    ("metrics (swift-prometheus)", r"^(generic specialization <.*> of )?(Prometheus|CoreMetrics)\.| in Prometheus\."),
    ("logging (swift-log)", r"^(generic specialization <.*> of )?Logging\."),
    ("clock reads (clock_gettime)", r"^(__)?clock_gettime"),
    ("lws callbacks into the transport (engineCallback)", r"^(@objc )?TouchBridgeTransport\.\(engineCallback in "),
    ("writeable callbacks (framing, lws_write)", r"^TouchBridgeTransport\.WebSocketEngine\.\(writeable in "),
    ("lws_write", r"^lws_write$"),
    ("poll (libc wrapper)", r"^(__)?poll$"),
    ("malloc and free", r"^(malloc|free|realloc|calloc|_int_malloc|_int_free)$"),
    ("swift retain and release", r"^swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease)"),
]


def parse(path):
    """Returns (total, {function: self cost}, {(caller, callee): [calls, inclusive]}) with names as written."""
    names = {}
    total = 0
    self_cost = defaultdict(int)
    edges = defaultdict(lambda: [0, 0])
    function = None
    callee = None
    pending_calls = None

    def name(value):
        match = re.match(r"\((\d+)\)(?: (.*))?", value)
        if not match:
            return value
        key, text = match.groups()
        if text is not None:
            names[key] = text
        return names[key]

    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("fn="):
                function = name(line[3:].rstrip("\n"))
            elif line.startswith("cfn="):
                callee = name(line[4:].rstrip("\n"))
            elif line.startswith("calls="):
                pending_calls = int(line[6:].split()[0])
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                if pending_calls is not None:
                    edge = edges[(function, callee)]
                    edge[0] += pending_calls
                    edge[1] += cost
                    pending_calls = None
                else:
                    self_cost[function] += cost
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = max(total, int(line.split()[1]))
    return total, self_cost, edges


def demangled(symbols):
    listed = sorted(symbols)
    result = subprocess.run(["swift", "demangle"], input="\n".join(listed) + "\n",
                            capture_output=True, text=True, check=True)
    return dict(zip(listed, result.stdout.split("\n")))


def parts(path):
    total, self_cost, edges = parse(path)
    readable = demangled(set(self_cost) | {f for edge in edges for f in edge})
    figures = {}
    for label, pattern in PARTS:
        inside = {f for f, text in readable.items() if re.search(pattern, text)}
        calls = cost = 0
        for (caller, callee), (count, inclusive) in edges.items():
            if callee in inside and caller not in inside:
                calls += count
                cost += inclusive
        figures[label] = (calls, cost)
    return total, figures


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    short_total, short = parts(sys.argv[1])
    long_total, long = parts(sys.argv[2])
    counted = PARTS[0][0]
    messages = long[counted][0] - short[counted][0]
    if messages <= 0:
        sys.exit("callgrind-parts: the second window has no more messages than the first")
    per = lambda a, b: (a - b) / messages
    print(f"messages: {messages} (the difference of the two windows)")
    print(f"{'instructions per message':58}{per(long_total, short_total):>10,.0f}")
    for label, _ in PARTS:
        calls = per(long[label][0], short[label][0])
        print(f"  {label:56}{per(long[label][1], short[label][1]):>10,.0f}   ({calls:.2f} calls)")
    part = lambda index: long[PARTS[index][0]][1] - short[PARTS[index][0]][1]
    # The shell: the delegate less the hub, the decoding and the sends it makes through the executor.
    print(f"  {'shell: the delegate less the hub, decode and sends':56}{(part(0) - part(1) - part(2) - part(3)) / messages:>10,.0f}")
    # The transport: everything but the delegate, plus the sends made from inside it.
    transport = (long_total - short_total) - part(0) + part(3)
    print(f"  {'transport: all but the delegate, plus its sends':56}{transport / messages:>10,.0f}")

if __name__ == "__main__":
    main()
