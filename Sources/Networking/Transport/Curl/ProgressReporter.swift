import Foundation

/// Turns curl's transfer-info callbacks into ``TransferProgress`` reports for a request's progress closures:
/// at most one report per direction every ``interval``, only when the count changed, and a last one when the
/// transfer ends. Used on the loop thread only.
struct ProgressReporter {
    /// The shortest time between two reports of one direction: about 20 a second.
    static let interval: Duration = .milliseconds(50)

    private let upload: (@Sendable (TransferProgress) -> Void)?
    private let download: (@Sendable (TransferProgress) -> Void)?
    private var lastUpload: (at: ContinuousClock.Instant, progress: TransferProgress)?
    private var lastDownload: (at: ContinuousClock.Instant, progress: TransferProgress)?

    init(upload: (@Sendable (TransferProgress) -> Void)?, download: (@Sendable (TransferProgress) -> Void)?) {
        self.upload = upload
        self.download = download
    }

    /// Takes curl's counts (totals are 0 when unknown).
    mutating func update(downloadTotal: Int64, downloadNow: Int64, uploadTotal: Int64, uploadNow: Int64) {
        let now = ContinuousClock.now
        if let upload {
            let progress = TransferProgress(completedBytes: uploadNow, totalBytes: uploadTotal > 0 ? uploadTotal : nil)
            if Self.due(progress, after: lastUpload, now: now) {
                lastUpload = (now, progress)
                upload(progress)
            }
        }
        if let download {
            let progress = TransferProgress(
                completedBytes: downloadNow, totalBytes: downloadTotal > 0 ? downloadTotal : nil)
            if Self.due(progress, after: lastDownload, now: now) {
                lastDownload = (now, progress)
                download(progress)
            }
        }
    }

    /// Reports the final counts of a completed transfer, each total known by now.
    mutating func finish(uploaded: Int64, downloaded: Int64) {
        if let upload {
            let final = TransferProgress(completedBytes: uploaded, totalBytes: uploaded)
            if lastUpload?.progress != final {
                upload(final)
            }
        }
        if let download {
            let final = TransferProgress(completedBytes: downloaded, totalBytes: downloaded)
            if lastDownload?.progress != final {
                download(final)
            }
        }
    }

    private static func due(
        _ progress: TransferProgress, after last: (at: ContinuousClock.Instant, progress: TransferProgress)?,
        now: ContinuousClock.Instant
    ) -> Bool {
        guard let last else {
            return true
        }
        return progress != last.progress && last.at.duration(to: now) >= interval
    }
}
