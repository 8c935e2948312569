import Foundation

/// wrk as a subprocess: the server's own ceiling for a given number of connections. Its CPU time comes from
/// `RUSAGE_CHILDREN` around the run.
struct Wrk: Sendable {
    /// The wrk executable.
    let path: String

    /// Runs `wrk -t<threads> -c<connections> -d<seconds>s url` and parses its summary.
    /// - Throws: ``BenchmarkError`` when wrk fails or prints no `Requests/sec`.
    func run(_ url: URL, threads: Int, connections: Int, seconds: Int) throws -> RunSample {
        let before = ResourceUsage.children()
        let output = try ChildProcess.run(
            path, ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", url.absoluteString])
        let usage = ResourceUsage.children() - before
        guard let rate = Self.number(after: "Requests/sec:", in: output), rate > 0,
            let total = Self.totalRequests(in: output)
        else {
            throw BenchmarkError("wrk printed no summary for \(url):\n\(output)")
        }
        let failed = (Self.number(after: "Non-2xx or 3xx responses:", in: output) ?? 0) + Self.socketErrors(in: output)
        return RunSample(
            requests: total, failures: Int(failed), seconds: Double(total) / rate, usage: usage)
    }

    /// The number that follows `label` on its line.
    private static func number(after label: String, in output: String) -> Double? {
        for line in output.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix(label) {
                return Double(trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    /// From "  11904 requests in 2.00s, 3.95MB read".
    private static func totalRequests(in output: String) -> Int? {
        for line in output.split(separator: "\n") where line.contains(" requests in ") {
            return line.split(separator: " ").first.flatMap { Int($0) }
        }
        return nil
    }

    /// From "  Socket errors: connect 0, read 1, write 0, timeout 0".
    private static func socketErrors(in output: String) -> Double {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Socket errors:") }) else {
            return 0
        }
        return line.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }.reduce(0, +)
    }
}
