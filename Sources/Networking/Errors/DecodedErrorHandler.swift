/// The process-wide decode-error hook, used when a configuration sets no `decodedErrorHandler`.
///
/// ```swift
/// DecodedErrorHandler.decodedErrorHandler = { failure in log.warning("\(failure)") }
/// ```
public enum DecodedErrorHandler {
    private static let handler = Locked<@Sendable (DecodeFailure) -> Void>({ _ in })

    /// Called once for every ``RepositoryError/jsonError(_:)`` and ``RepositoryError/decodeError(_:)``
    /// of repositories whose configuration has no handler. Default: does nothing.
    public static var decodedErrorHandler: @Sendable (DecodeFailure) -> Void {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }
}
