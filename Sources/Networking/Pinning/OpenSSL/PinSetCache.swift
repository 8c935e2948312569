/// Holds the ``PinSet`` loaded from one ``PinnedCertificates`` value, shared by its copies, so the files are
/// read and parsed once. A failure is not cached: a missing or broken pin directory is re-read next time.
final class PinSetCache: Sendable {
    private let loaded = Locked<PinSet?>(nil)

    /// Creates an empty cache.
    init() {}

    /// The cached set, or the one `load` returns (then cached).
    /// - Parameter load: Loads the set.
    func pinSet(_ load: () throws(PinningFailure) -> PinSet) throws(PinningFailure) -> PinSet {
        try loaded.withLock { (cached: inout PinSet?) throws(PinningFailure) -> PinSet in
            if let cached {
                return cached
            }
            let pinSet = try load()
            cached = pinSet
            return pinSet
        }
    }
}
