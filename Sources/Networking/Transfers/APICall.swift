import Foundation

/// One API call described by a type of its own (AFAbstractRESTClient's one-class-per-call style): method,
/// path, parameters, headers, an optional multipart body, a last-moment `decorate`, and how to `parse` the
/// response. ``AbstractRepository/execute(_:progress:)`` sends it through the same pipeline as every call
/// (session, interceptors, event monitors, pinning).
///
/// ```swift
/// struct UploadCover: APICall {
///     typealias Response = Book
///     let bookID: Int
///     let image: URL
///     var method: HTTPMethod { .post }
///     var path: String { "books/\(bookID)/cover" }
///     var multipart: MultipartFormData? {
///         var form = MultipartFormData()
///         form.append(fileAt: image, name: "cover")
///         return form
///     }
/// }
/// let book = await repository.execute(UploadCover(bookID: 7, image: coverURL)) { progress in print(progress) }
/// ```
///
/// Parameters go in the query for the configuration's `encodeAsURL` methods and for calls with a multipart body,
/// else in a JSON body. A `parse` that throws is reported like a manual decoder's error: a ``DecodeError`` as
/// is, anything else as ``RepositoryError/decodeError(_:)`` with its description, and the decode-error hook is
/// called once.
public protocol APICall: Sendable {
    /// What the call returns.
    associatedtype Response: Sendable
    /// The method.
    var method: HTTPMethod { get }
    /// The path, appended to the configuration's base URL.
    var path: String { get }
    /// The parameters; default `nil`.
    var parameters: [String: any Sendable]? { get }
    /// Headers for this call; default none.
    var headers: [String: String] { get }
    /// A multipart body; default `nil`.
    var multipart: MultipartFormData? { get }
    /// Changes the built request before it enters the pipeline (the session token is attached after);
    /// default: nothing.
    /// - Parameter request: The request.
    func decorate(_ request: inout HTTPRequest)
    /// Turns the 2xx response into the result; default for a `Decodable` response: as `performRequest` does
    /// (`EmptyResponse`, `Data` and `String` raw, anything else JSON).
    /// - Parameter response: The response.
    /// - Returns: The result.
    func parse(_ response: HTTPResponse) throws -> Response
}

extension APICall {
    /// No parameters.
    public var parameters: [String: any Sendable]? { nil }
    /// No headers.
    public var headers: [String: String] { [:] }
    /// No multipart body.
    public var multipart: MultipartFormData? { nil }
    /// Leaves the request as built.
    /// - Parameter request: The request.
    public func decorate(_ request: inout HTTPRequest) {}
}

extension APICall where Response: Decodable {
    /// Decodes the body as `performRequest` does.
    /// - Parameter response: The response.
    /// - Returns: The decoded value.
    public func parse(_ response: HTTPResponse) throws -> Response {
        switch ResponseDecoding.decoded(response, as: Response.self, method: method) {
        case .success(let value): return value
        case .failure(let error): throw ResponseDecoding.Failure(error: error)
        }
    }
}
