import Foundation

/// The runs of every contender on one endpoint.
struct EndpointResult: Sendable {
    let endpoint: Endpoint
    /// The contenders in the order they ran in each round.
    let contenders: [Contender]
    /// Each contender's runs, one per round.
    let runs: [Contender: [RunSample]]
    /// How wrk was run, e.g. "wrk -t1 -c1".
    let wrkTitle: String
    /// The most connections each contender had open to the endpoint at once, over its runs (concurrent
    /// scenario only).
    var peakConnections: [Contender: Int] = [:]
    /// The connections nginx accepted during each of a contender's runs (concurrent scenario only).
    var openedConnections: [Contender: [Int]] = [:]

    /// The median of a metric of one contender, or `nil` when it did not run.
    func median(_ contender: Contender, _ metric: (RunSample) -> Double) -> Double? {
        guard let samples = runs[contender], !samples.isEmpty else {
            return nil
        }
        return samples.samples(metric).median
    }

    /// The contender's title in this scenario.
    func title(_ contender: Contender) -> String {
        contender == .wrk ? wrkTitle : contender.title
    }
}
