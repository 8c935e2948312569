import Foundation

/// What a repository call sends besides its path and headers.
enum RequestBody: Sendable {
    /// A parameter dictionary: query for `encodeAsURL` methods, JSON object body otherwise.
    case parameters([String: any Sendable]?)
    /// A JSON array body, for any method.
    case array([any Sendable])
    /// A typed JSON body.
    case encodable(any Encodable & Sendable)
    /// A `multipart/form-data` body; the parameters go in the query, whatever the method.
    case multipart(query: [String: any Sendable]?, MultipartFormData)
    /// A file streamed as the body, with its `Content-Type`; the parameters go in the query.
    case file(query: [String: any Sendable]?, URL, contentType: String)
    /// Bytes sent as they are, with their `Content-Type` (an XML body, for the GOM client).
    case data(Data, contentType: String)
}
