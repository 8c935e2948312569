import Foundation

/// The test process's memory, as Linux reports it.
package enum ProcessMemory {
    /// The resident set size (`VmRSS` in `/proc/self/status`) in bytes, or `nil` when it cannot be read.
    package static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kibibytes.map { $0 * 1024 }
        }
        return nil
    }

    /// Whether resident size says anything about what the code keeps: not under AddressSanitizer, whose
    /// quarantine holds freed memory (script/test sets `ASAN_OPTIONS` for that run). Memory bounds are checked
    /// in the plain and release runs.
    package static var reflectsRetainedMemory: Bool {
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil
    }

    /// Bytes as MiB with one decimal.
    package static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
