import Foundation

/// The CPU time each of this process's threads has spent so far, by kernel thread id, from
/// `/proc/self/task/<tid>/schedstat` (nanoseconds on a CPU, user and system): the GOM scenario splits the process's
/// CPU between the threads it can tell apart (a transport's loop, the pool its tasks ran on), without a profiler.
/// Reading it opens a file per thread: take readings outside timed loops.
struct ThreadTimes: Sendable {
    /// Nanoseconds on a CPU per thread id, at the reading.
    let nanoseconds: [Int32: UInt64]

    /// A reading of every thread now.
    static func now() -> ThreadTimes {
        var times: [Int32: UInt64] = [:]
        for id in threadIDs() {
            guard let text = try? String(contentsOfFile: "/proc/self/task/\(id)/schedstat", encoding: .utf8),
                let first = text.split(separator: " ").first, let value = UInt64(first)
            else {
                continue  // the thread ended meanwhile
            }
            times[id] = value
        }
        return ThreadTimes(nanoseconds: times)
    }

    /// The ids of this process's threads now.
    static func threadIDs() -> Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(names.compactMap { Int32($0) })
    }

    /// The calling thread's kernel id, from the `/proc/thread-self` link (`<pid>/task/<tid>`); -1 when unreadable.
    static func currentID() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { readlink("/proc/thread-self", $0, 63) }
            } ?? -1
        }
        guard count > 0 else {
            return -1
        }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return text.split(separator: "/").last.flatMap { Int32($0) } ?? -1
    }

    /// Waits briefly for a thread that is not among `known`: the loop thread a `CurlTransport` has just started.
    /// - Parameters:
    ///   - known: The threads before.
    ///   - timeout: The longest wait, in seconds.
    /// - Returns: The new thread's id, or `nil` when none or more than one appeared.
    static func newThread(besides known: Set<Int32>, timeout: TimeInterval = 2) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fresh = threadIDs().subtracting(known)
            if !fresh.isEmpty {
                return fresh.count == 1 ? fresh.first : nil
            }
            usleep(1_000)
        }
        return nil
    }

    /// The CPU seconds the threads in `ids` spent between `earlier` and this reading (a thread that started in
    /// between counts from zero; one that ended is missing from this reading and counts nothing).
    /// - Parameters:
    ///   - ids: The threads.
    ///   - earlier: The earlier reading.
    /// - Returns: Their CPU seconds together.
    func seconds(of ids: Set<Int32>, since earlier: ThreadTimes) -> Double {
        var total: UInt64 = 0
        for id in ids {
            guard let now = nanoseconds[id] else {
                continue
            }
            let before = earlier.nanoseconds[id] ?? 0
            total += now >= before ? now - before : 0
        }
        return Double(total) / 1e9
    }
}
