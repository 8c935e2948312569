import Foundation

/// The curl command-line tool as a subprocess: the transfer scenario's baseline, the same libcurl doing the
/// same transfer from a C program. Its time is curl's own `time_total` (connect to last byte, without the
/// process start-up); its CPU time comes from `RUSAGE_CHILDREN` around the run (start-up included).
struct CurlTool: Sendable {
    /// The curl executable.
    let path: String

    /// `curl -sS -f -T file -H 'Expect:' url`: a PUT of the file, streamed, without `Expect: 100-continue`
    /// (Networking sends none either).
    func upload(_ file: String, to url: URL) throws -> TransferSample {
        try run(
            [
                "-T", file, "-H", "Expect:", "-H", "Content-Type: application/octet-stream", "-o", "/dev/null",
                "-w", "%{http_code} %{size_upload} %{time_total}",
            ], url, expecting: 204)
    }

    /// `curl -sS -f -o file url`.
    func download(_ url: URL, to file: String) throws -> TransferSample {
        try run(["-o", file, "-w", "%{http_code} %{size_download} %{time_total}"], url, expecting: 200)
    }

    private func run(_ arguments: [String], _ url: URL, expecting status: Int) throws -> TransferSample {
        let before = ResourceUsage.children()
        let output = try ChildProcess.run(path, ["-sS", "-f"] + arguments + [url.absoluteString])
        let usage = ResourceUsage.children() - before
        let fields = output.split(separator: " ")
        guard fields.count == 3, Int(fields[0]) == status, let bytes = Int64(fields[1]),
            let seconds = Double(fields[2]), seconds > 0
        else {
            throw BenchmarkError("curl printed \"\(output)\" for \(url), expected \(status), bytes and seconds")
        }
        return TransferSample(bytes: bytes, seconds: seconds, cpuSeconds: usage.cpuSeconds)
    }
}

/// One timed upload or download.
struct TransferSample: Sendable {
    /// The body's bytes.
    var bytes: Int64
    /// Wall-clock seconds of the transfer.
    var seconds: Double
    /// CPU seconds (every thread; for the curl tool, the process).
    var cpuSeconds: Double
    /// Peak RSS during the transfer minus the RSS before it, in KiB (Networking's children only).
    var rssRiseKiB: Int?
    /// How many progress reports the closure got (runs with a progress closure only).
    var progressReports: Int?

    /// Throughput in MiB/s.
    var mebibytesPerSecond: Double {
        seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0
    }

    /// CPU seconds per GiB moved.
    var cpuSecondsPerGibibyte: Double {
        bytes > 0 ? cpuSeconds * 1_073_741_824 / Double(bytes) : 0
    }
}
