import CLibWebSockets

/// What a transport does as one shard of a `ShardedTransportServer`: take sockets the acceptor
/// hands over, report its load (`ShardLoad`), and bring its gauges up to date when another shard emits `/metrics`.
extension TransportServer {
    /// Serves `socket` on the service thread as if this transport's own listener had accepted
    /// it (libwebsockets reads its request from the start: the acceptor only peeked). Any thread.
    /// A socket that cannot be adopted (the transport has stopped) is closed.
    /// `countingArrival`: the request is for the WebSocket path, so it counts in the load until it opens.
    func adoptFromAnyThread(_ socket: AcceptedSocket, countingArrival: Bool) {
        if countingArrival { loadFromAnyThread.withLock { $0.handedOff(at: MonotonicClock.now()) } }
        _ = enqueueFromAnyThread { transport in
            guard let fd = socket.take() else { return }
            transport.adopt(fd)
        }
    }

    private func adopt(_ fd: Int32) {
        engine.checkServiceThread("TransportServer", #function)
        // lws closes the descriptor itself when it cannot adopt it.
        guard let context = engine.context, let vhost = lws_get_vhost_by_name(context, "default"),
              lws_adopt_socket_vhost(vhost, fd) != nil else {
            logger.warning("a handed-over connection could not be adopted")
            return
        }
    }

    /// Open WebSocket connections plus hand-offs not yet opened (`ShardLoad`), from any thread.
    var loadCountFromAnyThread: Int {
        let now = MonotonicClock.now()
        return loadFromAnyThread.withLock { $0.load(at: now) }
    }

    /// Sets the gauges this transport and its delegate keep in `metricsRegistry` to their values of
    /// now. Service thread.
    func refreshMetrics() {
        engine.checkServiceThread("TransportServer", #function)
        delegate?.transportWillReportMetrics(self)
        engine.metrics.updateGauges(connectionsOpen: engine.connections.count, outboundBytes: engine.outboundBytes,
                                    readPaused: engine.readPausedCount)
    }
}
