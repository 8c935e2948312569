import Foundation

/// Whether a stored response may answer a request without the server (RFC 9111 §4.2 and §5.2): its age against
/// its freshness lifetime, and the request's and response's directives.
struct CacheDecision: Sendable {
    /// The stored response's current age, in seconds.
    let age: TimeInterval
    /// Whether the stored response may answer now.
    let isUsable: Bool
    /// Whether the stored response may answer when revalidation cannot reach the server.
    let acceptsStaleOnFailure: Bool

    /// Decides for `entry` and a request whose `Cache-Control` is `request`, at `now`.
    init(entry: CachedResponse, request: CacheControl, now: Date) {
        let response = entry.cacheControl
        let lifetime = entry.freshnessLifetime
        age = entry.age(at: now)
        let staleness = age - lifetime
        var fresh = staleness < 0
        if let maxAge = request.maxAge, age > maxAge {
            fresh = false
        }
        if let minFresh = request.minFresh, lifetime - age < minFresh {
            fresh = false
        }
        let staleAccepted =
            !response.mustRevalidate && !response.noCache && request.maxStale.map { staleness <= $0 } == true
        let mustAsk = request.noCache || response.noCache
        isUsable = !mustAsk && (fresh || staleAccepted)
        acceptsStaleOnFailure = !response.mustRevalidate && request.maxStale.map { staleness <= $0 } == true
    }
}
