import Foundation

/// A stored response: what the server sent, the values of the request header fields its `Vary` names, and when
/// it was asked for and received (for its age, RFC 9111 §4.2.3).
struct CachedResponse: Sendable, Equatable {
    private(set) var statusCode: Int
    private(set) var headers: HTTPHeaders
    private(set) var body: Data
    private(set) var url: URL
    /// Lowercased names of the request fields `Vary` lists that the request carried, with the SHA-256 of their
    /// values: a `Vary: Cookie` or `Vary: Authorization` must not write a session or a token into a cache file.
    private(set) var varyValues: [String: String]
    /// When the request that got this response (or its last 304) was sent.
    private(set) var requestTime: Date
    /// When that response arrived.
    private(set) var responseTime: Date
    /// What a lookup needs, worked out from the header fields and times whenever they change, so that answering
    /// from the cache is arithmetic rather than parsing (a fresh hit must cost far less than a round trip).
    private(set) var derived = Derived()

    /// The values worked out from the header fields and times.
    struct Derived: Sendable, Equatable {
        /// The response's `Cache-Control`.
        var cacheControl = CacheControl(HTTPHeaders())
        /// How long the response stays fresh from its generation (RFC 9111 §4.2.1).
        var freshnessLifetime: TimeInterval = 0
        /// The response's age when it arrived (RFC 9111 §4.2.3, `corrected_initial_age`).
        var initialAge: TimeInterval = 0
        /// The lowercased field names of the response's `Vary`.
        var varyNames: [String] = []
    }

    /// Stores `response` to `request`, sent at `requestTime` and received at `responseTime`.
    init(_ response: HTTPResponse, to request: HTTPRequest, requestTime: Date, responseTime: Date) {
        statusCode = response.statusCode
        headers = response.headers
        headers.remove(CacheStatus.headerName)
        // Stored without its cookies (as browsers do): a hit must not replay a Set-Cookie into the jar, bring back
        // a cookie the app removed at logout, or write a session into a cache file.
        headers.remove("Set-Cookie")
        body = response.body
        url = response.url
        varyValues = [:]
        self.requestTime = requestTime
        self.responseTime = responseTime
        derive()
        for name in varyNames {
            varyValues[name] = request.headers[name].map(Self.varyDigest)
        }
    }

    init(
        statusCode: Int, headers: HTTPHeaders, body: Data, url: URL, varyValues: [String: String],
        requestTime: Date, responseTime: Date
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        self.varyValues = varyValues
        self.requestTime = requestTime
        self.responseTime = responseTime
        derive()
    }

    /// The lowercased field names of the response's `Vary`.
    var varyNames: [String] {
        derived.varyNames
    }

    /// Works out ``derived`` from the header fields and times.
    private mutating func derive() {
        derived.cacheControl = CacheControl(headers)
        derived.freshnessLifetime = computedFreshnessLifetime
        derived.initialAge = computedInitialAge
        derived.varyNames = HeaderList.members(headers.values(for: "Vary"), lowercased: true)
    }

    /// Whether `request` selects this response: every field `Vary` names has the stored value (or is absent in
    /// both).
    func matches(_ request: HTTPRequest) -> Bool {
        varyNames.allSatisfy { request.headers[$0].map(Self.varyDigest) == varyValues[$0] }
    }

    /// The bytes the response takes in memory, roughly: URL, header fields, varied values and body.
    var size: Int {
        url.absoluteString.utf8.count + body.count
            + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            + varyValues.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }

    /// Applies a 304's header fields (RFC 9111 §3.2: each replaces the stored ones of its name, except those
    /// that describe the stored body) and its times.
    mutating func update(with notModified: HTTPResponse, requestTime: Date, responseTime: Date) {
        let kept: Set<String> = ["content-length", "content-encoding", "content-type", "transfer-encoding"]
        let fresh = notModified.headers.filter { !kept.contains($0.name.lowercased()) }
        for name in Set(fresh.map { $0.name.lowercased() }) {
            headers.remove(name)
        }
        let skipped: Set<String> = [CacheStatus.headerName.lowercased(), "set-cookie"]
        for field in fresh where !skipped.contains(field.name.lowercased()) {
            headers.add(name: field.name, value: field.value)
        }
        self.requestTime = requestTime
        self.responseTime = responseTime
        derive()
    }

    /// The response handed to the caller, labelled with how the cache answered and with its `Age`.
    func response(for request: HTTPRequest, status: CacheStatus, age: TimeInterval) -> HTTPResponse {
        var headers = headers
        let seconds = min(max(age.isFinite ? age : 0, 0), Self.maximumDeltaSeconds)
        headers["Age"] = String(Int(seconds.rounded(.down)))
        headers[CacheStatus.headerName] = status.rawValue
        return HTTPResponse(
            statusCode: statusCode, headers: headers, body: request.method == .head ? Data() : body, url: url)
    }

    /// How a varied request value is kept: its SHA-256, hex.
    static func varyDigest(_ value: String) -> String {
        SHA256.hexHash("vary " + value)
    }
}
