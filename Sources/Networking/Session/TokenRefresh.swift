import Foundation

/// Single-flight token refresh, kept by the pipeline so that it holds for any ``SessionManagerType``: the calls
/// that get a 401 for the same token of the same session manager share one
/// ``SessionManagerType/refreshToken(replacing:)``.
///
/// A refresh that returns `nil`, an empty token or the expired one, or that does not finish within the
/// timeout, fails: the session expires (unless its token has changed meanwhile) before the waiting calls
/// learn of it, so that they all return ``RepositoryError/unauthenticatedSession(_:)`` with the session gone.
enum TokenRefresh {
    /// How a refresh ended for one waiting call.
    enum Outcome: Sendable, Equatable {
        case refreshed(String)
        case failed
        /// The waiting call was cancelled; the refresh goes on for the others.
        case cancelled
    }

    private struct Key: Hashable {
        let manager: ObjectIdentifier
        let token: String
    }

    /// The refreshes in flight. A flight leaves once it has ended; calls rejected later with the same token find
    /// the session's token changed (or gone) and need no refresh.
    private static let flights = Locked<[Key: RefreshFlight]>([:])

    /// Refreshes `expired`, or joins the refresh of it already in flight, and waits for the outcome.
    /// - Parameters:
    ///   - expired: The token the server rejected.
    ///   - manager: The session it belongs to.
    ///   - timeout: The longest the refresh may take, in seconds.
    static func refresh(_ expired: String, of manager: any SessionManagerType, timeout: TimeInterval) async
        -> Outcome
    {
        let key = Key(manager: identity(of: manager), token: expired)
        let (flight, isNew) = flights.withLock { flights -> (RefreshFlight, Bool) in
            if let flight = flights[key] {
                return (flight, false)
            }
            let flight = RefreshFlight()
            flights[key] = flight
            return (flight, true)
        }
        if isNew {
            flight.start(timeout: timeout) {
                let token = await manager.refreshToken(replacing: expired)
                return token.flatMap { $0.isEmpty || $0 == expired ? nil : $0 }
            } settle: { token in
                if token == nil {
                    await expire(manager, ifStill: expired)
                }
                flights.withLock { $0[key] = nil }
            }
        }
        return await flight.wait()
    }

    /// Expires the session if its token is still `token`: a session that has moved on (refreshed, or a new
    /// login) is not thrown away because of a rejected older token.
    static func expire(_ manager: any SessionManagerType, ifStill token: String) async {
        if await manager.sessionToken == token {
            await manager.expire()
        }
    }

    /// The session manager's instance for reference types (actors, classes); its type for value types, whose
    /// instances have no identity.
    private static func identity(of manager: any SessionManagerType) -> ObjectIdentifier {
        if type(of: manager) is AnyObject.Type {
            return ObjectIdentifier(manager as AnyObject)
        }
        return ObjectIdentifier(type(of: manager))
    }
}
