import Foundation

/// A transport that answers GET and HEAD requests from a ``ResponseCache`` when it can, revalidates stale
/// responses, and otherwise sends through the wrapped transport and stores what may be stored (RFC 9111, a
/// private cache). Unsafe methods that succeed invalidate the stored responses of their URL.
///
/// Every response it returns carries `X-Networking-Cache` (``CacheStatus``); nothing below it sees the cache.
struct CachingTransport: HTTPTransport {
    let cache: ResponseCache
    let transport: any HTTPTransport
    /// The clock ages are measured with.
    let now: @Sendable () -> Date

    init(cache: ResponseCache, transport: any HTTPTransport, now: @escaping @Sendable () -> Date = { Date() }) {
        self.cache = cache
        self.transport = transport
        self.now = now
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard Self.isCacheable(request) else {
            let response = try await transport.send(request)
            invalidateIfUnsafe(request, response)
            return Self.labelled(response, .miss)
        }
        let control = CacheControl(request.headers)
        let key = CacheKey(request)
        guard !control.noStore else {
            return Self.labelled(try await transport.send(request), .miss)
        }
        let stored = cache.entry(for: key).flatMap { $0.matches(request) ? $0 : nil }
        let decision = stored.map { CacheDecision(entry: $0, request: control, now: now()) }
        if let stored, let decision, decision.isUsable {
            return stored.response(for: request, status: .hit, age: decision.age)
        }
        if control.onlyIfCached {
            // RFC 9111 §5.2.1.7: nothing usable is stored, and the caller forbids I/O.
            let headers: HTTPHeaders = [CacheStatus.headerName: CacheStatus.miss.rawValue]
            return HTTPResponse(statusCode: 504, headers: headers, url: request.url)
        }
        if let stored, let decision, let conditional = Self.conditional(request, for: stored) {
            return try await revalidate(conditional, original: request, stored: stored, decision: decision, key: key)
        }
        return try await fetch(request, key: key, replacing: stored != nil)
    }

    /// Sends `request` and stores the response when it may be stored.
    private func fetch(_ request: HTTPRequest, key: CacheKey, replacing: Bool) async throws -> HTTPResponse {
        let requestTime = now()
        let response = try await transport.send(request)
        store(response, for: request, key: key, requestTime: requestTime, replacing: replacing)
        return Self.labelled(response, .miss)
    }

    /// Sends the conditional request; a 304 refreshes the stored response and answers with it.
    private func revalidate(
        _ conditional: HTTPRequest, original request: HTTPRequest, stored: CachedResponse, decision: CacheDecision,
        key: CacheKey
    ) async throws -> HTTPResponse {
        let requestTime = now()
        let response: HTTPResponse
        do {
            response = try await transport.send(conditional)
        } catch let error where !(error is CancellationError) {
            // Disconnected: a stale response only when the caller accepts this staleness (RFC 9111 §4.2.4).
            guard decision.acceptsStaleOnFailure else {
                throw error
            }
            return stored.response(for: request, status: .hit, age: decision.age)
        }
        guard response.statusCode == 304 else {
            store(response, for: request, key: key, requestTime: requestTime, replacing: true)
            return Self.labelled(response, .miss)
        }
        var updated = stored
        updated.update(with: response, requestTime: requestTime, responseTime: now())
        let refreshed = HTTPResponse(
            statusCode: updated.statusCode, headers: updated.headers, body: updated.body, url: updated.url)
        if CachedResponse.isStorable(refreshed, for: request) {
            cache.save(updated, for: key)
        } else {
            cache.remove(key)
        }
        return updated.response(for: request, status: .revalidated, age: updated.age(at: now()))
    }

    /// Stores `response` when it may be; otherwise drops an entry it replaces, unless it is a server error.
    private func store(
        _ response: HTTPResponse, for request: HTTPRequest, key: CacheKey, requestTime: Date, replacing: Bool
    ) {
        if CachedResponse.isStorable(response, for: request) {
            cache.save(CachedResponse(response, to: request, requestTime: requestTime, responseTime: now()), for: key)
        } else if replacing, response.statusCode < 500 {
            cache.remove(key)
        }
    }

    /// RFC 9111 §4.4: a successful unsafe request invalidates what is stored for its URL, and for its
    /// `Location` and `Content-Location` on the same origin.
    private func invalidateIfUnsafe(_ request: HTTPRequest, _ response: HTTPResponse) {
        guard [.post, .put, .patch, .delete].contains(request.method), (200..<400).contains(response.statusCode)
        else {
            return
        }
        cache.invalidate(request.url)
        for name in ["Location", "Content-Location"] {
            guard let value = response.headers[name],
                let target = URL(string: value, relativeTo: request.url)?.absoluteURL,
                target.scheme == request.url.scheme, target.host == request.url.host, target.port == request.url.port
            else {
                continue
            }
            cache.invalidate(target)
        }
    }

    /// Whether the cache may answer or store for `request`: GET or HEAD, no body, not a download to a file,
    /// no `Range`, and no conditional header of the caller's own (the caller then wants the server's answer).
    static func isCacheable(_ request: HTTPRequest) -> Bool {
        let conditionals = ["Range", "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since"]
        return (request.method == .get || request.method == .head) && request.body == nil
            && request.webSocketUpgrade == nil
            && request.bodyFile == nil && request.multipart == nil && request.responseBodyFile == nil
            && !conditionals.contains(where: request.headers.contains)
    }

    /// `request` made conditional on `stored`'s validators, or `nil` when it has none.
    static func conditional(_ request: HTTPRequest, for stored: CachedResponse) -> HTTPRequest? {
        let etag = stored.headers["ETag"]
        let lastModified = stored.headers["Last-Modified"]
        guard etag != nil || lastModified != nil else {
            return nil
        }
        var conditional = request
        conditional.headers["If-None-Match"] = etag
        conditional.headers["If-Modified-Since"] = lastModified
        return conditional
    }

    static func labelled(_ response: HTTPResponse, _ status: CacheStatus) -> HTTPResponse {
        var headers = response.headers
        headers[CacheStatus.headerName] = status.rawValue
        return HTTPResponse(statusCode: response.statusCode, headers: headers, body: response.body, url: response.url)
    }
}
