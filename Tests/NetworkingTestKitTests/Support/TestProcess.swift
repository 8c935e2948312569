import Foundation

/// What a finished process printed and its exit status.
struct ProcessOutput: Sendable {
    let status: Int32
    let standardOutputData: Data
    let standardError: String

    var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
}

/// Runs an executable to completion (with no shell), optionally feeding it `input`.
func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    if let input {
        standardInput.fileHandleForWriting.write(input)
    }
    try standardInput.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus, standardOutputData: outputData,
        standardError: String(decoding: errorData, as: UTF8.self))
}
