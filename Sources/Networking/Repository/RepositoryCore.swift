import Foundation

/// What a repository works out from its configuration once, at its creation, held by one reference so that a call
/// copies nothing of the configuration: the transport, the base URL, the resolved response mapping, the pipeline,
/// the request builder and the decoding settings.
final class RepositoryCore: Sendable {
    let transport: any HTTPTransport
    let pipeline: RequestPipeline
    /// Builds every call's request (with the base URL, worked out once, and the URLs of query-less paths).
    let builder: RequestBuilder
    /// What every call decodes with: the configuration, the resolved response mapping, the result sink.
    let decodingSettings: ResponseDecoding.Settings

    /// Works everything out.
    /// - Parameters:
    ///   - configuration: The API's description.
    ///   - sessionManager: The session, or `nil`.
    ///   - defaultHeaders: Headers sent with every request.
    ///   - transport: The transport; `nil` uses the shared ``CurlTransport``.
    ///   - resultSink: Where decoded results go, or `nil`.
    init(
        configuration: NetworkingConfiguration, sessionManager: (any SessionManagerType)?,
        defaultHeaders: [String: String], transport: (any HTTPTransport)?, resultSink: (any DecodedResultSink)?
    ) {
        let transport = transport ?? CurlTransport.shared
        let mapping = ResolvedResponseMapping(configuration.responseMapping)
        // The base URL, or why there is none (also when the response mapping is invalid): every call fails with it.
        let baseURL = Result { () throws(RepositoryError) in
            let url = try configuration.baseURL()
            try mapping.validate()
            return url
        }
        self.transport = transport
        pipeline = RequestPipeline(
            configuration: configuration, sessionManager: sessionManager, transport: transport, mapping: mapping)
        builder = RequestBuilder(
            configuration: configuration, baseURL: baseURL, defaultHeaders: defaultHeaders, pathURLs: PathURLCache())
        decodingSettings = ResponseDecoding.Settings(configuration: configuration, mapping: mapping, sink: resultSink)
    }
}
