public import Foundation

/// An interceptor that sends a request again when it failed in a way that may pass: exponential backoff
/// with full jitter, `Retry-After` honoured, idempotent methods only by default.
///
/// ```swift
/// var configuration = NetworkingConfiguration(domainURL: "api.example.com")
/// configuration.interceptors = [RetryPolicy(maximumAttempts: 4, baseDelay: 0.25)]
/// ```
///
/// An attempt is retried when it failed with a refused or lost connection, ran out of time
/// (``RepositoryError/timeout``; the configuration's `timeout` bounds each attempt, not the waits), or was
/// answered with one of ``retryableStatusCodes``, and only for ``retryableMethods``. Attempt `n` waits
/// `baseDelay * 2^(n-1)` capped at ``maximumDelay`` before the next one, or a uniformly random part of that
/// with ``jitter`` (AWS's "full jitter", so that many clients do not retry in step); a 429 or 503 with a
/// `Retry-After` (seconds or HTTP-date) waits what the server asked instead, capped at ``maximumDelay``.
/// Never retried: pinning failures, TLS failures, insecure redirects, responses too large, cancellation.
/// Cancelling during a wait returns ``RepositoryError/cancelled`` at once and sends nothing more; the last
/// attempt's outcome is the call's. Every attempt is seen by the event monitors (the logger prints
/// `(attempt n)`).
///
/// Place it first in ``NetworkingConfiguration/interceptors`` so that the interceptors after it run again
/// for every attempt. Invalid values (fewer than 1 attempt, a negative or non-finite delay) make calls fail
/// with ``RepositoryError/invalidParameters(_:)`` naming the field, before anything is sent.
public struct RetryPolicy: HTTPInterceptor {
    /// The most attempts, the first included. Default 3; 1 never retries.
    public var maximumAttempts: Int
    /// The wait after the first attempt, in seconds, doubled after each further one. Default 0.5.
    public var baseDelay: TimeInterval
    /// The longest wait, in seconds, computed or asked for by `Retry-After`. Default 30.
    public var maximumDelay: TimeInterval
    /// Whether each wait is uniformly random between 0 and the computed delay. Default `true`.
    public var jitter: Bool
    /// The methods that may be retried. Default GET, HEAD, PUT, DELETE and OPTIONS: not POST or PATCH, which
    /// may not be idempotent.
    public var retryableMethods: Set<HTTPMethod>
    /// The statuses that are retried. Default 408, 429, 500, 502, 503 and 504.
    public var retryableStatusCodes: Set<Int>

    /// Creates a retry policy.
    /// - Parameters:
    ///   - maximumAttempts: The most attempts, the first included.
    ///   - baseDelay: The first wait, in seconds, doubled after each attempt.
    ///   - maximumDelay: The longest wait, in seconds.
    ///   - jitter: Whether waits are random between 0 and the computed delay.
    ///   - retryableMethods: The methods that may be retried.
    ///   - retryableStatusCodes: The statuses that are retried.
    public init(
        maximumAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 30,
        jitter: Bool = true, retryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options],
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
    }

    /// Sends the request, and again after a wait while it fails in a retryable way and attempts remain.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The call; attempt `n` of this policy is passed on as `context.attempt + n - 1`.
    ///   - next: The rest of the chain.
    /// - Returns: The last attempt's response.
    /// - Throws: The last attempt's error; `CancellationError` when cancelled during a wait;
    ///   ``RepositoryError/invalidParameters(_:)`` for invalid settings.
    public func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try validate()
        var attempt = 1
        while true {
            var attemptContext = context
            attemptContext.attempt = context.attempt + attempt - 1
            let outcome: Result<HTTPResponse, any Error>
            do {
                outcome = .success(try await next(request, attemptContext))
            } catch {
                outcome = .failure(error)
            }
            guard attempt < maximumAttempts,
                let wait = delay(afterAttempt: attempt, of: request.method, outcome: outcome)
            else {
                return try outcome.get()
            }
            // A call cancelled between attempts ends as cancelled, with nothing more sent, like one cancelled
            // during the wait.
            try Task.checkCancellation()
            try await Task.sleep(for: .seconds(wait))
            attempt += 1
        }
    }

    /// The wait before the attempt after `attempt`, or `nil` when `outcome` is not to be retried.
    /// - Parameters:
    ///   - attempt: The attempt that just ended, from 1.
    ///   - method: The request's method.
    ///   - outcome: How it ended.
    ///   - now: The current time, for `Retry-After` dates.
    ///   - random: Picks the jittered wait in `0...delay`.
    func delay(
        afterAttempt attempt: Int, of method: HTTPMethod, outcome: Result<HTTPResponse, any Error>,
        now: Date = Date(), random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> TimeInterval? {
        guard retryableMethods.contains(method) else {
            return nil
        }
        switch outcome {
        case .success(let response):
            guard retryableStatusCodes.contains(response.statusCode) else {
                return nil
            }
            if response.statusCode == 429 || response.statusCode == 503,
                let asked = RetryAfter.delay(from: response.headers["Retry-After"], now: now, cap: maximumDelay)
            {
                return asked
            }
        case .failure(let error):
            guard Self.isRetryable(error) else {
                return nil
            }
        }
        let exponential = min(baseDelay * pow(2, Double(min(attempt - 1, 62))), maximumDelay)
        return jitter ? random(0...exponential) : exponential
    }

    /// Refused and lost connections and attempts that ran out of time; nothing else (pinning, TLS, insecure
    /// redirects, responses too large, cancellation, unknown errors).
    static func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case let error as TransportError:
            error.code == .connectionRefused || error.code == .connectionLost
        case RepositoryError.timeout:
            true
        case RepositoryError.noNetworkConnection(let error):
            error.code == .connectionRefused || error.code == .connectionLost
        default:
            false
        }
    }

    private func validate() throws(RepositoryError) {
        guard maximumAttempts >= 1 else {
            throw .invalidParameters("RetryPolicy.maximumAttempts must be at least 1, got \(maximumAttempts)")
        }
        guard baseDelay.isFinite, baseDelay >= 0 else {
            throw .invalidParameters("RetryPolicy.baseDelay must be a finite number of seconds ≥ 0, got \(baseDelay)")
        }
        guard maximumDelay.isFinite, maximumDelay >= 0 else {
            throw .invalidParameters(
                "RetryPolicy.maximumDelay must be a finite number of seconds ≥ 0, got \(maximumDelay)")
        }
    }
}
