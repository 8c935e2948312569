import Foundation

extension CachedResponse {
    /// Statuses a cache may store without explicit freshness (RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The longest heuristic lifetime: a day.
    static let maximumHeuristicLifetime: TimeInterval = 86_400

    /// The response's `Cache-Control`.
    var cacheControl: CacheControl { derived.cacheControl }

    /// How long the response stays fresh from its generation (RFC 9111 §4.2.1).
    var freshnessLifetime: TimeInterval { derived.freshnessLifetime }

    /// The response's age at `now` (RFC 9111 §4.2.3): its age when it arrived plus the time since.
    func age(at now: Date) -> TimeInterval {
        derived.initialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// ``freshnessLifetime`` worked out: `max-age`, else `Expires` minus `Date`, else 10 % of the time since
    /// `Last-Modified` (at most a day, and only for a URL without a query, as OkHttp).
    var computedFreshnessLifetime: TimeInterval {
        let control = CacheControl(headers)
        if let maxAge = control.maxAge {
            return maxAge
        }
        let date = HTTPDate.parse(headers["Date"]) ?? responseTime
        if let expires = headers["Expires"] {
            // An invalid Expires, such as "0", means already expired.
            return HTTPDate.parse(expires).map { max($0.timeIntervalSince(date), 0) } ?? 0
        }
        guard url.query == nil, let lastModified = HTTPDate.parse(headers["Last-Modified"]),
            Self.heuristicallyCacheable.contains(statusCode)
        else {
            return 0
        }
        return min(max(date.timeIntervalSince(lastModified), 0) / 10, Self.maximumHeuristicLifetime)
    }

    /// The response's age when it arrived (RFC 9111 §4.2.3, `corrected_initial_age`).
    var computedInitialAge: TimeInterval {
        let date = HTTPDate.parse(headers["Date"]) ?? responseTime
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let ageValue = Self.deltaSeconds(headers["Age"]) ?? 0
        let correctedAge = ageValue + max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, correctedAge)
    }

    /// Whether `response` to `request` may be stored (RFC 9111 §3): neither says `no-store`, no `Vary: *`, a
    /// status cacheable by heuristic or explicit freshness, and for a request with `Authorization`, a response
    /// that allows it.
    static func isStorable(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        let control = CacheControl(response.headers)
        guard !control.noStore, !CacheControl(request.headers).noStore, response.statusCode >= 200,
            response.statusCode != 206, response.statusCode != 304
        else {
            return false
        }
        guard !HeaderList.members(response.headers.values(for: "Vary")).contains("*") else {
            return false
        }
        if request.headers.contains("Authorization"), !control.allowsAuthorizedStorage {
            return false
        }
        let explicit = control.maxAge != nil || response.headers.contains("Expires") || control.has("public")
        return explicit || heuristicallyCacheable.contains(response.statusCode)
    }

    /// The most seconds a delta-seconds value counts for (RFC 9111 §1.2.2: 2^31, "infinity" in practice).
    static let maximumDeltaSeconds: TimeInterval = 2_147_483_648

    /// A delta-seconds value (RFC 9111 §1.2.2): digits only, capped at ``maximumDeltaSeconds``, so that
    /// `inf`, `1e300` or a 40-digit number from a hostile server cannot make an age that overflows later.
    static func deltaSeconds(_ text: String?) -> TimeInterval? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return nil
        }
        return min(TimeInterval(text) ?? maximumDeltaSeconds, maximumDeltaSeconds)
    }
}
