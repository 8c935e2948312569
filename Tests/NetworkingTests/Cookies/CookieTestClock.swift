import Foundation
import Networking

/// A clock the cookie tests move by hand.
final class CookieTestClock: Sendable {
    private let date: Locked<Date>

    init(_ date: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.date = Locked(date)
    }

    /// The current date.
    var now: Date {
        date.withLock { $0 }
    }

    /// Moves the clock forward.
    func advance(_ seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}
