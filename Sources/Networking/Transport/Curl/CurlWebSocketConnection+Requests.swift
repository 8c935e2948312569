import Foundation

extension CurlWebSocketConnection {
    /// Queues a message: returns at once while less than ``sendBufferSize`` bytes of earlier messages wait to be
    /// written, otherwise once this one was written to the socket (or the connection ended).
    /// - Parameter message: The message.
    /// - Returns: Success once queued (or written); the connection's error if it had ended.
    func send(_ message: WebSocketMessage) async -> Result<Void, RepositoryError> {
        enum Queued {
            case ended(RepositoryError)
            case queued, full
        }
        let queued = requests.withLock { requests -> Queued in
            if let ended = requests.ended {
                return .ended(ended)
            }
            guard requests.unsentBytes < Self.sendBufferSize else {
                return .full
            }
            requests.messages.append((message, nil))
            requests.unsentBytes += message.byteCount
            return .queued
        }
        switch queued {
        case .ended(let error):
            return .failure(error)
        case .queued:
            waker.wake()
            return .success(())
        case .full:
            break
        }
        return await withCheckedContinuation { continuation in
            let ended = requests.withLock { requests -> RepositoryError? in
                if let ended = requests.ended {
                    return ended
                }
                requests.messages.append((message, continuation))
                requests.unsentBytes += message.byteCount
                return nil
            }
            if let ended {
                continuation.resume(returning: .failure(ended))
            } else {
                waker.wake()
            }
        }
    }

    /// Queues a message without waiting, whatever the send buffer holds (small control messages of the package's own
    /// protocols, which must keep the order of the calls that queue them).
    func post(_ message: WebSocketMessage) {
        let queued = requests.withLock { requests -> Bool in
            guard requests.ended == nil else {
                return false
            }
            requests.messages.append((message, nil))
            requests.unsentBytes += message.byteCount
            return true
        }
        if queued {
            waker.wake()
        }
    }

    /// Sends a ping and waits for its pong, at most the connection's timeout (after which the connection fails as
    /// dead).
    func ping() async -> Result<Void, RepositoryError> {
        await withCheckedContinuation { continuation in
            let ended = requests.withLock { requests -> RepositoryError? in
                if let ended = requests.ended {
                    return ended
                }
                requests.pings.append(continuation)
                return nil
            }
            if let ended {
                continuation.resume(returning: .failure(ended))
            } else {
                waker.wake()
            }
        }
    }

    /// Starts the closing handshake without waiting for it.
    func requestClose(code: Int, reason: String) {
        let queued = requests.withLock { requests -> Bool in
            guard requests.ended == nil, requests.close == nil else {
                return false
            }
            requests.close = (code, reason)
            return true
        }
        if queued {
            waker.wake()
        }
    }

    /// Ends the connection at once, without a closing handshake: ``WebSocket/messages`` throws `error`.
    func abort(_ error: RepositoryError) {
        let queued = requests.withLock { requests -> Bool in
            guard requests.ended == nil else {
                return false
            }
            requests.abort = error
            return true
        }
        if queued {
            waker.wake()
        }
    }

    /// Runs the closing handshake and waits until the connection ended (the peer's close arrived, the wait ran
    /// out, or the connection had ended already).
    func close(code: Int, reason: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = requests.withLock { requests -> Bool in
                guard requests.ended == nil else {
                    return true
                }
                if requests.close == nil {
                    requests.close = (code, reason)
                }
                requests.closeWaiters.append(continuation)
                return false
            }
            if ended {
                continuation.resume()
            } else {
                waker.wake()
            }
        }
    }
}
