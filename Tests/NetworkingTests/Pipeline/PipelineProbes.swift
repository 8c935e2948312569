import Foundation
import Networking
import NetworkingTestKit

/// An interceptor that writes what passes through it to a shared log: `A → 1` on the way in (with the
/// attempt), `A ← 200` on the way out (or `A ✕` when `next` threw).
struct RecordingInterceptor: HTTPInterceptor {
    let name: String
    let log: Recorder<String>

    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        log.record("\(name) → \(context.attempt)")
        do {
            let response = try await next(request, context)
            log.record("\(name) ← \(response.statusCode)")
            return response
        } catch {
            log.record("\(name) ✕")
            throw error
        }
    }
}

/// An interceptor built from a closure, for one-off behaviours (short-circuits, calling `next` twice).
struct ClosureInterceptor: HTTPInterceptor {
    let body:
        @Sendable (
            HTTPRequest, RequestContext, @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
        ) async throws -> HTTPResponse

    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try await body(request, context, next)
    }
}

/// A monitor that writes its events to a shared log (`M will 1`, `M did 1 200`) and keeps the contexts and
/// results it saw.
final class RecordingMonitor: RequestEventMonitor {
    let name: String
    let log: Recorder<String>
    let sent = Recorder<(request: HTTPRequest, context: RequestContext)>()
    let finished = Recorder<(context: RequestContext, result: Result<HTTPResponse, RepositoryError>)>()

    init(_ name: String = "M", log: Recorder<String> = Recorder()) {
        self.name = name
        self.log = log
    }

    func requestWillSend(_ request: HTTPRequest, context: RequestContext) {
        sent.record((request, context))
        log.record("\(name) will \(context.attempt)")
    }

    func request(
        _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
    ) {
        finished.record((context, result))
        let outcome =
            switch result {
            case .success(let response): String(response.statusCode)
            case .failure(let error): error.caseName
            }
        log.record("\(name) did \(context.attempt) \(outcome)")
    }
}

/// A configuration for the stub host with the given links and no shared observers.
func chainConfiguration(
    interceptors: [any HTTPInterceptor] = [], monitors: [any RequestEventMonitor] = [], timeout: TimeInterval = 75
) -> NetworkingConfiguration {
    var configuration = stubConfiguration()
    configuration.interceptors = interceptors
    configuration.eventMonitors = monitors
    configuration.timeout = timeout
    return configuration
}

/// A custom error an interceptor may throw.
enum SigningError: String, CustomRepositoryErrorType {
    case noKey = "no_signing_key"
}
