import CCurl
import CNetworkingShim
import Foundation

/// One request on the wire: holds its easy handle (new, or reused from the loop's ``CurlHandlePool``), header
/// list, error buffer and response buffers, and resumes the awaiting task exactly once.
///
/// Lifecycle: created and configured on the caller's thread; ``start(_:on:)`` hands it to the
/// ``CurlEventLoop``, whose thread alone then runs curl's callbacks, removes the handle and calls
/// ``finish(_:)``. A transfer cancelled before it starts never reaches the loop.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked Sendable: the handle and buffers are set up before submission (ordered by the loop's lock)
    // and then touched only on the loop thread; `state` is locked.

    /// The easy handle (`CURL *`).
    let handle: UnsafeMutableRawPointer
    /// The URL of the request this transfer sends. The request itself is read while configuring the handle and
    /// not kept: libcurl copies what it needs (a kept copy cost a retain and a release of each of its fields).
    let url: URL
    /// How long this hop may take, in seconds: what is left of the request's timeout after earlier redirect hops.
    let timeout: TimeInterval
    /// The pin check, for pinned requests.
    let pinCheck: PinCheck?
    /// The response-size ceiling in bytes (headers and body).
    let maximumResponseSize: Int
    /// The DNS-over-HTTPS resolver, or `nil` for the system's.
    let dnsOverHTTPS: URL?
    /// The `curl_slist` of request header lines.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// curl's error buffer (`CURL_ERROR_SIZE` bytes).
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The largest response header section accepted, in bytes. It sits below libcurl's own limit (300 KiB),
    /// which libcurl reports as a receive error, so that a huge header section is `responseTooLarge`.
    static let maximumHeaderSize = 256 * 1024
    /// The file streamed as the body, for ``HTTPRequest/bodyFile``.
    var uploadFile: UploadFile?
    /// The MIME structure (`curl_mime *`) of a multipart body, freed with the handle.
    var mime: OpaquePointer?
    /// Reports progress to the request's closures.
    var progress: ProgressReporter
    /// Whether the request has a progress closure (read without copying ``progress`` out of the transfer).
    let reportsProgress: Bool
    private let state = Locked<TransferState>(.idle)
    private var handleReleased = false
    /// Whether the handle came from the pool still configured for this plain request's setup: ``configure(_:)``
    /// then sets only what differs from one plain request to the next.
    let handleIsConfigured: Bool
    /// What the handle stays configured for when it goes back to the pool: the plain request's setup once
    /// ``configure(_:)`` finished, `nil` (reset it) otherwise, so that a handle whose configuration failed halfway
    /// is reset.
    private var configuredSetup: CurlHandlePool.Setup?
    private let handles: CurlHandlePool?
    private var sink: ResponseBodySink
    private var headers = ResponseHeaderCollector()
    private var receivedBytes = 0
    private var exceededLimit = false
    private var headerBytes = 0
    private var exceededHeaderLimit = false

    /// Creates and configures the easy handle for `request`.
    /// - Parameters:
    ///   - request: The request.
    ///   - timeout: This hop's time limit in seconds: what is left of the request's `timeout`.
    ///   - pinCheck: The pin check, or `nil` for none.
    ///   - maximumResponseSize: The ceiling in bytes.
    ///   - dnsOverHTTPS: The DNS-over-HTTPS resolver, or `nil` for the system's.
    ///   - handles: Where the handle comes from and goes back to, or `nil` for a handle of its own.
    init(
        request: HTTPRequest, timeout: TimeInterval, pinCheck: PinCheck?, maximumResponseSize: Int,
        dnsOverHTTPS: URL? = nil, handles: CurlHandlePool? = nil
    ) throws {
        reportsProgress = request.uploadProgress != nil || request.downloadProgress != nil
        let setup =
            Self.isPlain(request, reportsProgress: reportsProgress, dnsOverHTTPS: dnsOverHTTPS)
            ? CurlHandlePool.Setup(pins: pinCheck?.pins) : nil
        let taken = handles.map { $0.take(for: setup) } ?? curl_easy_init().map { ($0, false) }
        guard let (handle, configured) = taken else {
            throw TransportError(code: .other, message: "libcurl could not create a handle for \(request.url)")
        }
        self.handle = handle
        self.handles = handles
        handleIsConfigured = configured
        url = request.url
        self.timeout = timeout
        self.pinCheck = pinCheck
        self.maximumResponseSize = maximumResponseSize
        self.dnsOverHTTPS = dnsOverHTTPS
        sink = ResponseBodySink(file: request.responseBodyFile)
        progress = ProgressReporter(upload: request.uploadProgress, download: request.downloadProgress)
        errorBuffer = .allocate(capacity: NS_CURL_ERROR_SIZE)
        errorBuffer.initialize(repeating: 0, count: NS_CURL_ERROR_SIZE)
        try configure(request)
        configuredSetup = setup
    }

    /// Whether a request is plain: a GET without body, file, form, progress closure or DNS over HTTPS (header lines
    /// allowed), whose handle can stay configured for the next plain request (see ``CurlHandlePool``).
    static func isPlain(_ request: HTTPRequest, reportsProgress: Bool, dnsOverHTTPS: URL?) -> Bool {
        request.method == .get && request.body == nil && request.bodyFile == nil && request.multipart == nil
            && request.responseBodyFile == nil && !reportsProgress && dnsOverHTTPS == nil
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    /// Frees the easy handle (or gives it back to its pool) and the header list; call after the handle left the
    /// multi handle.
    func releaseHandle() {
        guard !handleReleased else {
            return
        }
        handleReleased = true
        if let handles {
            handles.give(handle, keeping: configuredSetup, after: freeAttachments)
        } else {
            curl_easy_cleanup(handle)
            freeAttachments()
        }
    }

    /// Frees the header list, the MIME structure and the upload file: only after the handle was reset or cleaned up,
    /// since libcurl may use them until then.
    private func freeAttachments() {
        curl_slist_free_all(headerList)
        headerList = nil
        curl_mime_free(mime)
        mime = nil
        uploadFile = nil
    }

    /// Submits the transfer, or resumes `continuation` with `CancellationError` if it was cancelled already.
    /// - Parameters:
    ///   - continuation: Resumed once with the response or the error.
    ///   - loop: The event loop.
    func start(_ continuation: TransferContinuation, on loop: CurlEventLoop) {
        let cancelled = state.withLock { state -> Bool in
            guard case .idle = state else {
                state = .finished
                return true
            }
            state = .running(continuation)
            // Submitted under the lock so that a cancellation cannot overtake the submission.
            loop.submit(self)
            return false
        }
        if cancelled {
            continuation.resume(throwing: CancellationError())
        }
    }

    /// Cancels the transfer: before the start it never starts; while running the loop removes it at once.
    /// - Parameter loop: The event loop.
    func cancel(on loop: CurlEventLoop) {
        state.withLock { state in
            switch state {
            case .idle: state = .cancelledBeforeStart
            case .running: loop.requestCancellation(of: self)
            case .cancelledBeforeStart, .finished: break
            }
        }
    }

    /// Resumes the awaiting task with `result`, once; later calls do nothing.
    /// - Parameter result: The response or the error.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { state -> TransferContinuation? in
            guard case .running(let continuation) = state else {
                return nil
            }
            state = .finished
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// The outcome of the finished transfer (on the loop thread, before the handle is released).
    /// - Parameter code: curl's result.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        guard code == CURLE_OK else {
            if let pinError = pinCheck?.recordedError {
                return .failure(pinError)
            }
            if exceededHeaderLimit {
                return .failure(CurlFailure.headerSectionTooLarge(url: url, limit: Self.maximumHeaderSize))
            }
            return .failure(
                CurlFailure.error(
                    for: code, url: url, detail: String(cString: errorBuffer),
                    exceededLimit: exceededLimit, limit: maximumResponseSize, pinned: pinCheck != nil))
        }
        let status = responseCode
        sink.finish(status: status)
        if let failure = sink.failure {
            return .failure(failure)
        }
        if reportsProgress {
            var uploaded: curl_off_t = 0
            var downloaded: curl_off_t = 0
            ns_curl_easy_getinfo_off_t(handle, CURLINFO_SIZE_UPLOAD_T, &uploaded)
            ns_curl_easy_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &downloaded)
            progress.finish(uploaded: Int64(uploaded), downloaded: Int64(downloaded))
        }
        // curl follows no redirect (the transport does), so the URL that answered is the request's.
        return .success(
            HTTPResponse(statusCode: status, headers: headers.headers, body: sink.data, url: url))
    }

    /// The status of the response being received (0 before its status line).
    private var responseCode: Int {
        var status = 0
        ns_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return status
    }

    /// Takes body bytes from the write callback: into memory (refused past the ceiling), or into the
    /// download file.
    /// - Returns: Whether the bytes were taken.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if sink.countsAgainstCeiling {
            guard reserve(bytes.count) else {
                return false
            }
        }
        return sink.receive(bytes) { responseCode }
    }

    /// Fills `buffer` from the upload file for the read callback.
    /// - Returns: The bytes read, 0 at the end, or `nil` on a read error.
    func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        uploadFile?.read(into: buffer) ?? 0
    }

    /// Takes one header line from the header callback; refuses it past the response or header-section ceiling.
    /// - Returns: Whether the line was kept.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= Self.maximumHeaderSize else {
            exceededHeaderLimit = true
            return false
        }
        guard reserve(bytes.count) else {
            return false
        }
        headers.consume(bytes)
        return true
    }

    /// Whether the connection about to carry the request may do so: for pinned requests, its served chain
    /// must satisfy the pins, whether the connection is new, reused from the pool or resumed.
    func connectionIsAcceptable() -> Bool {
        guard let pinCheck else {
            return true
        }
        guard let ssl = ns_curl_easy_tls_ssl(handle) else {
            pinCheck.record(.noPinMatched("the connection does not use TLS"), servedPins: [])
            return false
        }
        return pinCheck.verify(connection: ssl)
    }

    private func reserve(_ count: Int) -> Bool {
        receivedBytes += count
        if receivedBytes > maximumResponseSize {
            exceededLimit = true
            return false
        }
        return true
    }
}
