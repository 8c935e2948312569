import CCurl

/// Easy handles kept for reuse by the transfers of one event loop: a finished transfer's handle is reset
/// (`curl_easy_reset`: every option back to its default, its header list and callbacks forgotten) and handed to the
/// next transfer instead of being freed, which saves allocating and initialising libcurl's per-handle state for
/// every request. At most ``capacity`` are kept; the rest are freed.
///
/// A reset handle keeps only libcurl's caches (DNS, TLS sessions). So an unpinned request may now resume a TLS
/// session an earlier request of the same handle negotiated with the same server (as curl's tool and URLSession do);
/// pinned transfers turn resumption off (see `CurlTransfer.configurePinning`), so a pinned connection always shows its
/// certificates.
final class CurlHandlePool: Sendable {
    /// The most idle handles kept.
    static let capacity = 16

    private struct Handles: @unchecked Sendable {
        // @unchecked Sendable: an idle handle belongs to no transfer and is only touched under the pool's lock.
        var idle: [UnsafeMutableRawPointer] = []
    }

    private let handles = Locked(Handles())

    deinit {
        for handle in handles.withLock({ $0.idle }) {
            curl_easy_cleanup(handle)
        }
    }

    /// An idle handle, or a new one.
    /// - Returns: A handle with default options, or `nil` when libcurl cannot create one.
    func take() -> UnsafeMutableRawPointer? {
        handles.withLock { $0.idle.popLast() } ?? curl_easy_init()
    }

    /// Takes back a handle that is in no multi handle any more: reset, then `release` frees what the transfer had
    /// attached to it (header list, MIME structure), then it is kept, or freed when the pool is full. Another transfer
    /// can take it only after `release`.
    /// - Parameters:
    ///   - handle: The handle; the caller must not use it again.
    ///   - release: Frees the transfer's own structures, which the reset has detached from the handle.
    func give(_ handle: UnsafeMutableRawPointer, after release: () -> Void) {
        curl_easy_reset(handle)
        release()
        let kept = handles.withLock { pool -> Bool in
            guard pool.idle.count < Self.capacity else {
                return false
            }
            pool.idle.append(handle)
            return true
        }
        if !kept {
            curl_easy_cleanup(handle)
        }
    }
}
