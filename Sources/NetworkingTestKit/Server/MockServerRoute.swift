/// How ``MockServer`` answers the requests to one path set with `route`.
enum MockServerRoute {
    /// A closure answers every request to the path; called on a connection thread.
    case responder(@Sendable (RecordedRequest) -> MockResponse)
    /// `failure` answers the next `remaining` requests, `success` every later one; decided under the
    /// server's lock, so exactly `remaining` requests fail however many arrive at once.
    case failingFirst(remaining: Int, failure: MockResponse, success: MockResponse)
}
