public import Foundation
import Networking

extension MockResponse {
    /// A copy with `Retry-After: <seconds>`, as a server sends with a 429 or 503 to say when to try again.
    ///
    /// ```swift
    /// server.route("/books", failingFirst: 1, with: MockResponse(status: 503).retryAfter(seconds: 2),
    ///              then: MockResponse(status: 200, json: "[]"))
    /// ```
    /// - Parameter seconds: The delay to ask for (written as given, so a negative one tests a client's guard).
    /// - Returns: The response with the field set, replacing any `Retry-After` it had.
    public func retryAfter(seconds: Int) -> MockResponse {
        var response = self
        response.headers["Retry-After"] = String(seconds)
        return response
    }

    /// A copy with `Retry-After: <date>` in the IMF-fixdate form of HTTP-date, for example
    /// `Retry-After: Sun, 06 Nov 1994 08:49:37 GMT`.
    /// - Parameter date: When to try again; written to the second, in GMT.
    /// - Returns: The response with the field set, replacing any `Retry-After` it had.
    public func retryAfter(date: Date) -> MockResponse {
        var response = self
        response.headers["Retry-After"] = HTTPDate.format(date)
        return response
    }
}
