import Foundation

/// How ``CurlTransport`` follows redirects. It follows them itself rather than letting curl do it, because
/// curl cannot strip custom `Authorization`/`Cookie` headers per hop and would send a request to an http URL
/// before anyone could refuse it.
///
/// Rules: 301, 302, 303, 307 and 308 with a `Location` are followed, at most ``maximumRedirects`` times;
/// a relative `Location` resolves against the current URL; https → http is refused before anything is sent;
/// `Authorization`, `Cookie`, `Proxy-Authorization` and `Host` are dropped when the origin (scheme, host or port)
/// changes; 303 (except after HEAD), and 301/302 after POST, become a GET without body. The request's pinning
/// and remaining timeout apply to every hop.
enum RedirectPolicy {
    /// The most redirects one request follows.
    static let maximumRedirects = 10

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send next, or `nil` when `response` is not a redirect to follow.
    /// - Parameters:
    ///   - response: The response just received.
    ///   - request: The request that produced it.
    /// - Throws: ``TransportError`` with `.insecureRedirect` (https → http) or `.invalidResponse` (a `Location`
    ///   that is not an http(s) URL).
    static func nextRequest(after response: HTTPResponse, of request: HTTPRequest) throws(TransportError)
        -> HTTPRequest?
    {
        guard redirectStatuses.contains(response.statusCode),
            let location = response.headers.values(for: "Location").first, !location.isEmpty
        else {
            return nil
        }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = target.host, !host.isEmpty
        else {
            throw TransportError(
                code: .invalidResponse,
                message: "\(request.url.absoluteString) redirected to \"\(location)\", which is not an http(s) URL")
        }
        if request.url.scheme?.lowercased() == "https" && scheme == "http" {
            throw TransportError(
                code: .insecureRedirect,
                message: "\(request.url.absoluteString) redirected to \(target.absoluteString): https to http refused")
        }
        var next = request
        next.url = target
        if origin(of: request.url) != origin(of: target) {
            for name in ["Authorization", "Cookie", "Proxy-Authorization", "Host"] {
                next.headers.remove(name)
            }
        }
        let becomesGet =
            (response.statusCode == 303 && request.method != .head)
            || ([301, 302].contains(response.statusCode) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            next.multipart = nil
            next.bodyFile = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding"] {
                next.headers.remove(name)
            }
        }
        return next
    }

    /// Scheme, lower-cased host and effective port.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
