extension PinnedCertificates {
    /// The pinned set, loaded and parsed on first use and then cached for this value and its copies.
    /// - Throws: ``PinningFailure`` when a file cannot be read, is not DER, or the set is empty (fail closed).
    func loadPinSet() throws(PinningFailure) -> PinSet {
        try cache.pinSet { () throws(PinningFailure) -> PinSet in
            try PinSet(files: readDER(), source: sourceDescription)
        }
    }
}
