import Foundation
import Synchronization

/// Counts the client connections each contender holds open to one nginx port, by sampling `/proc/net/tcp`
/// (established sockets whose remote port is the server's) from a thread of its own every 20 ms.
///
/// Contenders keep idle connections from one run to the next, and wrk's are in another process, so a socket
/// belongs to the contender that was running when it was first seen; a run's peak counts only the sockets of
/// the contender running then. Sockets open before the counter started (the sequential scenario's clients keep
/// theirs) belong to no one.
final class ConnectionCounter: Sendable {
    private struct State {
        var owners: [UInt64: Contender] = [:]
        var before: Set<UInt64> = []
        var running: Contender?
        var peak = 0
        var stopped = false
    }

    private let port: Int
    private let state = Mutex(State())

    /// Starts sampling.
    /// - Parameter port: The server's port.
    init(port: Int) {
        self.port = port
        let before = Set(Self.establishedSockets(toPort: port))
        state.withLock { $0.before = before }
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                sample()
                usleep(20_000)
            }
        }
        thread.name = "connection counter"
        thread.start()
    }

    /// Stops the sampling thread.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Marks the start of a contender's run (a warm-up too, so that it owns the connections it opens there).
    /// Contenders that share a connection pool (see ``Contender/connectionOwner``) own its sockets together.
    func begin(_ contender: Contender) {
        state.withLock {
            $0.running = contender.connectionOwner
            $0.peak = 0
        }
        sample()
    }

    /// Marks the end of the run.
    /// - Returns: The most connections the contender had open at once during the run.
    func end() -> Int {
        sample()
        return state.withLock {
            $0.running = nil
            return $0.peak
        }
    }

    private func sample() {
        let sockets = Self.establishedSockets(toPort: port)
        state.withLock { state in
            guard let running = state.running else {
                return
            }
            var count = 0
            for inode in sockets where !state.before.contains(inode) {
                if state.owners[inode] == nil {
                    state.owners[inode] = running
                }
                if state.owners[inode] == running {
                    count += 1
                }
            }
            state.peak = max(state.peak, count)
        }
    }

    /// The inodes of the established IPv4 sockets whose remote port is `port` (the clients' ends: the server's
    /// own ends have it as their local port).
    static func establishedSockets(toPort port: Int) -> [UInt64] {
        guard let table = readProcFile("/proc/net/tcp") else {
            return []
        }
        let remote = ":" + String(format: "%04X", port)
        var inodes: [UInt64] = []
        // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ..."
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[2].hasSuffix(remote), fields[3] == "01", let inode = UInt64(fields[9])
            else {
                continue
            }
            inodes.append(inode)
        }
        return inodes
    }

    /// The whole of a /proc file: Foundation's `String(contentsOfFile:)` stops after the first page of one.
    private static func readProcFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return nil
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                continue
            }
            guard count > 0 else {
                break
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
