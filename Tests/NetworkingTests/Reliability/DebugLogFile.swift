import Foundation
import Networking

/// The whole-run debug log: when `NETWORKING_TEST_LOG_FILE` names a file, the shared logger runs at `.debug`
/// from before the first test and appends every message to that file. `script/test` sets the variable,
/// and after the run checks that no test credential reached the file.
///
/// Tests that point the shared logger elsewhere for a while (the shared-observer logging tests) restore its
/// output afterwards, so the file keeps receiving messages.
enum DebugLogFile {
    /// The environment variable naming the file.
    static let variable = "NETWORKING_TEST_LOG_FILE"

    /// The file's path, or `nil` when the variable is not set.
    static let path: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether the shared logger writes to the file.
    static var isActive: Bool { started }

    /// Starts the shared logger at `.debug` writing to the file, once; does nothing without the variable.
    static func start() {
        _ = started
    }

    private static let started: Bool = {
        guard let path else {
            return false
        }
        guard let writer = LogFileWriter(path: path) else {
            print("DebugLogFile: cannot open \(path) for appending; the shared logger stays off")
            return false
        }
        let logger = NetworkActivityLogger.shared
        logger.output = writer.write
        logger.level = .debug
        logger.startLogging()
        return true
    }()
}
