import Foundation
import Networking

extension Tour {
    func transfers() async {
        console.section(6, "Transfers — a cover uploaded as a call object, an export downloaded to disk")
        // This configuration's monitors: the shared logger only, so that no spinner overwrites the progress bars.
        var quiet = configuration
        quiet.eventMonitors = [NetworkActivityLogger.shared]
        let repository = BooksRepository(configuration: quiet)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("networking-demo-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let cover = folder.appendingPathComponent("kindred-cover.png")
        let coverSize = 1_500_000
        try? Data((0..<coverSize).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: cover)
        let uploadBar = ProgressBar(console: console, label: "cover ")
        await step(
            "POST books/7/cover (multipart)",
            check: { result in
                uploadBar.clear()
                guard case .success(let receipt) = result else { return (false, "\(result)") }
                return (
                    receipt.bytes == coverSize && receipt.contentType == "image/png",
                    "\(receipt.fileName), \(receipt.contentType), \(receipt.bytes) bytes received"
                )
            },
            call: { await repository.execute(UploadCover(bookID: 7, image: cover), progress: uploadBar.update) }
        )

        let destination = folder.appendingPathComponent("books.csv")
        let downloadBar = ProgressBar(console: console, label: "export")
        let reports = Locked(0)
        await step(
            "GET books/export.csv → file",
            check: { result in
                downloadBar.clear()
                guard case .success(let file) = result else { return (false, "\(result)") }
                let onDisk = (try? FileManager.default.attributesOfItem(atPath: file.location.path)[.size] as? Int) ?? 0
                return (
                    file.byteCount == Int64(BooksAPI.exportSize) && onDisk == BooksAPI.exportSize,
                    "\(file.byteCount / 1_048_576) MiB on disk, \(reports.withLock { $0 }) progress reports"
                )
            },
            call: {
                await repository.downloadExport(to: destination) { progress in
                    reports.withLock { $0 += 1 }
                    downloadBar.update(progress)
                }
            }
        )
    }
}
