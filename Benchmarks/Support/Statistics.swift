/// One timed run of one contender.
struct RunSample: Sendable {
    /// Requests that completed with the expected response.
    var requests: Int
    /// Requests that failed.
    var failures: Int
    /// Wall-clock seconds.
    var seconds: Double
    /// CPU time and context switches spent during the run (of this process; of wrk for wrk).
    var usage: ResourceUsage

    /// Completed requests per second.
    var requestsPerSecond: Double {
        seconds > 0 ? Double(requests) / seconds : 0
    }

    /// CPU microseconds per completed request.
    var cpuMicrosecondsPerRequest: Double {
        requests > 0 ? usage.cpuSeconds * 1e6 / Double(requests) : 0
    }

    /// Voluntary context switches per completed request.
    var voluntarySwitchesPerRequest: Double {
        requests > 0 ? Double(usage.voluntarySwitches) / Double(requests) : 0
    }
}

/// Medians and ranges of repeated measurements.
struct Samples: Sendable {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    var isEmpty: Bool {
        values.isEmpty
    }

    /// The median (the mean of the middle two for an even count), or 0 when empty.
    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else {
            return 0
        }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double {
        values.min() ?? 0
    }

    var maximum: Double {
        values.max() ?? 0
    }
}

extension Array where Element == RunSample {
    /// The samples of one metric.
    func samples(_ metric: (RunSample) -> Double) -> Samples {
        Samples(map(metric))
    }

    /// The failed requests over every run.
    var totalFailures: Int {
        reduce(0) { $0 + $1.failures }
    }
}
