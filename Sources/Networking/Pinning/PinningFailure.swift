/// Why a pinned connection was refused: the served certificates matched no pin, or there was no
/// usable pin to check against. The server received no byte of the request.
public struct PinningFailure: Error, Sendable, CustomStringConvertible {
    /// The host the connection was for.
    public let host: String
    /// The SPKI pins of the certificates the server presented, as `"sha256/<base64>"`.
    public let servedPins: [String]
    /// The SPKI pins of the pinned certificates, as `"sha256/<base64>"`.
    public let expectedPins: [String]
    /// What failed, in words.
    public let reason: String

    /// Creates a pinning failure.
    /// - Parameters:
    ///   - host: The host the connection was for.
    ///   - servedPins: The served certificates' pins.
    ///   - expectedPins: The pinned certificates' pins.
    ///   - reason: What failed.
    public init(host: String, servedPins: [String], expectedPins: [String], reason: String) {
        self.host = host
        self.servedPins = servedPins
        self.expectedPins = expectedPins
        self.reason = reason
    }

    /// The host, the reason and both pin lists.
    public var description: String {
        let served = servedPins.isEmpty ? "none" : servedPins.joined(separator: ", ")
        let expected = expectedPins.isEmpty ? "none" : expectedPins.joined(separator: ", ")
        return "certificate pinning failed for \(host): \(reason) (served: \(served); expected: \(expected))"
    }
}
