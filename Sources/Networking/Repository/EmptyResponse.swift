/// The result type for calls whose success has no body: any 2xx with an empty body, 204, or HEAD.
///
/// ```swift
/// let result: Result<EmptyResponse, RepositoryError> = await performRequest(method: .delete, path: "books/3")
/// ```
public struct EmptyResponse: Decodable, Sendable, Equatable {
    /// Creates an empty response.
    public init() {}

    /// Decodes from anything: the body is ignored.
    public init(from decoder: any Decoder) throws {}
}
