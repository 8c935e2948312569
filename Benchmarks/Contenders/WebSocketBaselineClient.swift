import CWebSocketBaseline
import Foundation

/// The C baseline of the WebSocket scenario (`Benchmarks/CWebSocketBaseline`): libcurl and wslay driven directly
/// in C, on one thread, as the prototype did. Blocking: use it on a thread of its own (``run(on:_:)``), never on
/// the cooperative pool.
final class WebSocketBaselineClient {
    private let socket: OpaquePointer
    private var error = [CChar](repeating: 0, count: 512)

    /// Connects and upgrades.
    /// - Parameters:
    ///   - url: A ws or wss URL.
    ///   - pinnedDER: The only certificate trusted (wss), or `nil` (ws).
    ///   - timeout: The longest the connection and the upgrade may take, in seconds.
    /// - Throws: ``BenchmarkError`` with the C side's reason.
    init(url: URL, pinnedDER: Data?, timeout: TimeInterval) throws(BenchmarkError) {
        let milliseconds = Int32(timeout * 1000)
        var error = [CChar](repeating: 0, count: 512)
        let opened: OpaquePointer? =
            if let pinnedDER {
                pinnedDER.withUnsafeBytes { raw in
                    nsb_ws_open(
                        url.absoluteString, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, milliseconds,
                        &error, error.count)
                }
            } else {
                nsb_ws_open(url.absoluteString, nil, 0, milliseconds, &error, error.count)
            }
        guard let opened else {
            throw BenchmarkError("C baseline, \(url.absoluteString): \(Self.text(error))")
        }
        socket = opened
    }

    deinit {
        nsb_ws_close(socket, 2000)
    }

    /// Echo round trips of one message, each timed from before its send to after its echo arrived whole.
    /// - Parameters:
    ///   - message: The payload.
    ///   - binary: Whether it goes in a binary frame (else text, which must be UTF-8).
    ///   - roundTrips: Where the seconds of each round trip go, from index 0; its count is the number of round trips.
    ///   - timeout: The longest one round trip may take, in seconds.
    /// - Throws: ``BenchmarkError`` when a round trip fails or the echo differs.
    func echo(_ message: [UInt8], binary: Bool, into roundTrips: inout [Double], timeout: TimeInterval = 30)
        throws(BenchmarkError)
    {
        let count = Int32(roundTrips.count)
        let done = message.withUnsafeBufferPointer { bytes in
            roundTrips.withUnsafeMutableBufferPointer { times in
                nsb_ws_echo(
                    socket, count, bytes.baseAddress, bytes.count, binary ? 1 : 0, Int32(timeout * 1000),
                    times.baseAddress, &error, error.count)
            }
        }
        guard done == count else {
            throw BenchmarkError("C baseline: \(done) of \(count) round trips, then: \(Self.text(error))")
        }
    }

    /// Runs blocking work on a new thread and returns its result, so that no thread of the cooperative pool waits.
    /// - Parameters:
    ///   - name: The thread's name.
    ///   - body: The work.
    /// - Returns: What `body` returned.
    static func run<T: Sendable>(on name: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = name
            thread.start()
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
