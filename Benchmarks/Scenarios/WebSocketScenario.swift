import Foundation
import Networking
import NetworkingTestKit

/// Scenario 9: WebSocket echo round trips against `MockServer`'s echo, in this process, over ws and pinned wss:
/// Networking's `WebSocket` (one socket, `send` then the next message from one iterator of `messages`), the same loop
/// inside `withTaskExecutorPreference(CurlTransport.shared.executor)`, and a C program doing the same with libcurl
/// and wslay directly (``WebSocketBaselineClient``). Small text messages give
/// the round-trip time, messages per second and CPU per message; 1 MB binary messages give the throughput.
enum WebSocketScenario {
    /// The connection's scheme.
    enum Scheme: String, CaseIterable, Sendable {
        case ws, wss

        var title: String {
            self == .ws ? "ws" : "pinned wss"
        }
    }

    /// Who sends and waits for the echoes.
    enum Client: String, CaseIterable, Sendable {
        case networking = "Networking"
        /// Networking's loop with the whole timed loop on the shared transport's event-loop thread.
        case networkingExecutor = "Networking, executor"
        case baseline = "C: libcurl + wslay"
    }

    /// What is echoed.
    enum Load: CaseIterable, Sendable {
        /// ``smallMessage``, as text.
        case small
        /// ``largeMessageSize`` bytes, as binary.
        case large
    }

    /// Which runs a sample belongs to.
    struct Key: Hashable, Sendable {
        var load: Load
        var scheme: Scheme
        var client: Client
    }

    /// One run: one connection, unmeasured warm-up round trips, then the measured ones.
    struct Run: Sendable {
        /// Every measured round trip, in seconds, sorted.
        var roundTrips: [Double]
        /// The message's size in bytes.
        var messageBytes: Int
        /// Wall-clock seconds of the measured round trips.
        var seconds: Double
        /// This process's CPU seconds over the measured round trips, less the server thread's.
        var clientCPUSeconds: Double
        /// The server thread's CPU seconds over them.
        var serverCPUSeconds: Double

        var messagesPerSecond: Double {
            Double(roundTrips.count) / seconds
        }

        /// Message bytes echoed per second, in MB (10^6 bytes): each byte travels both ways in that time.
        var megabytesPerSecond: Double {
            Double(roundTrips.count * messageBytes) / seconds / 1e6
        }

        var medianRoundTrip: Double {
            roundTrips[roundTrips.count / 2]
        }

        var p99RoundTrip: Double {
            roundTrips[min(roundTrips.count - 1, Int((Double(roundTrips.count) * 0.99).rounded(.up)) - 1)]
        }
    }

    /// Every measured run.
    struct Result: Sendable {
        var runs: [Key: [Run]] = [:]
        var rounds: [Load: Int] = [:]
        var roundTrips: [Load: Int] = [:]
        var warmUp: [Load: Int] = [:]
    }

    /// A 32-byte text message.
    static let smallMessage = "0123456789abcdefghijklmnopqrstuv"
    /// The large message's size.
    static let largeMessageSize = 1_000_000

    /// The large message: ``largeMessageSize`` bytes of a repeating pattern.
    static func largeMessage() -> Data {
        Data((0..<largeMessageSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }
    /// Unmeasured round trips on each connection before the measured ones.
    static let warmUp: [Load: Int] = [.small: 200, .large: 4]

    /// Runs both loads: `counts.webSocketRounds` measured rounds (after one unmeasured round), each running every
    /// scheme and client on a fresh server, the clients' order rotated every round (A B C, B C A, C A B, ...).
    static func run(counts: Counts) async throws -> Result {
        let certificate = try TestCertificate.selfSigned(
            commonName: "localhost", subjectAltNames: ["localhost", "127.0.0.1"])
        let large = largeMessage()
        var result = Result()
        for load in Load.allCases {
            let rounds = load == .small ? counts.webSocketRounds : counts.webSocketLargeRounds
            let roundTrips = load == .small ? counts.webSocketMessages : counts.webSocketLargeMessages
            result.rounds[load] = rounds
            result.roundTrips[load] = roundTrips
            result.warmUp[load] = warmUp[load]
            let message: WebSocketMessage = load == .small ? .text(smallMessage) : .binary(large)
            for round in 0...rounds {
                Progress.say("websocket \(load == .small ? "32 B" : "1 MB"): round \(round)/\(rounds)")
                let shift = round % Client.allCases.count
                let clients = Array(Client.allCases[shift...] + Client.allCases[..<shift])
                for scheme in Scheme.allCases {
                    for client in clients {
                        let run = try await measure(
                            client, scheme: scheme, message: message, roundTrips: roundTrips, warmUp: warmUp[load] ?? 0,
                            certificate: certificate)
                        if round > 0 {  // round 0 warms up
                            result.runs[Key(load: load, scheme: scheme, client: client), default: []].append(run)
                        }
                    }
                }
            }
        }
        return result
    }

    /// One run on a server of its own (MockServer keeps every message it receives: a fresh server frees them).
    static func measure(
        _ client: Client, scheme: Scheme, message: WebSocketMessage, roundTrips: Int, warmUp: Int,
        certificate: TestCertificate
    ) async throws -> Run {
        let server = try scheme == .wss ? MockServer(tls: certificate) : MockServer()
        defer { server.shutdown() }
        let serverClock = ThreadCPUClock()
        server.webSocket("/echo") { peer in
            serverClock.adoptCurrentThread()
            MockWebSocketPeer.echo(peer)
        }
        let host = scheme == .wss ? "localhost" : "127.0.0.1"
        guard let url = URL(string: "\(scheme.rawValue)://\(host):\(server.port)/echo") else {
            throw BenchmarkError("no URL for port \(server.port)")
        }
        let pinned = scheme == .wss ? certificate.der : nil
        switch client {
        case .networking:
            return try await networking(url, pinned: pinned, message, roundTrips, warmUp, serverClock, executor: nil)
        case .networkingExecutor:
            return try await networking(
                url, pinned: pinned, message, roundTrips, warmUp, serverClock,
                executor: CurlTransport.shared.executor)
        case .baseline:
            return try await baseline(url, pinned: pinned, message, roundTrips, warmUp, serverClock)
        }
    }

    /// Networking's echo loop on the shared transport; with an executor, the warm-up and the timed round trips run
    /// inside `withTaskExecutorPreference(executor)` (one scope for the whole loop).
    private static func networking(
        _ url: URL, pinned: Data?, _ message: WebSocketMessage, _ count: Int, _ warmUp: Int,
        _ serverClock: ThreadCPUClock, executor: (any TaskExecutor)?
    ) async throws -> Run {
        let socket = try await WebSocket.connect(
            to: url, pinning: pinned.map { .certificates([$0]) }, timeout: 30
        ).get()
        // A nil preference runs the loop as it is, with no hop.
        let run = try await withTaskExecutorPreference(executor) { () async throws -> Run in
            var messages = socket.messages.makeAsyncIterator()
            var times = [Double](repeating: 0, count: count)
            var usage = ResourceUsage.current()
            var serverStart = serverClock.seconds
            var start = ThreadCPUClock.monotonicSeconds()
            for index in -warmUp..<count {
                if index == 0 {
                    usage = ResourceUsage.current()
                    serverStart = serverClock.seconds
                    start = ThreadCPUClock.monotonicSeconds()
                }
                let sent = ThreadCPUClock.monotonicSeconds()
                try await socket.send(message).get()
                guard let echo = try await messages.next() else {
                    throw BenchmarkError("Networking, \(url.absoluteString): the socket closed at round trip \(index)")
                }
                let received = ThreadCPUClock.monotonicSeconds()
                guard echo == message else {
                    throw BenchmarkError("Networking, \(url.absoluteString): the echo of round trip \(index) differs")
                }
                if index >= 0 {
                    times[index] = received - sent
                }
            }
            let end = ThreadCPUClock.monotonicSeconds()
            let cpu = (ResourceUsage.current() - usage).cpuSeconds
            let serverCPU = serverClock.seconds - serverStart
            return Run(
                roundTrips: times.sorted(), messageBytes: message.byteCount, seconds: end - start,
                clientCPUSeconds: cpu - serverCPU, serverCPUSeconds: serverCPU)
        }
        await socket.close()
        return run
    }

    private static func baseline(
        _ url: URL, pinned: Data?, _ message: WebSocketMessage, _ count: Int, _ warmUp: Int,
        _ serverClock: ThreadCPUClock
    ) async throws -> Run {
        let (bytes, binary): ([UInt8], Bool) =
            switch message {
            case .text(let text): (Array(text.utf8), false)
            case .binary(let data): ([UInt8](data), true)
            }
        let outcome = await WebSocketBaselineClient.run(on: "WebSocketBaseline") {
            () -> Swift.Result<Run, BenchmarkError> in
            do throws(BenchmarkError) {
                let client = try WebSocketBaselineClient(url: url, pinnedDER: pinned, timeout: 30)
                var warmUpTimes = [Double](repeating: 0, count: warmUp)
                try client.echo(bytes, binary: binary, into: &warmUpTimes)
                var times = [Double](repeating: 0, count: count)
                let usage = ResourceUsage.current()
                let serverStart = serverClock.seconds
                let start = ThreadCPUClock.monotonicSeconds()
                try client.echo(bytes, binary: binary, into: &times)
                let end = ThreadCPUClock.monotonicSeconds()
                let cpu = (ResourceUsage.current() - usage).cpuSeconds
                let serverCPU = serverClock.seconds - serverStart
                return .success(
                    Run(
                        roundTrips: times.sorted(), messageBytes: bytes.count, seconds: end - start,
                        clientCPUSeconds: cpu - serverCPU, serverCPUSeconds: serverCPU))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
