public import Foundation

/// How a ``GOMObserver`` keeps its WebSocket: keepalive pings, dead-peer detection, and reconnecting with jittered
/// exponential backoff.
///
/// ```swift
/// let observer = GOMObserver(client: gom, reconnect: ReconnectPolicy(initialDelay: 1, maximumDelay: 60))
/// ```
/// The n-th reconnect in a row waits a random time between half and all of `initialDelay × 2^(n-1)`, capped at
/// `maximumDelay`; the count starts over once a connection has been ready. There is never an immediate retry.
public struct ReconnectPolicy: Sendable {
    /// Whether a lost connection is opened again. Default `true`; `false` in ``never``.
    public var reconnects: Bool
    /// The delay before the first reconnect, in seconds (before jitter). Default 0.5.
    public var initialDelay: TimeInterval
    /// The longest delay between reconnects, in seconds. Default 30.
    public var maximumDelay: TimeInterval
    /// Whether every path still observed is subscribed again after a reconnect (its streams then get a fresh
    /// `.initial`). Default `true`; when `false`, the streams end at the disconnection.
    public var resubscribe: Bool
    /// How often a ping is sent while connected, in seconds. Default 30.
    public var keepaliveInterval: TimeInterval
    /// How long without any frame or pong from the server before it is considered dead and the connection is
    /// dropped, in seconds. Default 65.
    public var deadAfter: TimeInterval

    /// Creates a policy.
    /// - Parameters:
    ///   - reconnects: Whether to reconnect.
    ///   - initialDelay: The first delay, in seconds.
    ///   - maximumDelay: The longest delay, in seconds.
    ///   - resubscribe: Whether to subscribe again after a reconnect.
    ///   - keepaliveInterval: The ping interval, in seconds.
    ///   - deadAfter: The silence after which the server is dead, in seconds.
    public init(
        reconnects: Bool = true, initialDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 30,
        resubscribe: Bool = true, keepaliveInterval: TimeInterval = 30, deadAfter: TimeInterval = 65
    ) {
        self.reconnects = reconnects
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.resubscribe = resubscribe
        self.keepaliveInterval = keepaliveInterval
        self.deadAfter = deadAfter
    }

    /// Reconnects after 0.5 s, doubling up to 30 s, re-subscribing; pings every 30 s, dead after 65 s.
    public static let `default` = ReconnectPolicy()

    /// Never reconnects: the first lost connection ends the observer's streams.
    public static let never = ReconnectPolicy(reconnects: false)

    /// The shortest delay ever waited, whatever the configuration: a reconnect is never immediate.
    static let minimumDelay: TimeInterval = 0.05

    /// The delay before reconnect number `attempt` (1 for the first after a lost connection).
    /// - Parameters:
    ///   - attempt: The attempt, from 1.
    ///   - random: A number in `0...1`.
    /// - Returns: Between half and all of the capped exponential delay, at least ``minimumDelay``.
    func delay(attempt: Int, random: Double) -> TimeInterval {
        let base = max(initialDelay, Self.minimumDelay)
        let exponent = Double(min(max(attempt, 1) - 1, 32))
        let capped = min(max(maximumDelay, base), base * pow(2, exponent))
        return max(Self.minimumDelay, capped * (0.5 + 0.5 * min(max(random, 0), 1)))
    }

    /// The keepalive interval, never below 10 ms.
    var pingInterval: TimeInterval {
        max(keepaliveInterval, 0.01)
    }
}
