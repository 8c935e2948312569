import CCurl
import CNetworkingShim
import Foundation

extension CurlTransfer {
    /// Sets every easy-handle option for the request. curl's own redirect following stays off: the transport
    /// follows redirects itself (see ``RedirectPolicy``). Proxies come from the environment, as curl reads them.
    ///
    /// A handle still configured for a plain request (``handleIsConfigured``, see ``CurlHandlePool``) has the
    /// constant options and its pinned set's options already; only the rest is set.
    func configure(_ request: HTTPRequest) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let milliseconds = Self.milliseconds(timeout)
        try set(CURLOPT_URL, url.absoluteString)
        try set(CURLOPT_TIMEOUT_MS, milliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        if !handleIsConfigured {
            try configureConstants()
        }
        if let dnsOverHTTPS {
            try set(CURLOPT_DOH_URL, dnsOverHTTPS.absoluteString)
        }
        if request.responseBodyFile == nil {
            try check(ns_curl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumResponseSize)))
        } else {
            // A download's body goes to disk: the ceiling guards memory only. Reading it in larger pieces than
            // libcurl's 16 KiB default halves the system calls per byte (measured: +13 % throughput on 1 GiB).
            try set(CURLOPT_BUFFERSIZE, Self.downloadBufferSize)
        }
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        try configureMethodAndBody(of: request, context: context)
        try configureHeaders(of: request)
        if reportsProgress {
            try set(CURLOPT_NOPROGRESS, 0)
            try check(ns_curl_easy_setopt_xferinfo_callback(handle, CurlCallbacks.transferInfo))
            try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        }
        if let pinCheck {
            try configurePinning(pinCheck, context: context)
        }
    }

    /// The options every transfer sets to the same values.
    private func configureConstants() throws {
        try set(CURLOPT_NOSIGNAL, 1)
        try setConstant(CURLOPT_PROTOCOLS_STR, "http,https")
        try setConstant(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try setConstant(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_HTTP_VERSION, NS_CURL_HTTP_VERSION_2TLS)
        try set(CURLOPT_USERAGENT, NetworkingVersion.userAgent)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try check(ns_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlCallbacks.write))
        try check(ns_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlCallbacks.header))
    }

    /// Pinning, three layers: the handshake check, the connection-pool key, and a check before every request. On a
    /// handle still configured for this pinned set only the two contexts (this transfer's check and itself) are set.
    private func configurePinning(_ pinCheck: PinCheck, context: UnsafeMutableRawPointer) throws {
        try check(
            ns_curl_easy_setopt_pointer(handle, CURLOPT_SSL_CTX_DATA, Unmanaged.passUnretained(pinCheck).toOpaque()))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_PREREQDATA, context))
        if handleIsConfigured {
            return
        }
        // 1. Inside the handshake: OpenSSL's chain validation is replaced by the pin check.
        try check(ns_curl_easy_setopt_ssl_ctx_callback(handle, PinningHooks.sslContext))
        // 2. curl reuses a pooled connection only when its CA blob is identical, so connections opened by
        //    unpinned or differently pinned requests are never handed to this one. The blob also turns off
        //    curl's shared CA-store cache for this connection.
        try pinCheck.pins.pemBundle.withUnsafeBytes { raw in
            try check(ns_curl_easy_setopt_blob(handle, CURLOPT_CAINFO_BLOB, raw.baseAddress, raw.count))
        }
        // 3. Before every request, on new, reused and resumed connections alike, the served chain is checked
        //    again; a mismatch aborts before any request byte is written.
        try check(ns_curl_easy_setopt_prereq_callback(handle, CurlCallbacks.prerequest))
        // No TLS session resumption for pinned transfers: every new connection shows its certificates.
        try set(CURLOPT_SSL_SESSIONID_CACHE, 0)
    }

    private func configureHeaders(of request: HTTPRequest) throws {
        var lines: [String] = []
        for (name, value) in request.headers {
            guard Self.isValidHeader(name: name, value: value) else {
                throw RepositoryError.invalidParameters(
                    "header \"\(name)\" of \(url.absoluteString) has an invalid name or a line break in its value"
                )
            }
            if request.multipart != nil, name.lowercased() == "content-type" {
                // libcurl writes the multipart type with its own boundary: give it the type without ours.
                lines.append("\(name): \(Self.withoutBoundary(value))")
                continue
            }
            // "Name;" sends an empty value; "Name:" would tell curl to remove the header.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        let sendsBody = request.body != nil || request.bodyFile != nil || request.multipart != nil
        if sendsBody, !request.headers.contains("Expect") {
            // libcurl would ask a server for `100-continue` before a large body; without a body it never does, and
            // a request without header lines skips libcurl's search of them for every header it writes (measured).
            lines.append("Expect:")
        }
        let postsBytes: Bool
        switch request.method {
        case .post, .put, .patch: postsBytes = true
        default: postsBytes = request.body != nil
        }
        if postsBytes, request.method != .head, request.bodyFile == nil, request.multipart == nil,
            !request.headers.contains("Content-Type")
        {
            // Otherwise curl labels every body it posts, an empty one too, application/x-www-form-urlencoded.
            lines.append("Content-Type:")
        }
        guard !lines.isEmpty else {
            return
        }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw TransportError(code: .other, message: "libcurl could not store the headers of \(url)")
            }
            headerList = appended
        }
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(ns_curl_easy_setopt_long(handle, option, value))
    }

    func set(_ option: CURLoption, _ value: String) throws {
        try check(ns_curl_easy_setopt_string(handle, option, value))
    }

    /// Sets a string option to a literal: handed to curl from the binary's own NUL-terminated bytes, where a short
    /// `String` would first be copied into a new C string for each request.
    func setConstant(_ option: CURLoption, _ value: StaticString) throws {
        // A one-character literal may be stored as a scalar, with no bytes to point at.
        precondition(value.hasPointerRepresentation, "setConstant takes a string literal of more than one character")
        try value.utf8Start.withMemoryRebound(to: CChar.self, capacity: value.utf8CodeUnitCount + 1) { text in
            try check(ns_curl_easy_setopt_string(handle, option, text))
        }
    }

    func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw TransportError(
                code: .other,
                message: "libcurl refused an option for \(url.absoluteString): "
                    + String(cString: curl_easy_strerror(code)))
        }
    }

    /// The receive buffer of a download to a file.
    static let downloadBufferSize = 512 * 1024

    /// A timeout in whole milliseconds, rounded up so it never truncates to zero (which means "none" to curl).
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else {
            return seconds.isNaN ? 75_000 : Int(Int32.max)
        }
        return Int(min(max((seconds * 1000).rounded(.up), 1), Double(Int32.max)))
    }

    /// A media type without its `boundary` parameter.
    static func withoutBoundary(_ contentType: String) -> String {
        contentType.split(separator: ";")
            .filter { !$0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("boundary=") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "; ")
    }

    static func isValidHeader(name: String, value: String) -> Bool {
        let forbiddenInName: Set<UInt8> = [0, 9, 10, 13, 32, UInt8(ascii: ":"), UInt8(ascii: ";")]
        return !name.isEmpty && !name.utf8.contains(where: forbiddenInName.contains)
            && !value.utf8.contains { $0 == 0 || $0 == 10 || $0 == 13 }
    }
}
