import Foundation
import NetworkingTestKit

@testable import Networking

/// Helpers for tests that drive a logger through the event-monitor calls the pipeline makes.
protocol LoggerTesting {}

extension LoggerTesting {
    func makeLogger(level: NetworkActivityLoggerLevel, start: Bool = true) -> (NetworkActivityLogger, LogCapture) {
        let logger = NetworkActivityLogger()
        let capture = LogCapture()
        logger.output = capture.output
        logger.level = level
        if start {
            logger.startLogging()
        }
        return (logger, capture)
    }

    func request(_ path: String, method: HTTPMethod = .get, headers: HTTPHeaders = HTTPHeaders()) -> HTTPRequest {
        HTTPRequest(method: method, url: url(path), headers: headers)
    }

    func url(_ path: String) -> URL {
        URL(string: "http://example.test/\(path)")!
    }

    func response(_ status: Int, _ path: String, headers: HTTPHeaders = HTTPHeaders(), body: String = "")
        -> HTTPResponse
    {
        HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: url(path))
    }

    var refused: TransportError {
        TransportError(code: .connectionRefused, message: "connection refused")
    }

    var pinningFailure: PinningFailure {
        PinningFailure(
            host: "example.test", servedPins: ["sha256/AAA="], expectedPins: ["sha256/BBB="], reason: "no pin")
    }

    func observe(
        _ logger: NetworkActivityLogger, _ request: HTTPRequest, _ result: Result<HTTPResponse, RepositoryError>
    ) async -> Result<HTTPResponse, RepositoryError> {
        await observe(logger, request) { result }
    }

    /// Runs `send` between the monitor's two events, as the pipeline's event-monitor stage does.
    func observe(
        _ monitor: any RequestEventMonitor, _ request: HTTPRequest,
        context: RequestContext = RequestContext(callID: CallAttempts.nextCallID(), path: "observed"),
        _ send: () async -> Result<HTTPResponse, RepositoryError>
    ) async -> Result<HTTPResponse, RepositoryError> {
        monitor.requestWillSend(request, context: context)
        let result = await send()
        monitor.request(request, context: context, didFinishWith: result)
        return result
    }

    /// Polls `condition` every 5 ms until it holds or `seconds` pass; generous by default because the
    /// machine running the tests may be loaded.
    /// - Returns: Whether the condition held in time.
    func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() {
                return true
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    /// A gate a transport can wait at until the test opens it.
    func makeGate() -> (wait: @Sendable () async -> Void, open: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        return (
            wait: {
                for await _ in stream {}
            },
            open: { continuation.finish() }
        )
    }
}
