import Foundation

/// Scenario 4: memory, measured in fresh child processes of this binary so that earlier scenarios do not
/// pollute it: RSS growth over many sequential requests, and the peak RSS of decoding the 5 MB array.
enum MemoryScenario {
    /// One RSS-growth child.
    struct Growth: Sendable {
        let startKiB: Int
        let firstKiB: Int
        let secondKiB: Int
        let failures: Int

        /// The growth between the two checkpoints, in KiB.
        var growthKiB: Int {
            secondKiB - firstKiB
        }
    }

    /// One peak-decode child.
    struct Peak: Sendable {
        let beforeKiB: Int
        let peakKiB: Int
        let bodyBytes: Int

        /// How much the peak rose above the RSS before the request, in bytes.
        var riseBytes: Int {
            (peakKiB - beforeKiB) * 1024
        }

        /// The rise over the body size.
        var ratio: Double {
            bodyBytes > 0 ? Double(riseBytes) / Double(bodyBytes) : 0
        }
    }

    /// The results.
    struct Result: Sendable {
        var growth: [Contender: Growth] = [:]
        var peaks: [Contender: [Peak]] = [:]
        /// The same children with `--fetch-only`: the body without decoding.
        var fetchPeaks: [Contender: [Peak]] = [:]
        var contenders: [Contender] = []
    }

    /// Runs the children: one growth run per contender, then rounds of peak decodes (A B C, A B C, …).
    static func run(options: Options) throws -> Result {
        var result = Result()
        let growthEndpoint = Endpoint.of(ChildModes.growthEndpoint, options)
        result.contenders = [.networking, .curl, .urlsession].filter {
            $0 != .urlsession || !growthEndpoint.isSecure || options.urlSessionHTTPS
        }
        let checkpoints = options.counts.rssCheckpoints
        for contender in result.contenders {
            Progress.say("memory: \(contender.title), \(checkpoints.second) requests on \(growthEndpoint.title)")
            let values = try ChildProcess.runSelf(["--rss-growth", contender.rawValue] + options.childArguments)
            result.growth[contender] = Growth(
                startKiB: try int(values, "rss_start_kib"), firstKiB: try int(values, "rss_first_kib"),
                secondKiB: try int(values, "rss_second_kib"), failures: try int(values, "failures"))
        }
        let decoders: [Contender] = [.networking, .curl, .urlsession]
        for round in 1...options.counts.peakDecodeRounds {
            Progress.say("memory: 5 MB decode, round \(round)/\(options.counts.peakDecodeRounds)")
            for contender in decoders {
                for fetchOnly in [true, false] {
                    let flags = ["--peak-rss-decode", contender.rawValue] + (fetchOnly ? ["--fetch-only"] : [])
                    let values = try ChildProcess.runSelf(flags + options.childArguments)
                    let peak = Peak(
                        beforeKiB: try int(values, "rss_before_kib"), peakKiB: try int(values, "peak_kib"),
                        bodyBytes: try int(values, "body_bytes"))
                    if fetchOnly {
                        result.fetchPeaks[contender, default: []].append(peak)
                    } else {
                        result.peaks[contender, default: []].append(peak)
                    }
                }
            }
        }
        return result
    }

    private static func int(_ values: [String: String], _ key: String) throws -> Int {
        guard let text = values[key], let value = Int(text) else {
            throw BenchmarkError("a memory child printed no \(key): \(values)")
        }
        return value
    }
}
