/// A failure of ``TestHTTPClient``.
struct TestClientError: Error, CustomStringConvertible {
    let description: String
}
