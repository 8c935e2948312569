import Foundation

/// When a GOM entry was created and last modified, and the time zone whose offset its dates are printed with.
struct MockGOMStamp {
    var ctime: Date
    var mtime: Date
    var timeZone: TimeZone

    /// Created and modified at `date`.
    init(_ date: Date, _ timeZone: TimeZone) {
        self.init(ctime: date, mtime: date, timeZone: timeZone)
    }

    init(ctime: Date, mtime: Date, timeZone: TimeZone) {
        self.ctime = ctime
        self.mtime = mtime
        self.timeZone = timeZone
    }

    /// The same creation, modified at `date` and printed in `timeZone` from now on.
    func touched(_ date: Date, _ timeZone: TimeZone) -> MockGOMStamp {
        MockGOMStamp(ctime: ctime, mtime: date, timeZone: timeZone)
    }

    /// `"ctime":"…","mtime":"…"`, for inside a JSON object.
    var jsonMembers: String {
        "\"ctime\":\"\(MockGOMDate.format(ctime, in: timeZone))\",\"mtime\":\"\(MockGOMDate.format(mtime, in: timeZone))\""
    }
}
