/// The library's version, sent as `User-Agent: Networking/<version>`.
enum NetworkingVersion {
    /// The version string.
    static let current = "1.0.0"
    /// The default `User-Agent` value.
    static let userAgent = "Networking/\(current)"
}
