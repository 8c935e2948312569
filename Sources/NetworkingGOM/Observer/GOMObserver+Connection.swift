import Foundation
import Networking

/// The observer's connection: discovery, opening through the client, reading with keepalive and dead-peer
/// detection, and reconnecting with backoff. The loop holds the observer only for one call at a time, so that
/// releasing the observer ends it.
extension GOMObserver {
    func opened(_ socket: WebSocket) {
        guard !isDisconnected else {
            Task { await socket.close() }
            return
        }
        self.socket = socket
        isReady = true
        lastError = nil
        lastHeard = .now
        subscribedOnSocket = []
        emit(.ready)
        for path in streams.keys {
            for id in streams[path, default: [:]].keys {
                streams[path]?[id]?.state = .awaitingProxy
            }
            subscribe(path)
        }
    }

    func lost(_ error: RepositoryError?) {
        socket = nil
        isReady = false
        subscribedOnSocket = []
        lastError = error
        emit(.disconnected(error))
        if !policy.reconnects || !policy.resubscribe {
            for paths in streams.values {
                for stream in paths.values {
                    stream.continuation.finish()
                }
            }
            streams = [:]
        }
    }

    func failed(_ error: RepositoryError) {
        lastError = error
        emit(.error(error))
    }

    func nextDelay(attempt: Int) -> TimeInterval? {
        guard policy.reconnects, !isDisconnected else {
            return nil
        }
        let delay = policy.delay(attempt: attempt, random: Double.random(in: 0...1, using: &random))
        emit(.reconnecting(attempt: attempt, delay: delay))
        return delay
    }

    func finishAll() {
        for paths in streams.values {
            for stream in paths.values {
                stream.continuation.finish()
            }
        }
        streams = [:]
    }

    var silence: TimeInterval {
        let elapsed = ContinuousClock.now - lastHeard
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func heard() {
        lastHeard = .now
    }

    /// The proxy's URL, from `/services/websockets_proxy:url`.
    func discover() async -> Result<String, RepositoryError> {
        switch await client.retrieve(GOMWire.proxyPath) {
        case .success(.attribute(let attribute)):
            guard let value = attribute.value?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
                URL(string: value)?.scheme != nil
            else {
                return .failure(
                    .decodeError(.custom("\(GOMWire.proxyPath) holds no WebSocket URL (\(attribute.value ?? "null"))")))
            }
            return .success(value)
        case .success(.node):
            return .failure(.decodeError(.custom("\(GOMWire.proxyPath) is a node, not the proxy URL attribute")))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// The connection loop: discover, open, read until the socket ends, back off, again; holds the observer only
    /// while it works on it, so that releasing the observer ends the loop.
    static func run(_ weakSelf: WeakObserver) async {
        var attempt = 0
        while !Task.isCancelled {
            // Every strong reference lasts one call (`weakSelf.value?.…`): none may span the socket's reading, or the
            // observer could never be released while connected.
            guard let opened = await weakSelf.value?.connect() else {
                return
            }
            switch opened {
            case .success(let socket):
                attempt = 0
                await weakSelf.value?.opened(socket)
                let ended = await read(socket, weakSelf)
                guard weakSelf.value != nil else {
                    socket.abort(with: .cancelled)
                    return
                }
                await weakSelf.value?.lost(ended)
            case .failure(let error):
                await weakSelf.value?.failed(error)
            }
            attempt += 1
            guard let delay = await weakSelf.value?.nextDelay(attempt: attempt) else {
                await weakSelf.value?.finishAll()
                return
            }
            try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
        }
    }

    func connect() async -> Result<WebSocket, RepositoryError> {
        guard !isDisconnected else {
            return .failure(.cancelled)
        }
        switch await discover() {
        case .success(let url):
            return await client.openWebSocket(path: url)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Reads the socket until it ends, with keepalive pings and dead-peer detection beside it.
    /// - Returns: The error it ended with, or `nil` for a close.
    static func read(_ socket: WebSocket, _ weakSelf: WeakObserver) async -> RepositoryError? {
        let keepalive = Task { await Self.keepAlive(socket, weakSelf) }
        defer { keepalive.cancel() }
        do {
            for try await message in socket.messages {
                guard let observer = weakSelf.value else {
                    return .cancelled
                }
                await observer.receive(message)
            }
            return nil
        } catch let error as RepositoryError {
            return error
        } catch {
            return .cancelled
        }
    }

    /// Pings every keepalive interval; a server silent for longer than `deadAfter` is dead: the socket is dropped
    /// (its stream throws `.timeout`), which the loop treats as a lost connection.
    static func keepAlive(_ socket: WebSocket, _ weakSelf: WeakObserver) async {
        guard let policy = weakSelf.value?.policy else {
            return
        }
        let tick = min(policy.pingInterval, max(policy.deadAfter / 4, 0.01))
        var sincePing: TimeInterval = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(max(1, Int(tick * 1000))))
            guard !Task.isCancelled, let observer = weakSelf.value else {
                return
            }
            if await observer.silence > policy.deadAfter {
                socket.abort(with: .timeout)
                return
            }
            sincePing += tick
            if sincePing >= policy.pingInterval {
                sincePing = 0
                Task {
                    if case .success = await socket.ping() {
                        await weakSelf.value?.heard()
                    }
                }
            }
        }
    }
}
