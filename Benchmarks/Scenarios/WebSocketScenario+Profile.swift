import Foundation
import Networking
import NetworkingTestKit

extension WebSocketScenario {
    /// Only one client's echo loop, for a profiler (`--profile ws|wss --contender
    /// networking|networking-executor|curl [--large] --requests N`): one run on a fresh server, then one summary
    /// line.
    /// - Parameters:
    ///   - scheme: ws or pinned wss.
    ///   - contender: `.networking`, `.networkingExecutor` (the loop inside the shared transport's executor
    ///     preference), or `.curl` for the C baseline.
    ///   - large: Whether to echo the 1 MB binary message instead of the small text one.
    ///   - roundTrips: The measured round trips.
    static func profile(_ scheme: Scheme, contender: Contender, large: Bool, roundTrips: Int) async throws {
        let client: Client
        switch contender {
        case .networking: client = .networking
        case .networkingExecutor: client = .networkingExecutor
        case .curl: client = .baseline
        case .urlsession, .wrk:
            throw BenchmarkError("--profile \(scheme.rawValue) takes networking, networking-executor or curl")
        }
        let certificate = try TestCertificate.selfSigned(
            commonName: "localhost", subjectAltNames: ["localhost", "127.0.0.1"])
        let message: WebSocketMessage = large ? .binary(largeMessage()) : .text(smallMessage)
        let run = try await measure(
            client, scheme: scheme, message: message, roundTrips: roundTrips,
            warmUp: warmUp[large ? .large : .small] ?? 0, certificate: certificate)
        let count = Double(run.roundTrips.count)
        print(
            "profile: \(client.rawValue), \(Format.grouped(count)) echo round trips on \(scheme.title), "
                + "\(Format.grouped(run.messagesPerSecond)) msg/s (\(Format.fixed(run.megabytesPerSecond, 1)) MB/s), RTT median \(Format.fixed(run.medianRoundTrip * 1e6, 1)) µs, "
                + "p99 \(Format.fixed(run.p99RoundTrip * 1e6, 1)) µs, client CPU "
                + "\(Format.fixed(run.clientCPUSeconds / count * 1e6, 1)) µs/msg, server CPU "
                + "\(Format.fixed(run.serverCPUSeconds / count * 1e6, 1)) µs/msg")
    }
}
