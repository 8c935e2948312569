import Foundation
import Networking
import NetworkingTestKit

/// The demo's tour: every feature of Networking against the embedded pinned books API.
final class Tour: Sendable {
    let servers: DemoServers
    let console: Console
    let session: SessionManager
    let decodeFailures = Locked<[DecodeFailure]>([])
    private let results = Locked<[StepResult]>([])

    /// Whether the tour may switch the shared logger to `.debug` for the call that shows redaction
    /// (tests say no: other suites use the shared logger concurrently).
    let adjustsLogger: Bool

    init(servers: DemoServers, console: Console, adjustsLogger: Bool = true) {
        self.servers = servers
        self.console = console
        self.adjustsLogger = adjustsLogger
        // When the API rejects the token, the session swaps it once through POST users/refresh, however many
        // calls were rejected, and the pipeline replays each of them with the new token.
        let refresher = UserRepository(configuration: Self.apiConfiguration(port: servers.api.port))
        self.session = SessionManager { expiredToken in
            try await refresher.refresh(expiredToken: expiredToken).get()
        }
    }

    /// The configuration of the real API: HTTPS, pinned to the bundled `books-api.der`.
    static func apiConfiguration(port: Int) -> NetworkingConfiguration {
        NetworkingConfiguration(
            domainURL: "localhost", port: port, subdomainURL: "/api/v1", usePinningCertificate: true,
            pinnedCertificates: .bundle(.module), timeout: 10, secondsBetweenPolls: 0.6)
    }

    /// The API's configuration, with the tour's decode-error hook.
    var configuration: NetworkingConfiguration {
        var configuration = Self.apiConfiguration(port: servers.api.port)
        configuration.decodedErrorHandler = { [self] failure in
            decodeFailures.withLock { $0.append(failure) }
        }
        return configuration
    }

    /// Runs every section and returns each step's outcome.
    func run() async -> [StepResult] {
        await books()
        await users()
        await entities()
        await reports()
        await interceptors()
        await transfers()
        await storage()
        await caching()
        await live()
        await gomSection()
        await impostor()
        return results.withLock { $0 }
    }

    /// Times `call`, prints its outcome line, and records whether it behaved as `check` expects.
    @discardableResult
    func step<T>(
        _ name: String, check: (Result<T, RepositoryError>) -> (passed: Bool, summary: String),
        call: () async -> Result<T, RepositoryError>
    ) async -> Result<T, RepositoryError> {
        let start = ContinuousClock.now
        let result = await call()
        let elapsed = ContinuousClock.now - start
        let (passed, summary) = check(result)
        console.line(
            "   \(console.mark(passed)) \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(summary) "
                + console.dim(String(format: "(%.1f ms)", Self.milliseconds(elapsed))))
        results.withLock { $0.append(StepResult(name: name, passed: passed, summary: summary)) }
        return result
    }

    /// A duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// Every step's outcome so far.
    var recorded: [StepResult] {
        results.withLock { $0 }
    }

    func record(_ name: String, passed: Bool, summary: String) {
        console.line("   \(console.mark(passed)) \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(summary)")
        results.withLock { $0.append(StepResult(name: name, passed: passed, summary: summary)) }
    }
}
