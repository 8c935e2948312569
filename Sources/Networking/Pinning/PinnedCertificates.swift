public import Foundation

/// Where the DER certificates a pinned configuration trusts come from.
///
/// ```swift
/// let configuration = NetworkingConfiguration(
///     domainURL: "api.example.com", usePinningCertificate: true, pinnedCertificates: .bundle(.module))
/// ```
public struct PinnedCertificates: Sendable {
    enum Source: Sendable {
        case bundle(URL?)
        case directory(URL)
        case certificates([Data])
    }

    let source: Source
    /// The parsed set, loaded once and shared by copies of this value.
    let cache = PinSetCache()

    /// Every `.der`, `.cer` and `.crt` file (DER encoded) in the bundle's resources.
    /// - Parameter bundle: The bundle, such as `.main` or `.module`.
    public static func bundle(_ bundle: Bundle) -> PinnedCertificates {
        PinnedCertificates(source: .bundle(bundle.resourceURL))
    }

    /// Every `.der`, `.cer` and `.crt` file (DER encoded) in a directory.
    /// - Parameter url: The directory.
    public static func directory(_ url: URL) -> PinnedCertificates {
        PinnedCertificates(source: .directory(url))
    }

    /// The given DER certificates.
    /// - Parameter der: The certificates, DER encoded.
    public static func certificates(_ der: [Data]) -> PinnedCertificates {
        PinnedCertificates(source: .certificates(der))
    }

    /// A short description of the source, for messages.
    var sourceDescription: String {
        switch source {
        case .bundle(let url): "bundle \(url?.path ?? "(no resources)")"
        case .directory(let url): "directory \(url.path)"
        case .certificates(let der): "\(der.count) in-memory certificate(s)"
        }
    }

    static let certificateExtensions: Set<String> = ["der", "cer", "crt"]

    /// Reads the DER files of the source, without parsing them.
    /// - Returns: The DER bytes with a label (file name) for each.
    func readDER() throws(PinningFailure) -> [(label: String, der: Data)] {
        switch source {
        case .certificates(let der):
            return der.enumerated().map { (label: "certificate #\($0.offset)", der: $0.element) }
        case .bundle(let url):
            guard let url else {
                return []
            }
            return try Self.readDirectory(url, recursive: true)
        case .directory(let url):
            return try Self.readDirectory(url, recursive: false)
        }
    }

    private static func readDirectory(_ url: URL, recursive: Bool) throws(PinningFailure) -> [(
        label: String, der: Data
    )] {
        let manager = FileManager.default
        var files: [URL] = []
        if recursive {
            let enumerator = manager.enumerator(at: url, includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                files.append(file)
            }
        } else {
            do {
                files = try manager.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            } catch {
                throw PinningFailure(
                    host: "", servedPins: [], expectedPins: [],
                    reason: "pin directory \(url.path) cannot be read: \(error.localizedDescription)")
            }
        }
        var result: [(label: String, der: Data)] = []
        for file in files.sorted(by: { $0.path < $1.path })
        where certificateExtensions.contains(file.pathExtension.lowercased()) {
            do {
                result.append((label: file.lastPathComponent, der: try Data(contentsOf: file)))
            } catch {
                throw PinningFailure(
                    host: "", servedPins: [], expectedPins: [],
                    reason: "pinned certificate \(file.path) cannot be read: \(error.localizedDescription)")
            }
        }
        return result
    }
}
