import Foundation

/// Scenarios 6 and 7: a large upload from a file and a large download to a file over http, Networking against
/// the curl tool on the same nginx, in alternating rounds; then a download with and without a progress closure.
/// Each Networking transfer runs in a fresh child process of this binary, which also reports its peak RSS.
enum TransferScenario {
    /// Who moves the bytes.
    enum Client: String, CaseIterable, Sendable {
        case networking = "Networking"
        case curlTool = "curl (tool)"
    }

    /// The runs of both scenarios.
    struct Result: Sendable {
        /// Each direction's runs by client, one per round.
        var runs: [TransferDirection: [Client: [TransferSample]]] = [:]
        /// The progress scenario's Networking downloads, without (`false`) and with (`true`) a progress closure.
        var progress: [Bool: [TransferSample]] = [:]
        /// From nginx's upload log: the uploads whose whole body it read before answering, and all it logged.
        var uploadsRead: (complete: Int, logged: Int)?
    }

    /// Runs both scenarios.
    static func run(options: Options, failures: FailureLog) -> Result {
        var result = Result()
        let url = Endpoint.of(.http, options)
        let curl = CurlTool(path: options.curlToolPath)
        let curlDestination = URL(fileURLWithPath: options.scratchDirectory).appendingPathComponent("curl.bin").path
        let uploadBytes = Fixtures.size(of: options.uploadFilePath)
        let rounds = options.counts.transferRounds
        for round in 1...rounds {
            for direction in TransferDirection.allCases {
                Progress.say("transfers: \(direction.rawValue), round \(round)/\(rounds)")
                for client in Client.allCases {
                    let label = "transfer \(direction.rawValue) \(client.rawValue)"
                    do {
                        let sample: TransferSample
                        switch (client, direction) {
                        case (.networking, .upload):
                            sample = try networking(["--transfer", "upload"], options)
                        case (.networking, .download):
                            sample = try networking(
                                ["--transfer", "download", "--served-file", Fixtures.transferPath], options)
                        case (.curlTool, .upload):
                            sample = try curl.upload(options.uploadFilePath, to: url.url(Fixtures.uploadPath))
                        case (.curlTool, .download):
                            defer { try? FileManager.default.removeItem(atPath: curlDestination) }
                            sample = try curl.download(url.url(Fixtures.transferPath), to: curlDestination)
                        }
                        guard sample.bytes == uploadBytes else {
                            throw BenchmarkError("moved \(sample.bytes) bytes, not \(uploadBytes ?? 0)")
                        }
                        result.runs[direction, default: [:]][client, default: []].append(sample)
                    } catch {
                        failures.record(error, label: label)
                    }
                }
            }
        }
        for round in 1...options.counts.progressRounds {
            Progress.say("transfers: progress overhead, round \(round)/\(options.counts.progressRounds)")
            for withProgress in [false, true] {
                let arguments = ["--transfer", "download", "--served-file", Fixtures.progressPath]
                do {
                    let sample = try networking(arguments + (withProgress ? ["--progress"] : []), options)
                    result.progress[withProgress, default: []].append(sample)
                } catch {
                    failures.record(error, label: "progress overhead \(withProgress ? "with" : "without") progress")
                }
            }
        }
        result.uploadsRead = uploadsRead(log: options.uploadLogPath, bodyBytes: uploadBytes ?? 1)
        return result
    }

    /// One Networking transfer in a child process.
    private static func networking(_ arguments: [String], _ options: Options) throws -> TransferSample {
        let values = try ChildProcess.runSelf(arguments + options.childArguments)
        func number(_ key: String) throws -> Double {
            guard let text = values[key], let value = Double(text) else {
                throw BenchmarkError("a transfer child printed no \(key): \(values)")
            }
            return value
        }
        var sample = TransferSample(
            bytes: Int64(try number("bytes")), seconds: try number("seconds"), cpuSeconds: try number("cpu_seconds"))
        sample.rssRiseKiB = Int(try number("peak_kib") - number("rss_before_kib"))
        if arguments.contains("--progress") {
            let reports = Int(try number("progress_reports"))
            guard reports > 0, Int64(try number("progress_last")) == sample.bytes else {
                throw BenchmarkError("the progress closure did not end at the body's size: \(values)")
            }
            sample.progressReports = reports
        }
        return sample
    }

    /// Reads nginx's upload log (`$status $request_length` per line): how many uploads were answered 204 with
    /// at least the whole body read, of how many logged.
    private static func uploadsRead(log path: String, bodyBytes: Int64) -> (complete: Int, logged: Int)? {
        guard !path.isEmpty, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return nil
        }
        let lines = text.split(separator: "\n")
        let complete = lines.filter { line in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[0] == "204" && (Int64(fields[1]) ?? 0) >= bodyBytes
        }
        return (complete.count, lines.count)
    }
}
