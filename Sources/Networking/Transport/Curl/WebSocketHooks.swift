import CCurl
import CNetworkingShim

/// The SSL context callback of WebSocket connections: lets OpenSSL accept a retried write from a moved buffer
/// (trap 10: curl sets only `SSL_MODE_RELEASE_BUFFERS`), then installs the pin check when the connection is pinned.
enum WebSocketHooks {
    /// `CURLOPT_SSL_CTX_FUNCTION` for WebSockets; `CURLOPT_SSL_CTX_DATA` is the ``PinCheck`` or `NULL`.
    static let sslContext: ns_curl_ssl_ctx_callback = { handle, sslContext, userPointer in
        guard let sslContext else {
            return CURLE_SSL_CERTPROBLEM
        }
        ns_ssl_ctx_accept_moving_write_buffer(OpaquePointer(sslContext))
        guard userPointer != nil else {
            return CURLE_OK
        }
        return PinningHooks.sslContext(handle, sslContext, userPointer)
    }
}
