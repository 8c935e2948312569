import Foundation

extension HTTPRequest {
    /// Sets the `Cookie` header to the caller's cookies (``callerCookie``) followed by the jar's for ``url``;
    /// removes it when both are absent. Does nothing without a ``cookieStorage``.
    mutating func attachJarCookies() {
        guard let cookieStorage else {
            return
        }
        let parts = [callerCookie, cookieStorage.cookieHeader(for: url)].compactMap { $0 }.filter { !$0.isEmpty }
        headers["Cookie"] = parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
