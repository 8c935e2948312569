extension MockWebSocketPeer {
    /// This socket's thread-safe mailbox: other threads post messages to it, and the peer sends them while it waits
    /// (see ``MockWebSocketOutbox``). Created on first use; ask for it on the handler's thread, then hand it on.
    public var outbox: MockWebSocketOutbox {
        if let outbox = engine.outbox {
            return outbox
        }
        let outbox = MockWebSocketOutbox()
        engine.outbox = outbox
        return outbox
    }
}
