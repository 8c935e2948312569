import Testing

/// Groups the heavy reliability suites (fault matrix, load, cancellation storm). They run one test at a time,
/// and `script/test` runs them in a process of their own (`--filter ReliabilityTests`) after the rest, so
/// that their load does not distort the timing of other suites and their own timings are measured quietly.
// Its time limit is the largest of its suites' (a test gets the smallest limit of those around it).
@Suite(.serialized, .debugLogFile, .timeLimit(.minutes(3))) struct ReliabilityTests {}
