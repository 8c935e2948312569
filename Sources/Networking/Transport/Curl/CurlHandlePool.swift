import CCurl
import CNetworkingShim

/// Easy handles kept for reuse by the transfers of one event loop, instead of being freed after each request
/// (which saves allocating and initialising libcurl's per-handle state for every request). At most ``capacity`` are
/// kept; the rest are freed.
///
/// A handle comes back in one of two states:
/// - **reset** (`curl_easy_reset`: every option back to its default, its header list and callbacks forgotten), after
///   any transfer that set more than a plain request's options (a body, a file, a form, progress, DNS over HTTPS);
/// - **still configured** for a plain request (``Setup``: a GET without body, optionally with header lines, pinned to
///   one set or not), after a transfer that was one. The next plain request with the same ``Setup`` takes such a
///   handle and sets only what differs from one request to the next (URL, timeouts, response ceiling, headers,
///   its own callback contexts), as a program that performs one easy handle again and again does; any other
///   request takes it reset.
///
/// Either way a kept handle keeps libcurl's caches (DNS, TLS sessions). So an unpinned request may resume a TLS
/// session an earlier request of the same handle negotiated with the same server (as curl's tool and URLSession do);
/// pinned transfers turn resumption off (see `CurlTransfer.configurePinning`), so a pinned connection always shows its
/// certificates.
final class CurlHandlePool: Sendable {
    /// The most idle handles kept.
    static let capacity = 16

    /// What a plain request's handle is configured with, beyond the options every plain request sets itself: the
    /// constant options of ``CurlTransfer/configure(_:)`` and, for a pinned request, its pinned set's handshake
    /// callback, CA blob and pre-request callback. Two setups are equal when both are unpinned or both pin the same
    /// ``PinSet`` object (kept alive by the handle's record, so its identity cannot be reused by another set).
    struct Setup: Equatable, Sendable {
        let pins: PinSet?

        static func == (lhs: Setup, rhs: Setup) -> Bool {
            lhs.pins === rhs.pins
        }
    }

    private struct Idle: @unchecked Sendable {
        // @unchecked Sendable: an idle handle belongs to no transfer and is only touched under the pool's lock.
        let handle: UnsafeMutableRawPointer
        /// What it is still configured for; `nil` once reset.
        let setup: Setup?
    }

    private let handles = Locked<[Idle]>([])

    deinit {
        for idle in handles.withLock({ $0 }) {
            curl_easy_cleanup(idle.handle)
        }
    }

    /// An idle handle, or a new one.
    /// - Parameter setup: The plain request's setup, or `nil` for any other request.
    /// - Returns: A handle, and whether it is still configured for `setup` (otherwise every option has its default);
    ///   `nil` when libcurl cannot create one.
    func take(for setup: Setup?) -> (handle: UnsafeMutableRawPointer, configured: Bool)? {
        let idle = handles.withLock { idle -> Idle? in
            if let setup, let index = idle.lastIndex(where: { $0.setup == setup }) {
                return idle.remove(at: index)
            }
            return idle.popLast()
        }
        guard let idle else {
            return curl_easy_init().map { ($0, false) }
        }
        if let kept = idle.setup {
            if kept == setup {
                return (idle.handle, true)
            }
            curl_easy_reset(idle.handle)
        }
        return (idle.handle, false)
    }

    /// Takes back a handle that is in no multi handle any more: kept configured for `setup`, or reset, then
    /// `release` frees what the transfer had attached to it (header list, MIME structure), then it is kept, or freed
    /// when the pool is full. Another transfer can take it only after `release`.
    /// - Parameters:
    ///   - handle: The handle; the caller must not use it again.
    ///   - setup: What the handle stays configured for (a plain request's transfer), or `nil` to reset it.
    ///   - release: Frees the transfer's own structures, which the reset (or, for a kept setup, the detaching of
    ///     the header list and of the transfer's buffers) has detached from the handle.
    func give(_ handle: UnsafeMutableRawPointer, keeping setup: Setup?, after release: () -> Void) {
        if setup == nil {
            curl_easy_reset(handle)
        } else {
            // What pointed into the finished transfer: libcurl must not see freed memory if the handle is used or
            // freed before the next transfer sets its own.
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, nil)
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, nil)
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, nil)
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_PREREQDATA, nil)
            _ = ns_curl_easy_setopt_pointer(handle, CURLOPT_SSL_CTX_DATA, nil)
        }
        release()
        let kept = handles.withLock { idle -> Bool in
            guard idle.count < Self.capacity else {
                return false
            }
            idle.append(Idle(handle: handle, setup: setup))
            return true
        }
        if !kept {
            curl_easy_cleanup(handle)
        }
    }
}
