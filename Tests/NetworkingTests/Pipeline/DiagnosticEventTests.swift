import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Diagnostic events", .timeLimit(.minutes(1)))
struct DiagnosticEventTests {
    /// A monitor that keeps only the diagnostic events: every other event is the protocol's default no-op.
    final class DiagnosticRecorder: RequestEventMonitor {
        let events = Locked<[DiagnosticEvent]>([])
        func requestWillSend(_ request: HTTPRequest, context: RequestContext) {}
        func request(
            _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
        ) {}
        func diagnostic(_ event: DiagnosticEvent) {
            events.withLock { $0.append(event) }
        }
    }

    @Test("a cookie file that degrades reaches the configuration's own monitors, once, at .error")
    func degradedCookieFile() async throws {
        // Given a configuration with an unwritable cookie file and a monitor of its own (no logger)
        let recorder = DiagnosticRecorder()
        var configuration = stubConfiguration()
        configuration.cookieStorage = .file(URL(fileURLWithPath: "/proc/self/nope/cookies.json"))
        configuration.eventMonitors = [recorder]
        let transport = stub(headers: ["Set-Cookie": "a=1; Max-Age=100"])
        let repository = TestRepository(configuration: configuration, transport: transport)

        // When two calls store persistent cookies
        _ = await repository.performRawRequest(method: .get, path: "one")
        let second = await repository.performRawRequest(method: .get, path: "two")

        // Then the calls succeed and the monitor heard of the failure once, from the cookies, naming the file
        #expect(second.success?.statusCode == 200)
        let events = recorder.events.withLock { $0 }
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.level == .error)
        #expect(event.subsystem == "cookies")
        #expect(event.message.contains("/proc/self/nope/cookies.json"))
        #expect(event.description == "cookies: \(event.message)")
    }

    @Test("the logger prints a diagnostic event at its level, and not below it")
    func loggerPrintsAtLevel() {
        // Given a started logger at .warn writing to a capture
        let logger = NetworkActivityLogger()
        let lines = Locked<[String]>([])
        logger.output = { line in lines.withLock { $0.append(line) } }
        logger.level = .warn
        logger.startLogging()

        // When an .info and an .error event arrive
        logger.diagnostic(DiagnosticEvent(level: .info, subsystem: "cache", message: "quiet"))
        logger.diagnostic(DiagnosticEvent(level: .error, subsystem: "cache", message: "cache folder is read-only"))

        // Then only the error is printed
        #expect(lines.withLock { $0 } == ["cache folder is read-only"])
    }

    @Test("a stub transport has no executor, so transportExecutor is nil; CurlTransport's is its loop")
    func transportExecutor() {
        let stubbed = TestRepository(configuration: stubConfiguration(), transport: stub())
        let curl = TestRepository(configuration: stubConfiguration(), transport: CurlTransport.shared)

        #expect(stubbed.transportExecutor == nil)
        #expect(curl.transportExecutor != nil)
    }
}
