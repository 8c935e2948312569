import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport

/// Files and servers for the transfer tests.
enum TransferFixtures {
    /// A new empty folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Deterministic bytes of the given size.
    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        var value = UInt32(seed)
        for index in 0..<count {
            value = value &* 1_103_515_245 &+ 12_345
            bytes[index] = UInt8(truncatingIfNeeded: value >> 16)
        }
        return Data(bytes)
    }

    /// Writes `data` to `name` in `folder`.
    static func file(_ name: String, in folder: URL, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// A plain-HTTP configuration for `server` with no shared observers.
    static func configuration(_ server: MockServer, interceptors: [any HTTPInterceptor] = []) -> NetworkingConfiguration
    {
        var configuration = TransportFixtures.configuration(server)
        configuration.eventMonitors = []
        configuration.interceptors = interceptors
        return configuration
    }

    /// `data` with every occurrence of `target` replaced by `replacement`, byte for byte.
    static func replacing(_ target: Data, with replacement: Data, in data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let range = data.range(of: target, in: index..<data.endIndex) {
            result.append(data[index..<range.lowerBound])
            result.append(replacement)
            index = range.upperBound
        }
        result.append(data[index...])
        return result
    }

    /// The names in `folder`, hidden ones included.
    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}

/// Collects progress reports.
final class ProgressLog: Sendable {
    private let reports = Locked<[TransferProgress]>([])

    var handler: @Sendable (TransferProgress) -> Void {
        { [self] progress in reports.withLock { $0.append(progress) } }
    }

    var all: [TransferProgress] {
        reports.withLock { $0 }
    }

    /// Whether completed counts never go down and totals never contradict them.
    var isMonotonic: Bool {
        let all = all
        return zip(all, all.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes }
            && all.allSatisfy { progress in progress.totalBytes.map { $0 >= progress.completedBytes } ?? true }
    }
}
