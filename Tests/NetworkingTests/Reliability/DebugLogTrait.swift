import Testing

/// Turns on the whole-run debug log (``DebugLogFile``). Swift Testing prepares every test's traits while it
/// plans the run, before the first test starts, so one suite carrying this trait is enough for the log to
/// cover every test of the run.
struct DebugLogTrait: SuiteTrait, TestTrait {
    var isRecursive: Bool { true }

    func prepare(for test: Test) async throws {
        DebugLogFile.start()
    }
}

extension Trait where Self == DebugLogTrait {
    /// Turns on the whole-run debug log when `NETWORKING_TEST_LOG_FILE` is set.
    static var debugLogFile: Self { Self() }
}
