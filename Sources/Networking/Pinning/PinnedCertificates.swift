public import Foundation

/// Where the DER certificates a pinned configuration trusts come from.
///
/// A connection is accepted when its chain validates up to a pinned certificate: pin a root CA (the server
/// must send every intermediate), an intermediate CA, or the server's own certificate (or any certificate with
/// the same public key, such as a renewal). Validation is not waived for pinned certificates: signatures, CA
/// flags, the server purpose, the host name and the validity dates are all checked, so an expired or
/// not-yet-valid certificate fails even when it is pinned. A pinned certificate the server merely sends
/// alongside a chain it did not sign anchors nothing.
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

    /// Every `.der`, `.cer` and `.crt` file (DER encoded) in the bundle's resources, subfolders included
    /// but not other bundles inside it.
    ///
    /// Use `.bundle(.module)` with the certificate as a resource of your target. On Linux `Bundle.main`'s
    /// resources are the executable's own folder (such as `.build/debug`), so `.bundle(.main)` only finds
    /// files copied there by hand; other targets' `*.resources` bundles beside it are skipped.
    /// - Parameter bundle: The bundle, such as `.module` or `.main`.
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
            return der.enumerated().map { (label: "#\($0.offset)", der: $0.element) }
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
                // Other targets' resource bundles sit beside the executable (Bundle.main on Linux): not ours.
                if ["resources", "bundle"].contains(file.pathExtension.lowercased()) {
                    enumerator?.skipDescendants()
                    continue
                }
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
