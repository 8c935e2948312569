public import Foundation

// Foundation's `localizedDescription` of an error that is not a `LocalizedError` reads "The operation could not
// be completed. (Networking.RepositoryError error 0.)"; these give it each error's own description instead.

extension RepositoryError: LocalizedError {
    /// The same as ``description``, so `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}

extension TransportError: LocalizedError {
    /// The same as ``description``, so `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}

extension PinningFailure: LocalizedError {
    /// The same as ``description``, so `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}

extension ResponseError: LocalizedError {
    /// The same as ``description``, so `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}

extension DecodeError: LocalizedError {
    /// The same as ``description``, so `localizedDescription` says what went wrong and where.
    public var errorDescription: String? { description }
}
