import CCurl
import CNetworkingShim
import CWslay
import Foundation

/// One WebSocket's connection: opened by libcurl (`CURLOPT_CONNECT_ONLY`) on the transport's multi handle, so DNS,
/// proxies, timeouts and pinning apply as for HTTP; upgraded by hand over `curl_easy_send`/`curl_easy_recv`;
/// framed by wslay; waited on by the event-loop thread as one of `curl_multi_poll`'s extra descriptors.
///
/// Lifecycle (phases on the loop thread): `connecting` (curl connects, TLS and pins included) → `upgrading` (the
/// HTTP/1.1 upgrade is sent at once and its answer read) → `open` (wslay framing) → `finished` (the loop removes
/// the handle and frees it). Other threads only touch the locked ``requests`` and the ``inbox``, then wake the loop.
///
/// The rules below come from traps a prototype reproduced on libcurl 7.88 (see the transport article):
/// HTTP/1.1 is forced (an h2 ALPN answer breaks `curl_easy_recv`); the handle stays in the multi handle until
/// the end (removing it closes the socket); the upgrade is sent as soon as curl connects (an unowned connection
/// can be closed as idle); pinned connections never resume TLS sessions; the socket is read until `CURLE_AGAIN`
/// after every wake-up (OpenSSL buffers bytes poll cannot see, and `curl_multi_poll` drops POLLHUP); each pass
/// writes everything wslay framed with one `curl_easy_send`.
final class CurlWebSocketConnection: @unchecked Sendable {
    // @unchecked Sendable: the handle, wslay context and buffers are configured before submission (ordered by the
    // loop's lock) and then touched only on the loop thread; `requests`, `opening` and `closeStatus` are locked.

    /// What the loop does with the connection next.
    enum Phase {
        case connecting, upgrading, open, finished
    }

    /// Work handed to the loop by other tasks.
    struct Requests {
        /// Messages to frame; `done` is `nil` for a sender that did not wait (the send buffer had room).
        var messages: [(message: WebSocketMessage, done: CheckedContinuation<Result<Void, RepositoryError>, Never>?)] =
            []
        /// Payload bytes of messages sent and not yet written to the socket.
        var unsentBytes = 0
        var pings: [CheckedContinuation<Result<Void, RepositoryError>, Never>] = []
        var close: (code: Int, reason: String)?
        /// Set by ``abort(_:)``: the connection ends at once with this error, without a closing handshake.
        var abort: RepositoryError?
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        /// Set when the connection ended: later requests fail (or return) at once.
        var ended: RepositoryError?
    }

    /// The easy handle (`CURL *`).
    let handle: UnsafeMutableRawPointer
    /// The URL as the caller gave it (ws or wss), for messages.
    let url: URL
    /// The upgrade handshake.
    let handshake: WebSocketHandshake
    /// The pin check, for pinned connections.
    let pinCheck: PinCheck?
    /// The largest message accepted; a larger one closes the socket with 1009.
    let maximumMessageSize: Int
    /// The longest the connection and upgrade may take, and a ping may wait for its pong.
    let timeout: TimeInterval
    /// The received messages not yet read.
    let inbox: WebSocketInbox
    /// Work from other tasks; the loop takes it on its next pass.
    let requests = Locked(Requests())
    /// The opening task's continuation, resumed once with the upgrade's answer.
    let opening = Locked<TransferState>(.idle)
    /// The subprotocol the server selected, once open.
    let negotiatedProtocol = Locked<String?>(nil)
    /// The peer's close code and reason once its close frame arrived.
    let closeStatus = Locked<(code: Int, reason: String)?>(nil)
    /// How many payload bytes of sent messages may wait to be written before ``WebSocket/send(_:)`` waits for the
    /// socket: below it a send returns at once (one thread hop less per message), above it the sender is slowed to
    /// the socket's pace.
    static let sendBufferSize = 1 << 20
    /// Wakes the loop once the connection was submitted to it.
    let waker = LoopWaker()
    /// Optional debug logging of message sizes.
    let trace: WebSocketTrace?

    // Loop-thread state.
    var phase = Phase.connecting
    var socket: Int32 = -1
    var deadline: ContinuousClock.Instant
    var handshakeBuffer: [UInt8] = []
    var upgradeHead: (status: Int, headers: HTTPHeaders, headerLength: Int)?
    var leftover: [UInt8] = []
    var output: [UInt8] = []
    var outputStart = 0
    var writeBlocked = false
    var framedBytes: UInt64 = 0
    var flushedBytes: UInt64 = 0
    var sendsInFlight: [(end: UInt64, bytes: Int, done: CheckedContinuation<Result<Void, RepositoryError>, Never>?)] =
        []
    var pingsInFlight:
        [(
            id: UInt64, deadline: ContinuousClock.Instant,
            done: CheckedContinuation<Result<Void, RepositoryError>, Never>
        )] = []
    var nextPingID: UInt64 = 0
    var closeDeadline: ContinuousClock.Instant?
    var userClosed = false
    var peerClosedFirst = false
    var failure: RepositoryError?
    var wslay: OpaquePointer?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var handleReleased = false

    /// Creates and configures the connect-only handle.
    /// - Parameters:
    ///   - handshake: The upgrade (its request's URL is http or https).
    ///   - url: The URL as given (ws or wss), for messages.
    ///   - pinCheck: The pin check, or `nil`.
    ///   - maximumMessageSize: The largest message accepted.
    ///   - timeout: The connection, upgrade and ping timeout.
    ///   - dnsOverHTTPS: The transport's resolver, or `nil`.
    ///   - trace: Debug logging, or `nil`.
    init(
        handshake: WebSocketHandshake, url: URL, pinCheck: PinCheck?, maximumMessageSize: Int, timeout: TimeInterval,
        dnsOverHTTPS: URL?, trace: WebSocketTrace?
    ) throws {
        guard let handle = curl_easy_init() else {
            throw TransportError(code: .other, message: "libcurl could not create a handle for \(url.absoluteString)")
        }
        self.handle = handle
        self.url = url
        self.handshake = handshake
        self.pinCheck = pinCheck
        self.maximumMessageSize = maximumMessageSize
        self.timeout = timeout
        self.trace = trace
        self.deadline = ContinuousClock.now + .milliseconds(CurlTransfer.milliseconds(timeout))
        errorBuffer = .allocate(capacity: NS_CURL_ERROR_SIZE)
        errorBuffer.initialize(repeating: 0, count: NS_CURL_ERROR_SIZE)
        inbox = WebSocketInbox { [waker] in waker.wake() }
        try configure(dnsOverHTTPS: dnsOverHTTPS)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    private func configure(dnsOverHTTPS: URL?) throws {
        let request = handshake.request
        try set(CURLOPT_URL, request.url.absoluteString)
        try set(CURLOPT_CONNECT_ONLY, 1)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        // Trap 1: offered h2, a server may pick it, and curl_easy_recv then fails; the upgrade is HTTP/1.1.
        try set(CURLOPT_HTTP_VERSION, NS_CURL_HTTP_VERSION_1_1)
        // Through an HTTP proxy, a ws:// connection must be a CONNECT tunnel too.
        try set(CURLOPT_HTTPPROXYTUNNEL, 1)
        try set(CURLOPT_CONNECTTIMEOUT_MS, CurlTransfer.milliseconds(timeout))
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let dnsOverHTTPS {
            try set(CURLOPT_DOH_URL, dnsOverHTTPS.absoluteString)
        }
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        // Trap 10: the send queue may retry a partial TLS write from a moved buffer.
        try check(ns_curl_easy_setopt_ssl_ctx_callback(handle, WebSocketHooks.sslContext))
        if let pinCheck {
            try check(
                ns_curl_easy_setopt_pointer(
                    handle, CURLOPT_SSL_CTX_DATA, Unmanaged.passUnretained(pinCheck).toOpaque()))
            try pinCheck.pins.pemBundle.withUnsafeBytes { raw in
                try check(ns_curl_easy_setopt_blob(handle, CURLOPT_CAINFO_BLOB, raw.baseAddress, raw.count))
            }
            // Trap 6: a resumed TLS session skips the verify callback, so pinned connections never resume one.
            try set(CURLOPT_SSL_SESSIONID_CACHE, 0)
        }
    }

    /// Does what is due in the current phase (loop thread, after every wake-up).
    /// - Parameter now: The loop's current time.
    func service(now: ContinuousClock.Instant) {
        if phase == .upgrading {
            serviceUpgrade(now: now)
        }
        if phase == .open {
            serviceOpen(now: now)
        }
    }

    /// The next time the loop must service the connection without a wake-up: the upgrade's deadline, the oldest
    /// ping's, or the end of the close wait.
    var nextDeadline: ContinuousClock.Instant? {
        switch phase {
        case .upgrading: deadline
        case .open: [pingsInFlight.first?.deadline, closeDeadline].compactMap { $0 }.min()
        case .connecting, .finished: nil
        }
    }

    /// Frees the easy handle; the loop calls it after removing the handle from the multi handle.
    func releaseHandle() {
        guard !handleReleased else {
            return
        }
        handleReleased = true
        if let wslay {
            wslay_event_context_free(wslay)
            self.wslay = nil
        }
        curl_easy_cleanup(handle)
    }

    /// curl's error text for the connection, or its generic text for `code`.
    func curlReason(_ code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(ns_curl_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        try check(ns_curl_easy_setopt_string(handle, option, value))
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw TransportError(
                code: .other,
                message: "libcurl refused an option for \(url.absoluteString): "
                    + String(cString: curl_easy_strerror(code)))
        }
    }
}
