import CCurl
import CNetworkingShim
import Foundation

/// The in-process ceiling: one libcurl easy handle, configured once and performed again and again, so that it
/// keeps its connection. Over TLS it trusts only the generated certificate (`CAINFO_BLOB`) and pins its key
/// (`PINNEDPUBLICKEY`), which is what Networking's pinned requests also give curl.
final class RawCurlClient {
    private let handle: UnsafeMutableRawPointer
    private let sink = Sink()
    private var url = ""

    /// Collects one response body; its storage is kept from one request to the next.
    final class Sink {
        var body = Data()
    }

    /// Creates the handle.
    /// - Parameters:
    ///   - pemCertificate: The trusted certificate (PEM) for TLS endpoints.
    ///   - publicKeyPin: curl's `sha256//<base64>` pin.
    init(pemCertificate: Data, publicKeyPin: String) throws {
        _ = ns_curl_global_init()
        guard let handle = curl_easy_init() else {
            throw BenchmarkError("curl_easy_init failed")
        }
        self.handle = handle
        try Self.configure(handle, sink: sink, pemCertificate: pemCertificate, publicKeyPin: publicKeyPin)
    }

    /// Configures an easy handle the way this client's is: no signals, HTTP/2 over TLS, the certificate as the only
    /// trusted one, its key pinned, the body appended to `sink`.
    static func configure(
        _ handle: UnsafeMutableRawPointer, sink: Sink, pemCertificate: Data, publicKeyPin: String
    ) throws {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        try check(ns_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        try check(ns_curl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, NS_CURL_HTTP_VERSION_2TLS))
        try check(ns_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
        try check(ns_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
        try check(ns_curl_easy_setopt_string(handle, CURLOPT_PINNEDPUBLICKEY, publicKeyPin))
        try pemCertificate.withUnsafeBytes { raw in
            try check(ns_curl_easy_setopt_blob(handle, CURLOPT_CAINFO_BLOB, raw.baseAddress, raw.count))
        }
        try check(ns_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, rawCurlWrite))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
    }

    deinit {
        curl_easy_cleanup(handle)
    }

    /// GETs `url` on the reused handle.
    /// - Parameter url: The URL.
    /// - Returns: The body (its storage is reused by the next request once the caller lets go of it).
    /// - Throws: ``BenchmarkError`` for a curl failure or a status other than 200.
    func get(_ url: URL) throws -> Data {
        let text = url.absoluteString
        if text != self.url {
            try Self.check(ns_curl_easy_setopt_string(handle, CURLOPT_URL, text))
            self.url = text
        }
        sink.body.removeAll(keepingCapacity: true)
        try Self.check(curl_easy_perform(handle))
        var status = 0
        ns_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard status == 200 else {
            throw BenchmarkError("raw libcurl: \(text) answered \(status)")
        }
        return sink.body
    }

    static func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw BenchmarkError("raw libcurl: \(String(cString: curl_easy_strerror(code)))")
        }
    }
}

/// `CURLOPT_WRITEFUNCTION` of ``RawCurlClient``: appends to the sink.
private let rawCurlWrite: ns_curl_data_callback = { data, size, count, context in
    guard let context, let data else {
        return 0
    }
    let length = size * count
    let sink = Unmanaged<RawCurlClient.Sink>.fromOpaque(context).takeUnretainedValue()
    sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}
