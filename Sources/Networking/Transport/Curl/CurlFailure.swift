import CCurl
import CNetworkingShim
import Foundation

/// Maps a libcurl result code to the error the transport throws: ``RepositoryError/timeout`` for a timeout,
/// else a ``TransportError`` whose message names the URL and curl's own explanation (and, for a certificate an
/// unpinned request could not trust, what to do about it).
enum CurlFailure {
    /// The error for a failed transfer.
    /// - Parameters:
    ///   - code: curl's result.
    ///   - url: The request's URL.
    ///   - detail: curl's error buffer text (may be empty).
    ///   - exceededLimit: Whether the write callback refused data because of the response-size ceiling.
    ///   - limit: The ceiling in bytes.
    ///   - pinned: Whether the request was pinned.
    static func error(
        for code: CURLcode, url: URL, detail: String, exceededLimit: Bool, limit: Int, pinned: Bool = false
    ) -> any Error {
        if code == CURLE_OPERATION_TIMEDOUT {
            return RepositoryError.timeout
        }
        let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return TransportError(
                code: .responseTooLarge,
                message:
                    "the response from \(url.absoluteString) is larger than the transport's ceiling of \(limit) bytes")
        }
        let transportCode = transportCode(for: code)
        let hint =
            !pinned && transportCode == .tlsHandshakeFailed && reason.lowercased().contains("certificate")
            ? ". If the server uses a private or self-signed certificate, pin it (usePinningCertificate) rather "
                + "than turning verification off" : ""
        return TransportError(
            code: transportCode,
            message: "request to \(url.absoluteString) failed: \(reason) (curl error \(code.rawValue))\(hint)")
    }

    /// The error for a response whose header section is larger than `limit` bytes.
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - limit: The header-section ceiling in bytes.
    static func headerSectionTooLarge(url: URL, limit: Int) -> TransportError {
        TransportError(
            code: .responseTooLarge,
            message: "the response headers from \(url.absoluteString) are larger than the ceiling of \(limit) bytes")
    }

    /// The ``TransportError/Code`` of a curl result.
    /// - Parameter code: curl's result.
    static func transportCode(for code: CURLcode) -> TransportError.Code {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound
        case CURLE_COULDNT_CONNECT:
            return .connectionRefused
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return .connectionLost
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            return .tlsHandshakeFailed
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_BAD_CONTENT_ENCODING:
            return .invalidResponse
        case CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge
        default:
            return .other
        }
    }
}
