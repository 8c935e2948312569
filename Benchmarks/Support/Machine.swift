import CCurl
import Foundation

/// What the numbers were measured on, for the report's heading.
enum Machine {
    /// One line per fact: cores, CPU model, kernel, Swift, libcurl.
    static func description(swiftVersion: String?, nginxVersion: String?) -> [String] {
        var lines = [
            "cores: \(ProcessInfo.processInfo.activeProcessorCount) (nproc), CPU: \(cpuModel)",
            "kernel: \(kernel)",
            "libcurl: \(String(cString: curl_version()))",
        ]
        if let swiftVersion {
            lines.insert("swift: \(swiftVersion)", at: 2)
        }
        if let nginxVersion {
            lines.append(
                "server: \(nginxVersion), worker_processes 1, keepalive_requests 1000000, access_log off but for /upload"
            )
        }
        return lines
    }

    private static var cpuModel: String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? "unknown"
    }

    private static var kernel: String {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let machine = withUnsafeBytes(of: &name.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return "Linux \(release) \(machine)"
    }
}
