import Foundation
import Networking
import Synchronization

extension ChildModes {
    /// One upload of the upload file, or one download of a served file into the scratch directory, by
    /// Networking over http, after a warm-up GET that starts the transport and opens the connection. VmHWM is
    /// reset just before, so the peak minus the RSS before is what the transfer cost in memory at most.
    static func transfer(_ direction: TransferDirection, options: Options) async throws {
        let endpoint = Endpoint.of(.http, options)
        let repository = BenchRepository(endpoint: endpoint, certificate: Data(), timeout: 3_600)
        _ = try await repository.small().get()
        let tally = options.withProgress ? ProgressTally() : nil
        var progress: (@Sendable (TransferProgress) -> Void)?
        if let tally {
            progress = { tally.record($0) }
        }
        let destination = URL(fileURLWithPath: options.scratchDirectory)
            .appendingPathComponent("networking-\(ProcessInfo.processInfo.processIdentifier).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let baseline = resetPeak()
        let usage = ResourceUsage.current()
        let start = ContinuousClock.now
        let bytes: Int64
        switch direction {
        case .upload:
            let file = URL(fileURLWithPath: options.uploadFilePath)
            _ = try await repository.upload(file, progress: progress).get()
            bytes = Fixtures.size(of: file.path) ?? 0
        case .download:
            bytes = try await repository.download(options.servedFile, to: destination, progress: progress).get()
                .byteCount
        }
        let seconds = Runner.seconds(start.duration(to: .now))
        let cpu = (ResourceUsage.current() - usage).cpuSeconds
        print("rss_before_kib=\(baseline)")
        print("peak_kib=\(ProcessMemory.peakResidentKiB)")
        print("bytes=\(bytes)")
        print("seconds=\(seconds)")
        print("cpu_seconds=\(cpu)")
        if let tally {
            let (reports, last) = tally.summary
            print("progress_reports=\(reports)")
            print("progress_last=\(last)")
        }
    }
}

/// Counts a transfer's progress reports and keeps the last one's byte count.
final class ProgressTally: Sendable {
    private let state = Mutex<(reports: Int, last: Int64)>((0, 0))

    /// Records one report.
    func record(_ progress: TransferProgress) {
        state.withLock { $0 = ($0.reports + 1, progress.completedBytes) }
    }

    /// The reports so far and the last one's completed bytes.
    var summary: (reports: Int, last: Int64) {
        state.withLock { $0 }
    }
}
