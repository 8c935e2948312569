import Foundation
import NetworkingStore

/// A folder of its own under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file in the folder.
    func file(_ name: String) -> URL {
        url.appending(path: name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The StoreError `body` throws, or nil when it throws none.
func storeError(_ body: () throws(StoreError) -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
