/// The process-wide decode-error hook, used when a configuration sets no `decodedErrorHandler`.
///
/// ```swift
/// DecodedErrorHandler.decodedErrorHandler = { failure in log.warning("\(failure)") }
/// ```
public enum DecodedErrorHandler {
    /// The closure sits in a struct: a `Locked` of a bare function type re-abstracts it on every `withLock` (its
    /// inout write-back stores a new thunk around the old one), so each access would make the next slower.
    private struct Handler {
        var call: @Sendable (DecodeFailure) -> Void
    }

    private static let handler = Locked(Handler { _ in })

    /// Called once for every ``RepositoryError/jsonError(_:)`` and ``RepositoryError/decodeError(_:)``
    /// of repositories whose configuration has no handler. Default: does nothing.
    public static var decodedErrorHandler: @Sendable (DecodeFailure) -> Void {
        get { handler.withLock { $0.call } }
        set { handler.withLock { $0.call = newValue } }
    }
}
