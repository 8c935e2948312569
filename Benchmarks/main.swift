import Foundation

// NetworkingBenchmarks: run it through script/bench, which starts the servers and passes their ports.
do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    try await BenchmarkCommand.run(options)
} catch {
    FileHandle.standardError.write(Data("NetworkingBenchmarks: \(error)\n".utf8))
    exit(1)
}
