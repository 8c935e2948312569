import Networking

extension MockServer {
    /// The largest request body kept in ``RecordedRequest/body``, in bytes: 64 MiB by default.
    ///
    /// Every body is accepted whatever its size, and measured and hashed as it streams in
    /// (``RecordedRequest/bodySize``, ``RecordedRequest/bodySHA256``, and ``RecordedRequest/parts`` for
    /// `multipart/form-data`); a longer one is not kept, so its `body` is empty. A body announced by
    /// `Content-Length` as longer is never held in memory; a chunked one is held until it passes the limit.
    /// Lower it to keep memory flat while testing chunked uploads of gigabytes.
    ///
    /// ```swift
    /// server.maximumRecordedBodySize = 1 << 20
    /// // … upload 2 GiB …
    /// let recorded = try await server.takeRequest()
    /// #expect(recorded.body.isEmpty && recorded.bodySize == 2 << 30)
    /// ```
    /// Read when each request's head arrives.
    public var maximumRecordedBodySize: Int {
        get { core.state.withLock { $0.maximumRecordedBodySize } }
        set { core.state.withLock { $0.maximumRecordedBodySize = max(0, newValue) } }
    }

    /// When set, every connection reads request bodies at about this many bytes per second, for testing a
    /// client's upload progress and timeouts; `nil` (the default) reads them as fast as they come.
    ///
    /// ```swift
    /// server.readBytesPerSecond = 256 * 1024
    /// // … a 256 KiB upload now takes about a second …
    /// ```
    /// The rate applies to body bytes (heads are read at once), from each body's first bytes; it is read
    /// before each read, so it can be changed while an upload runs. The kernel's socket buffers still take
    /// some hundreds of KiB ahead of the server, so a client sees its first bytes leave faster than the
    /// rate. Values below 1 count as 1.
    public var readBytesPerSecond: Int? {
        get { core.state.withLock { $0.readBytesPerSecond } }
        set { core.state.withLock { $0.readBytesPerSecond = newValue.map { max(1, $0) } } }
    }
}
