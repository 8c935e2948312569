import Foundation

@testable import NetworkingTestKit

/// Helpers for the test kit's upload and download tests: temporary files of the generated pattern, curl.
enum KitTransferFixtures {
    /// Runs the curl command-line tool with `arguments`, limited to 60 s so that a test never waits on a hung
    /// transfer.
    static func curl(_ arguments: [String]) throws -> ProcessOutput {
        try runProcess("/usr/bin/curl", ["--max-time", "60"] + arguments)
    }

    /// A new empty temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("networking-kit-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `size` bytes of the generated pattern (`MockResponse.generated`'s) to `url`, a piece at a time.
    static func writeGeneratedFile(size: Int, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var failure: (any Error)?
        _ = MockResponse.forEachGeneratedPiece(size: size, maximumPiece: 1 << 20) { piece in
            do {
                try handle.write(contentsOf: piece)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure {
            throw failure
        }
    }

    /// Whether two bodies hold the same bytes. Compare large bodies with this rather than `==` inside
    /// `#expect`: on a mismatch, Swift Testing would diff megabytes element by element.
    static func sameBytes(_ received: Data, _ expected: Data) -> Bool {
        received == expected
    }

    /// The SHA-256 of a file as `sha256sum` computes it (an implementation independent of the kit's).
    static func sha256sum(_ url: URL) throws -> String {
        // sha256sum starts the line with a backslash when it escapes the file name.
        let output = try runProcess("/usr/bin/sha256sum", [url.path])
        return String(output.standardOutput.drop { $0 == "\\" }.prefix(64))
    }

    /// The SHA-256 of `data` as `sha256sum` computes it.
    static func sha256sum(_ data: Data) throws -> String {
        let output = try runProcess("/usr/bin/sha256sum", [], input: data)
        return String(output.standardOutput.prefix(64))
    }
}
