/// An HTTP request method: one of the standard ones below, or any other RFC 9110 token (`PROPFIND`, `PURGE`).
///
/// ```swift
/// let result: Result<[Book], RepositoryError> = await performRequest(method: .get, path: "books")
/// let purge = HTTPMethod(rawValue: "PURGE")   // nil for a name that is not a token, such as "GET /"
/// ```
///
/// Methods are case-sensitive (RFC 9110 §9.1): `HTTPMethod(rawValue: "get")` is another method than ``get``, sent as
/// written. A custom method goes through the whole pipeline (logged, monitored), is never answered from or stored in
/// a cache, and is retried only when listed in ``RetryPolicy/retryableMethods``. A `switch` over methods needs a
/// `default`.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The method as sent, such as `GET`.
    public let rawValue: String

    /// Creates a method from its name, exactly as it is to be sent.
    /// - Parameter rawValue: The name: one or more RFC 9110 token characters (ASCII letters and digits, and the
    ///   symbols listed in RFC 9110 §5.6.2, such as `-`, `.`, `_`, `~` and `!`).
    /// - Returns: `nil` when `rawValue` is empty or holds any other character (a space, a colon, a line break).
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.allSatisfy(Self.isTokenCharacter) else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// A method whose name is known to be a token.
    private init(token: String) {
        rawValue = token
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(token: "GET")
    /// `HEAD`: read a resource's headers only.
    public static let head = HTTPMethod(token: "HEAD")
    /// `POST`: create a resource or run an action.
    public static let post = HTTPMethod(token: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(token: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(token: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(token: "DELETE")
    /// `OPTIONS`: ask which methods a resource supports.
    public static let options = HTTPMethod(token: "OPTIONS")
    /// `QUERY`: a safe, idempotent read whose query travels in the body (the IETF httpbis QUERY method). Unless it is
    /// listed in ``NetworkingConfiguration/encodeAsURL``, a call's parameters go in a JSON body.
    public static let query = HTTPMethod(token: "QUERY")

    /// The standard methods above, ``query`` included.
    public static var allCases: [HTTPMethod] {
        [.get, .head, .post, .put, .patch, .delete, .options, .query]
    }

    /// The method as sent, such as `GET`.
    public var description: String {
        rawValue
    }

    /// Whether `byte` is an RFC 9110 §5.6.2 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
