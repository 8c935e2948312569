/// How much each scenario does: the full run, or the small `--quick` one that only checks the harness works.
struct Counts: Sendable {
    /// Small GETs per sequential run of one contender.
    var sequentialRequests: Int
    /// Rounds of the sequential scenario (each round runs every contender once, in turn).
    var sequentialRounds: Int
    /// Seconds of each wrk run.
    var wrkSeconds: Int
    /// Requests per concurrent run.
    var concurrentRequests: Int
    /// Requests in flight at once in the concurrent scenario.
    var concurrentInFlight: Int
    /// Rounds of the concurrent scenario.
    var concurrentRounds: Int
    /// The request counts at which RSS is read (the first is after warm-up, the growth is between them).
    var rssCheckpoints: (first: Int, second: Int)
    /// Fresh child processes per contender that decode the 5 MB array.
    var peakDecodeRounds: Int
    /// Calls per pipeline-overhead run.
    var pipelineCalls: Int
    /// Rounds of the pipeline-overhead scenario.
    var pipelineRounds: Int
    /// Rounds of the upload and download scenario (each round: Networking, then the curl tool, both ways).
    var transferRounds: Int
    /// Rounds of the progress-overhead scenario (each round: a download without progress, then one with).
    var progressRounds: Int
    /// Rounds of the envelope and store scenario.
    var mappingRounds: Int = 7
    /// Calls per run of the cache scenario.
    var cacheCalls: Int = 2_000
    /// Measured rounds of the WebSocket scenario's small messages (each round: every scheme and client once).
    var webSocketRounds: Int = 7
    /// Echo round trips of a small message per WebSocket run.
    var webSocketMessages: Int = 10_000
    /// Measured rounds of the WebSocket scenario's 1 MB messages.
    var webSocketLargeRounds: Int = 5
    /// Echo round trips of a 1 MB message per WebSocket run.
    var webSocketLargeMessages: Int = 40
    /// Measured rounds of the GOM scenario (each round: latency, then throughput, of both receivers).
    var gomRounds: Int = 7
    /// Attribute PUTs per GOM latency run.
    var gomUpdates: Int = 1_000
    /// Server-side writes per GOM throughput run.
    var gomNotifications: Int = 10_000

    /// The full run.
    static let full = Counts(
        sequentialRequests: 2_000, sequentialRounds: 5, wrkSeconds: 2, concurrentRequests: 5_000,
        concurrentInFlight: 64, concurrentRounds: 5, rssCheckpoints: (10_000, 50_000), peakDecodeRounds: 3,
        pipelineCalls: 200_000,
        pipelineRounds: 5, transferRounds: 5, progressRounds: 21)

    /// A short run that checks that every scenario still works.
    static let quick = Counts(
        sequentialRequests: 200, sequentialRounds: 2, wrkSeconds: 1, concurrentRequests: 640,
        concurrentInFlight: 64, concurrentRounds: 2, rssCheckpoints: (1_000, 3_000), peakDecodeRounds: 1,
        pipelineCalls: 20_000,
        pipelineRounds: 2, transferRounds: 2, progressRounds: 2, mappingRounds: 2, cacheCalls: 200, webSocketRounds: 2,
        webSocketMessages: 1_000, webSocketLargeRounds: 2, webSocketLargeMessages: 5, gomRounds: 2, gomUpdates: 200,
        gomNotifications: 2_000)
}
