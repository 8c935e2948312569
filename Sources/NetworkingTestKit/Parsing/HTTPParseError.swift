/// Why a request could not be parsed; ``MockServer`` answers it with `400 Bad Request`, this
/// message as the body, and closes the connection.
struct HTTPParseError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, for example `request line longer than 8192 bytes`.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
