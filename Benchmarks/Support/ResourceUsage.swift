import Foundation

/// A `getrusage` reading: CPU time and context switches, of this process (every thread) or of its waited-for
/// children.
struct ResourceUsage: Sendable {
    var userSeconds: Double
    var systemSeconds: Double
    var voluntarySwitches: Int
    var involuntarySwitches: Int

    /// User plus system time.
    var cpuSeconds: Double {
        userSeconds + systemSeconds
    }

    /// This process, all threads: `RUSAGE_SELF` (work spans the caller, the event loop and URLSession's queues).
    static func current() -> ResourceUsage {
        reading(RUSAGE_SELF.rawValue)
    }

    /// The children this process has waited for: `RUSAGE_CHILDREN`, for wrk.
    static func children() -> ResourceUsage {
        reading(RUSAGE_CHILDREN.rawValue)
    }

    /// The usage between two readings.
    static func - (later: ResourceUsage, earlier: ResourceUsage) -> ResourceUsage {
        ResourceUsage(
            userSeconds: later.userSeconds - earlier.userSeconds,
            systemSeconds: later.systemSeconds - earlier.systemSeconds,
            voluntarySwitches: later.voluntarySwitches - earlier.voluntarySwitches,
            involuntarySwitches: later.involuntarySwitches - earlier.involuntarySwitches)
    }

    private static func reading(_ who: __rusage_who_t) -> ResourceUsage {
        var usage = rusage()
        getrusage(who, &usage)
        return ResourceUsage(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            voluntarySwitches: usage.ru_nvcsw, involuntarySwitches: usage.ru_nivcsw)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}

/// This process's memory as `/proc/self/status` reports it.
enum ProcessMemory {
    /// The resident set size now (`VmRSS`), in KiB.
    static var residentKiB: Int {
        statusField("VmRSS") ?? 0
    }

    /// The peak resident set size (`VmHWM`), in KiB.
    static var peakResidentKiB: Int {
        statusField("VmHWM") ?? 0
    }

    /// Resets the peak to the current RSS (writes 5 to `/proc/self/clear_refs`, Linux 4.0+).
    /// - Returns: Whether the kernel took it.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
            return false
        }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return number.flatMap { Int($0) }
        }
        return nil
    }
}
