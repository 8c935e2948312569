import Foundation

/// The base class of every repository: describe the API once in a ``NetworkingConfiguration``,
/// subclass, and get a `Result<T, RepositoryError>` from every call.
///
/// ```swift
/// final class BooksRepository: AbstractRepository, @unchecked Sendable {
///     func fetchBooks(page: Int) async -> Result<[Book], RepositoryError> {
///         await performRequest(method: .get, path: "books", parameters: ["page": page])
///     }
///     func addBook(_ book: Book) async -> Result<Book, RepositoryError> {
///         await performRequest(method: .post, path: "books", body: book)
///     }
/// }
/// ```
///
/// Requests are lazy: nothing is sent until the call is awaited. Cancelling the awaiting task
/// cancels the transfer and returns ``RepositoryError/cancelled``.
open class AbstractRepository: @unchecked Sendable {
    // @unchecked Sendable: every stored property is an immutable `let` of a Sendable type.
    /// The API this repository talks to.
    public let configuration: NetworkingConfiguration
    /// The session whose token is attached as `Authorization`, or `nil` for none.
    public let sessionManager: (any SessionManagerType)?
    /// Headers sent with every request; per-call headers win over them.
    public let defaultHeaders: [String: String]
    /// The transport requests travel over.
    public let transport: any HTTPTransport
    /// The configuration's base URL (or why it has none), worked out once: the configuration never changes.
    let baseURL: Result<URL, RepositoryError>
    /// The URLs built so far for paths without a query.
    let pathURLs = PathURLCache()
    /// The stages every request of this repository goes through, assembled once.
    let pipeline: RequestPipeline

    /// Creates a repository.
    /// - Parameters:
    ///   - configuration: The API's description.
    ///   - sessionManager: The session whose token every call but authentication requests requires; `nil` for none.
    ///   - defaultHeaders: Headers sent with every request.
    ///   - transport: The transport; `nil` uses the shared ``CurlTransport``.
    public init(
        configuration: NetworkingConfiguration,
        sessionManager: (any SessionManagerType)? = nil,
        defaultHeaders: [String: String] = [:],
        transport: (any HTTPTransport)? = nil
    ) {
        self.configuration = configuration
        self.sessionManager = sessionManager
        self.defaultHeaders = defaultHeaders
        self.transport = transport ?? CurlTransport.shared
        baseURL = Result { () throws(RepositoryError) in try configuration.baseURL() }
        pipeline = RequestPipeline(
            configuration: configuration, sessionManager: sessionManager, transport: self.transport)
    }

    /// Builds the request and runs it through the pipeline, without decoding.
    func send(
        method: HTTPMethod, path: String, body: RequestBody, headers: [String: String], requiresSession: Bool = true
    ) async -> Result<HTTPResponse, RepositoryError> {
        switch buildRequest(method: method, path: path, body: body, headers: headers) {
        case .success(let request):
            await pipeline.execute(request, context: context(path: path, requiresSession: requiresSession))
        case .failure(let error): .failure(error)
        }
    }

    /// Builds the request of a call; every failure is an error before any I/O.
    func buildRequest(method: HTTPMethod, path: String, body: RequestBody, headers: [String: String])
        -> Result<HTTPRequest, RepositoryError>
    {
        Result { () throws(RepositoryError) in
            try RequestBuilder(
                configuration: configuration, baseURL: baseURL, defaultHeaders: defaultHeaders, pathURLs: pathURLs
            )
            .build(method: method, path: path, body: body, headers: headers)
        }
    }

    /// The context of a new call.
    func context(path: String, requiresSession: Bool = true) -> RequestContext {
        RequestContext(callID: CallAttempts.nextCallID(), path: path, requiresSession: requiresSession)
    }

    func decoding(_ method: HTTPMethod) -> ResponseDecoding {
        ResponseDecoding(configuration: configuration, method: method)
    }
}
