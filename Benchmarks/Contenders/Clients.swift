import Foundation
import Networking

/// The contenders' clients for one process, created once per endpoint so that each keeps its connection
/// from one round to the next.
final class Clients {
    let options: Options
    /// The generated certificate, DER (Networking pins it).
    let certificateDER: Data
    /// The generated certificate, PEM (raw libcurl trusts it).
    let certificatePEM: Data
    private let decoder = JSONDecoder()
    private var repositories: [Endpoint.Kind: BenchRepository] = [:]
    private var curlClients: [Endpoint.Kind: RawCurlClient] = [:]
    private var sessions: [Endpoint.Kind: URLSessionClient] = [:]
    /// The concurrent scenario's clients: the same, limited to ``ConcurrentScenario/connectionsPerHost``.
    private var concurrentRepositories: [Endpoint.Kind: BenchRepository] = [:]
    private var concurrentSessions: [Endpoint.Kind: URLSessionClient] = [:]
    private var concurrentCurlClients: [Endpoint.Kind: RawCurlMultiClient] = [:]
    private lazy var concurrentTransport = CurlTransport(
        maximumConnectionsPerHost: ConcurrentScenario.connectionsPerHost)

    /// Reads the certificate.
    /// - Throws: ``BenchmarkError`` when a certificate file cannot be read.
    init(options: Options) throws {
        self.options = options
        do {
            certificateDER = try Data(contentsOf: URL(fileURLWithPath: options.certificateDERPath))
            certificatePEM = try Data(contentsOf: URL(fileURLWithPath: options.certificatePEMPath))
        } catch {
            throw BenchmarkError("cannot read the certificate: \(error)")
        }
    }

    /// Whether a contender takes part on an endpoint: URLSession over TLS only when the certificate is in the
    /// system CA store (it cannot pin nor trust a custom CA per process on Linux); wrk not over HTTP/2.
    func takesPart(_ contender: Contender, on endpoint: Endpoint) -> Bool {
        switch contender {
        case .networking, .networkingExecutor, .curl: true
        case .urlsession: !endpoint.isSecure || options.urlSessionHTTPS
        case .wrk: endpoint.wrkCanRun && !options.wrkPath.isEmpty
        }
    }

    /// The Networking repository for an endpoint.
    func repository(_ endpoint: Endpoint) -> BenchRepository {
        if let existing = repositories[endpoint.kind] {
            return existing
        }
        let repository = BenchRepository(endpoint: endpoint, certificate: certificateDER)
        repositories[endpoint.kind] = repository
        return repository
    }

    /// The reused raw libcurl handle for an endpoint.
    func curl(_ endpoint: Endpoint) throws -> RawCurlClient {
        if let existing = curlClients[endpoint.kind] {
            return existing
        }
        let client = try RawCurlClient(pemCertificate: certificatePEM, publicKeyPin: options.publicKeyPin)
        curlClients[endpoint.kind] = client
        return client
    }

    /// The URLSession for an endpoint.
    func session(_ endpoint: Endpoint) -> URLSessionClient {
        if let existing = sessions[endpoint.kind] {
            return existing
        }
        let session = URLSessionClient()
        sessions[endpoint.kind] = session
        return session
    }

    /// One GET + decode of the small record by an in-process contender.
    /// - Returns: The operation, or `nil` for wrk.
    /// - Parameter layer: For a Networking contender, how much of its call to make (`--layer` of `--profile`).
    func smallGet(_ contender: Contender, on endpoint: Endpoint, layer: ProfileLayer = .call) throws
        -> (() async throws -> Void)?
    {
        let url = endpoint.url(Fixtures.smallPath)
        switch contender {
        case .networking, .networkingExecutor:
            let repository = repository(endpoint)
            let decoder = decoder
            switch layer {
            case .call:
                return { _ = try await repository.small().get() }
            case .raw:
                return { _ = try decoder.decode(Record.self, from: await repository.smallRaw().get().body) }
            case .transport:
                let request = HTTPRequest(
                    method: .get, url: url, timeout: 30,
                    pinning: endpoint.isSecure ? .certificates([certificateDER]) : nil)
                let transport = repository.transport
                return { _ = try decoder.decode(Record.self, from: try await transport.send(request).body) }
            }
        case .curl:
            let client = try curl(endpoint)
            let decoder = decoder
            return { _ = try decoder.decode(Record.self, from: client.get(url)) }
        case .urlsession:
            let session = session(endpoint)
            let decoder = decoder
            return { _ = try decoder.decode(Record.self, from: await session.get(url)) }
        case .wrk:
            return nil
        }
    }

    /// The same, for concurrent use (Networking and URLSession only; raw libcurl is ``concurrentCurl(_:inFlight:)``), on clients of their own that open at
    /// most ``ConcurrentScenario/connectionsPerHost`` connections to the endpoint, as wrk does.
    func concurrentSmallGet(_ contender: Contender, on endpoint: Endpoint) -> (@Sendable () async throws -> Void)? {
        let url = endpoint.url(Fixtures.smallPath)
        switch contender {
        case .networking, .networkingExecutor:
            let repository =
                concurrentRepositories[endpoint.kind]
                ?? BenchRepository(endpoint: endpoint, certificate: certificateDER, transport: concurrentTransport)
            concurrentRepositories[endpoint.kind] = repository
            return { _ = try await repository.small().get() }
        case .urlsession:
            let session =
                concurrentSessions[endpoint.kind]
                ?? URLSessionClient(maximumConnectionsPerHost: ConcurrentScenario.connectionsPerHost)
            concurrentSessions[endpoint.kind] = session
            let decoder = decoder
            return { _ = try decoder.decode(Record.self, from: await session.get(url)) }
        case .curl, .wrk:
            return nil
        }
    }

    /// The concurrent scenario's raw libcurl client for an endpoint: one multi handle on a thread of its own, with
    /// `inFlight` easy handles.
    func concurrentCurl(_ endpoint: Endpoint, inFlight: Int) throws -> RawCurlMultiClient {
        if let existing = concurrentCurlClients[endpoint.kind] {
            return existing
        }
        let client = try RawCurlMultiClient(
            url: endpoint.url(Fixtures.smallPath), inFlight: inFlight, pemCertificate: certificatePEM,
            publicKeyPin: options.publicKeyPin)
        concurrentCurlClients[endpoint.kind] = client
        return client
    }

    /// The task executor a contender's runs prefer: the event loop of the transport its repositories use
    /// (`CurlTransport.shared` in the sequential scenario, the concurrent scenario's own transport there) for
    /// ``Contender/networkingExecutor``, `nil` for every other contender.
    /// - Parameters:
    ///   - contender: The contender.
    ///   - concurrent: Whether the run is the concurrent scenario's.
    func executor(_ contender: Contender, concurrent: Bool) -> (any TaskExecutor)? {
        guard contender == .networkingExecutor else {
            return nil
        }
        return concurrent ? concurrentTransport.executor : CurlTransport.shared.executor
    }

    /// Invalidates the URLSessions.
    func close() {
        for session in Array(sessions.values) + Array(concurrentSessions.values) {
            session.invalidate()
        }
        sessions = [:]
        concurrentSessions = [:]
        concurrentRepositories = [:]
        curlClients = [:]
        concurrentCurlClients = [:]
    }
}
