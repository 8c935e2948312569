import Foundation

/// Runs a program to completion and returns what it printed.
enum ChildProcess {
    /// Runs `path` with `arguments`; standard error passes through.
    /// - Returns: Standard output.
    /// - Throws: ``BenchmarkError`` when it cannot start or exits non-zero.
    static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw BenchmarkError("cannot start \(path): \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(
                "\(path) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus):\n\(output)")
        }
        return output
    }

    /// Runs this very executable in another mode and parses its `key=value` lines.
    /// - Parameter arguments: The arguments (a mode and the servers).
    /// - Returns: The values by key.
    static func runSelf(_ arguments: [String]) throws -> [String: String] {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var values: [String: String] = [:]
        for line in try run(executable, arguments).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                values[String(parts[0])] = String(parts[1])
            }
        }
        return values
    }
}
