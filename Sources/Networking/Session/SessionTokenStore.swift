public import Foundation

/// Where a ``SessionManager`` keeps its token: in memory, or in a file that survives restarts.
public struct SessionTokenStore: Sendable {
    enum Kind: Sendable {
        case memory
        case file(URL)
    }

    let kind: Kind

    /// Keeps the token in memory only; it is gone when the process ends.
    public static let memory = SessionTokenStore(kind: .memory)

    /// Keeps the token in a file readable only by its owner (mode 0600); it survives restarts.
    /// - Parameter url: The file; its directory is created when missing.
    public static func file(_ url: URL) -> SessionTokenStore {
        SessionTokenStore(kind: .file(url))
    }

    /// The stored token, or `nil`.
    func load() -> String? {
        guard case .file(let url) = kind, let data = try? Data(contentsOf: url) else {
            return nil
        }
        let token = String(decoding: data, as: UTF8.self)
        return token.isEmpty ? nil : token
    }

    /// Stores `token`, or removes the stored one when `nil`.
    /// - Throws: A description of the I/O failure.
    func save(_ token: String?) throws {
        guard case .file(let url) = kind else {
            return
        }
        guard let token else {
            if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
            return
        }
        try PrivateFile.write(Data(token.utf8), to: url)
    }
}
