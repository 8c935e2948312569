/// One write request as ``MockGOMServer`` received it (``MockGOMServer/writeBodies``): a `PUT`, `POST` or `DELETE`,
/// its path and its body as text, whether the write succeeded or not.
///
/// ```swift
/// #expect(gom.writeBodies.last == MockGOMWriteBody(
///     method: "PUT", path: "/areas/home:volume", body: #"<attribute type="string">11</attribute>"#))
/// ```
public struct MockGOMWriteBody: Sendable, Equatable {
    /// The method: `PUT`, `POST` or `DELETE`.
    public let method: String
    /// The path as requested (percent-decoded), for example `/areas/home:volume`.
    public let path: String
    /// The body decoded as UTF-8 (invalid bytes replaced), empty when there was none.
    public let body: String

    /// Creates a record, for comparing with the server's.
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path.
    ///   - body: The body.
    public init(method: String, path: String, body: String) {
        self.method = method
        self.path = path
        self.body = body
    }
}
