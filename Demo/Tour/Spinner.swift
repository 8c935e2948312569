import Foundation
import Networking

/// A terminal spinner shown while the activity indicator manager says requests are in flight.
final class Spinner: Sendable {
    private let running = Locked<Task<Void, Never>?>(nil)

    func setVisible(_ visible: Bool) {
        running.withLock { task in
            let wasVisible = task != nil
            task?.cancel()
            task = nil
            guard visible else {
                if wasVisible {
                    FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
                }
                return
            }
            task = Task.detached {
                let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
                var index = 0
                while !Task.isCancelled {
                    FileHandle.standardOutput.write(
                        Data("\r\(frames[index % frames.count]) waiting for the network…".utf8))
                    index += 1
                    try? await Task.sleep(for: .milliseconds(80))
                }
            }
        }
    }
}
