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

    /// The executor of this repository's transport (``HTTPTransport/executor``): ``CurlTransport/executor`` for a
    /// `CurlTransport`, `nil` for a transport without one.
    /// Run a loop of calls inside `withTaskExecutorPreference(repository.transportExecutor) { … }` and each call is
    /// sent and resumed on the transport's event-loop thread, with no thread hop (see ``CurlTransport/executor``
    /// for what may run there); with `nil` (a stub transport) the preference changes nothing.
    public var transportExecutor: (any TaskExecutor)? {
        transport.executor
    }

    /// What the initialisers work out from the configuration, once (the configuration never changes).
    let core: RepositoryCore
    /// The stages every request of this repository goes through.
    var pipeline: RequestPipeline { core.pipeline }

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
        core = RepositoryCore(
            configuration: configuration, sessionManager: sessionManager, defaultHeaders: defaultHeaders,
            transport: transport, resultSink: nil)
        self.transport = core.transport
    }

    /// Creates a repository whose decoded results also go to `resultSink` (how `PersistingRepository` saves).
    package init(
        configuration: NetworkingConfiguration,
        sessionManager: (any SessionManagerType)?,
        defaultHeaders: [String: String],
        transport: (any HTTPTransport)?,
        resultSink: any DecodedResultSink
    ) {
        self.configuration = configuration
        self.sessionManager = sessionManager
        self.defaultHeaders = defaultHeaders
        core = RepositoryCore(
            configuration: configuration, sessionManager: sessionManager, defaultHeaders: defaultHeaders,
            transport: transport, resultSink: resultSink)
        self.transport = core.transport
    }

    /// Builds the request and runs it through the pipeline, without decoding.
    nonisolated(nonsending) func send(
        method: HTTPMethod, path: String, body: RequestBody, headers: [String: String], requiresSession: Bool = true,
        followsRedirects: Bool = true
    ) async -> Result<HTTPResponse, RepositoryError> {
        var request: HTTPRequest
        do {
            // Built in place, not through `buildRequest`'s `Result`: taking the request out of it copied it.
            request = try core.builder.build(method: method, path: path, body: body, headers: headers)
        } catch {
            return .failure(error)
        }
        request.followsRedirects = followsRedirects
        return await pipeline.execute(request, context: context(path: path, requiresSession: requiresSession))
    }

    /// Builds the request of a call; every failure is an error before any I/O.
    func buildRequest(method: HTTPMethod, path: String, body: RequestBody, headers: [String: String])
        -> Result<HTTPRequest, RepositoryError>
    {
        Result { () throws(RepositoryError) in
            try core.builder.build(method: method, path: path, body: body, headers: headers)
        }
    }

    /// The context of a new call.
    func context(path: String, requiresSession: Bool = true) -> RequestContext {
        RequestContext(callID: CallAttempts.nextCallID(), path: path, requiresSession: requiresSession)
    }

    /// How a call's response is decoded; `path` is the call's path as written, which the response mapping matches.
    func decoding(_ method: HTTPMethod, path: String) -> ResponseDecoding {
        ResponseDecoding(
            settings: core.decodingSettings, method: method,
            resourcePath: core.decodingSettings.mapping.resourcePath(ofCall: path))
    }
}
