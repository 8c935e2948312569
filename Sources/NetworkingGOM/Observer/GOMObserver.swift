import Foundation
import Networking

/// Live notifications of GOM paths over the GOM's WebSocket proxy ("GNP"), surviving reconnects.
///
/// The observer starts connecting at once: it looks the proxy's URL up at `/services/websockets_proxy:url`, opens the
/// WebSocket through the client (pinned when its configuration pins, with its session token), and keeps it with
/// keepalive pings, reconnecting with jittered exponential backoff per its ``ReconnectPolicy``.
///
/// ```swift
/// let gom = GOMClient(configuration: NetworkingConfiguration(domainURL: "gom.example.com"))
/// let observer = GOMObserver(client: gom)
/// for await notification in await observer.observe("/areas/home") {
///     print(notification.kind, notification.path, notification.entry as Any)   // .initial first, then changes
/// }
/// ```
///
/// Every stream starts with its own `.initial` (the proxy's for the first stream of a path, a REST retrieve for
/// later ones), then the path's changes in order. Subscriptions are counted per path: one `subscribe` on the wire
/// however many streams observe it, one `unsubscribe` when the last stream ends (its task cancelled or its loop left).
/// Streams opened before the socket is ready are subscribed once it is. After a reconnect, every observed path is
/// subscribed again and each of its streams gets a fresh `.initial` (with ``ReconnectPolicy/resubscribe``; otherwise
/// the streams end). Malformed frames are dropped and counted in ``droppedFrameCount``. ``disconnect()`` ends
/// everything; so does releasing the observer.
public actor GOMObserver {
    enum StreamState {
        /// Waiting for the proxy's initial (the path's first stream, or any stream after a reconnect).
        case awaitingProxy
        /// Waiting for a REST retrieve; changes that arrive meanwhile wait in the buffer.
        case awaitingRetrieve([GOMNotification])
        /// Its initial was delivered.
        case live
    }

    struct Stream {
        let continuation: AsyncStream<GOMNotification>.Continuation
        var state: StreamState
    }

    /// The client the proxy is found with and the socket opened through.
    public nonisolated let client: GOMClient
    /// The reconnect, keepalive and resubscribe rules.
    public nonisolated let policy: ReconnectPolicy

    var streams: [String: [UInt64: Stream]] = [:]
    var subscribedOnSocket: Set<String> = []
    var socket: WebSocket?
    var isReady = false
    var lastError: RepositoryError?
    var isDisconnected = false
    private var nextID: UInt64 = 0
    var eventContinuations: [UInt64: AsyncStream<GOMObserverEvent>.Continuation] = [:]
    var lifecycle: Task<Void, Never>?
    var lastHeard = ContinuousClock.now
    private var dropped = 0
    var random = SystemRandomNumberGenerator()

    /// Creates the observer and starts connecting.
    /// - Parameters:
    ///   - client: The GOM client: its configuration's base URL is the GOM root; its pins, timeout and session apply.
    ///   - reconnect: The reconnect, keepalive and resubscribe rules.
    public init(client: GOMClient, reconnect: ReconnectPolicy = .default) {
        self.client = client
        self.policy = reconnect
        let weakSelf = WeakObserver(self)
        Task { await weakSelf.value?.start(weakSelf) }
    }

    deinit {
        lifecycle?.cancel()
        socket?.abort(with: .cancelled)
        for paths in streams.values {
            for stream in paths.values {
                stream.continuation.finish()
            }
        }
        for continuation in eventContinuations.values {
            continuation.finish()
        }
    }

    private func start(_ weakSelf: WeakObserver) {
        guard lifecycle == nil, !isDisconnected else {
            return
        }
        lifecycle = Task { await Self.run(weakSelf) }
    }

    /// The notifications of `path`: its `.initial`, then its changes, until the stream's consumer stops, the observer
    /// disconnects, or (without ``ReconnectPolicy/resubscribe``) the connection is lost.
    /// - Parameter path: A node (`/areas/home`) or attribute (`/areas/home:volume`) path. An invalid path gives a
    ///   stream that ends at once, and an `.error(.invalidParameters)` event.
    /// - Returns: The stream.
    public func observe(_ path: String) -> AsyncStream<GOMNotification> {
        let (stream, continuation) = AsyncStream<GOMNotification>.makeStream(bufferingPolicy: .unbounded)
        if let problem = GOMWire.pathProblem(path) {
            emit(.error(.invalidParameters(problem)))
            continuation.finish()
            return stream
        }
        guard !isDisconnected else {
            continuation.finish()
            return stream
        }
        nextID += 1
        let id = nextID
        let existing = streams[path] ?? [:]
        let joinsProxyInitial =
            existing.isEmpty || existing.values.contains { if case .awaitingProxy = $0.state { true } else { false } }
        streams[path, default: [:]][id] = Stream(
            continuation: continuation, state: joinsProxyInitial ? .awaitingProxy : .awaitingRetrieve([]))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.streamEnded(path: path, id: id) }
        }
        if existing.isEmpty {
            subscribe(path)
        } else if !joinsProxyInitial {
            Task { await self.retrieveInitial(path: path, id: id) }
        }
        return stream
    }

    /// The connection's events. Each access returns a new stream, which starts with `.ready` when the socket is
    /// connected (or the last `.disconnected` while it is not) and ends at ``disconnect()``.
    public var events: AsyncStream<GOMObserverEvent> {
        let (stream, continuation) = AsyncStream<GOMObserverEvent>.makeStream(bufferingPolicy: .unbounded)
        if isReady {
            continuation.yield(.ready)
        } else if let lastError {
            continuation.yield(.disconnected(lastError))
        }
        guard !isDisconnected else {
            continuation.finish()
            return stream
        }
        nextID += 1
        let id = nextID
        eventContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.eventsEnded(id) }
        }
        return stream
    }

    /// The paths with at least one stream, subscribed on the wire or waiting for the socket.
    public var activeSubscriptions: Set<String> {
        Set(streams.keys)
    }

    /// The frames from the proxy that were not GNP (not JSON, no path, an unknown event) and were dropped.
    public var droppedFrameCount: Int {
        dropped
    }

    /// Stops for good: closes the socket (close 1000), ends every stream and event stream, and never reconnects.
    public func disconnect() async {
        guard !isDisconnected else {
            return
        }
        isDisconnected = true
        lifecycle?.cancel()
        let socket = self.socket
        self.socket = nil
        isReady = false
        for paths in streams.values {
            for stream in paths.values {
                stream.continuation.finish()
            }
        }
        streams = [:]
        subscribedOnSocket = []
        await socket?.close()
        for continuation in eventContinuations.values {
            continuation.finish()
        }
        eventContinuations = [:]
    }

    // MARK: Subscriptions

    func subscribe(_ path: String) {
        guard let socket, isReady, !subscribedOnSocket.contains(path) else {
            return  // queued: sent when the socket is ready
        }
        subscribedOnSocket.insert(path)
        // Queued in the actor's order: a subscribe, unsubscribe, subscribe of one path reach the wire in that order.
        socket.post(.text(GNPFrame.subscribe(path)))
    }

    private func streamEnded(path: String, id: UInt64) {
        guard streams[path]?.removeValue(forKey: id) != nil else {
            return
        }
        guard streams[path]?.isEmpty == true else {
            return
        }
        streams[path] = nil
        if let socket, subscribedOnSocket.remove(path) != nil {
            socket.post(.text(GNPFrame.unsubscribe(path)))
        }
    }

    private func eventsEnded(_ id: UInt64) {
        eventContinuations[id] = nil
    }

    private func retrieveInitial(path: String, id: UInt64) async {
        let result = await client.retrieve(path)
        guard case .awaitingRetrieve(let buffered)? = streams[path]?[id]?.state,
            let continuation = streams[path]?[id]?.continuation
        else {
            return
        }
        let entry: GOMEntry?
        switch result {
        case .success(let found):
            entry = found
        case .failure(.requestError(let response)) where response.statusCode == 404:
            entry = nil
        case .failure(let error):
            emit(.error(error))
            entry = nil
        }
        continuation.yield(GOMNotification(kind: .initial, path: path, entry: entry))
        for notification in buffered {
            continuation.yield(notification)
        }
        streams[path]?[id]?.state = .live
    }

    // MARK: Frames

    func receive(_ message: WebSocketMessage) {
        lastHeard = .now
        let text: String
        switch message {
        case .text(let value): text = value
        case .binary(let data):
            guard let value = String(validating: data, as: UTF8.self) else {
                dropped += 1
                return
            }
            text = value
        }
        switch GNPFrame.parse(text) {
        case .initial(let path, let entry)?:
            guard var paths = streams[path] else {
                return  // unsubscribed meanwhile
            }
            for (id, stream) in paths {
                guard case .awaitingProxy = stream.state else {
                    continue
                }
                stream.continuation.yield(GOMNotification(kind: .initial, path: path, entry: entry))
                paths[id]?.state = .live
            }
            streams[path] = paths
        case .change(let path, let notification)?:
            guard var paths = streams[path] else {
                return
            }
            for (id, stream) in paths {
                switch stream.state {
                case .live: stream.continuation.yield(notification)
                case .awaitingRetrieve(let buffered): paths[id]?.state = .awaitingRetrieve(buffered + [notification])
                case .awaitingProxy: break  // the proxy's initial, which comes first, already includes it
                }
            }
            streams[path] = paths
        case nil:
            dropped += 1
        }
    }

    // MARK: Connection

    func emit(_ event: GOMObserverEvent) {
        for continuation in eventContinuations.values {
            continuation.yield(event)
        }
    }
}
