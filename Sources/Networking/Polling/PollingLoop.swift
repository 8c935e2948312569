import Foundation

/// The 202 loop of `performPollingRequest`: send, and while the server answers 202 ("not ready"),
/// wait (`Retry-After`, else `secondsBetweenPolls`), then poll again — a GET of the `Location` URL when
/// the 202 carries one, else the same request — up to `maximumPollingRetries` polls, then `.timeout`.
struct PollingLoop: Sendable {
    let configuration: NetworkingConfiguration
    let pipeline: RequestPipeline

    /// Runs the loop from the first request; returns the first non-202 2xx response or the first error.
    /// Every poll goes through the whole pipeline as a further attempt of the same call.
    func run(_ first: HTTPRequest, context: RequestContext) async -> Result<HTTPResponse, RepositoryError> {
        let maximumPolls = configuration.effectiveMaximumPollingRetries
        let attempts = CallAttempts()
        var request = first
        var requiresSession = context.requiresSession
        var polls = 0
        while true {
            let pollContext = RequestContext(
                callID: context.callID, path: context.path, requiresSession: requiresSession,
                attempt: attempts.count + 1)
            let result = await pipeline.execute(request, context: pollContext, attempts: attempts)
            guard case .success(let response) = result, response.statusCode == 202 else {
                return result
            }
            guard polls < maximumPolls else {
                return .failure(.timeout)
            }
            polls += 1
            let wait = RetryAfter.delay(from: response.headers["Retry-After"]) ?? configuration.secondsBetweenPolls
            do {
                try await Task.sleep(for: .seconds(wait))
            } catch {
                return .failure(.cancelled)
            }
            if let location = response.headers["Location"] {
                switch next(from: request, location: location, original: first) {
                case .success(let next):
                    requiresSession = context.requiresSession && Self.sameOrigin(next.url, first.url)
                    request = next
                case .failure(let error):
                    return .failure(error)
                }
            }
        }
    }

    /// The GET of a `Location` (relative or absolute). Credentials stay on the original origin;
    /// an https → http move is refused.
    private func next(from request: HTTPRequest, location: String, original: HTTPRequest)
        -> Result<HTTPRequest, RepositoryError>
    {
        guard let url = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host() != nil
        else {
            return .failure(
                .invalidURL("polling Location \"\(location)\" from \(request.url.absoluteString) is not a URL"))
        }
        if original.url.scheme?.lowercased() == "https", scheme == "http" {
            return .failure(
                .noNetworkConnection(
                    TransportError(
                        code: .insecureRedirect,
                        message: "polling Location \(url.absoluteString) would leave https for http; not followed")))
        }
        var headers = original.headers
        headers.remove("Content-Type")
        headers.remove("Content-Length")
        if !Self.sameOrigin(url, original.url) {
            headers.remove("Authorization")
            headers.remove("Cookie")
        }
        return .success(
            HTTPRequest(
                method: .get, url: url, headers: headers, body: nil, timeout: original.timeout,
                pinning: original.pinning))
    }

    private static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host()?.lowercased() == rhs.host()?.lowercased()
            && lhs.port == rhs.port
    }
}
