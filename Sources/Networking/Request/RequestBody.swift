import Foundation

/// What a repository call sends besides its path and headers.
enum RequestBody: Sendable {
    /// A parameter dictionary: query for `encodeAsURL` methods, JSON object body otherwise.
    case parameters([String: any Sendable]?)
    /// A JSON array body, for any method.
    case array([any Sendable])
    /// A typed JSON body.
    case encodable(any Encodable & Sendable)
}
