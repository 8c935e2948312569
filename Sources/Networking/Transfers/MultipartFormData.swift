public import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory parts and files read from disk when the
/// request is sent, streamed, so that a large file never sits in memory.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Dune", name: "title")
/// form.append(fileAt: coverURL, name: "cover")                       // image/jpeg, from the extension
/// form.append(Data(csv.utf8), name: "notes", fileName: "notes.csv")   // text/csv
/// let result: Result<Book, RepositoryError> = await repository.performUpload(path: "books", multipart: form)
/// ```
///
/// Names and file names may hold any text: quotes, CR and LF are percent-encoded in the part headers
/// (`"` → `%22`, as browsers and libcurl do), other characters are sent as UTF-8. A file part's
/// `Content-Type` is guessed from its file name's extension when not given (`application/octet-stream`
/// when unknown); text fields have none. ``CurlTransport`` streams the parts with libcurl's MIME API;
/// other transports can send ``encoded()`` with ``contentType``. A file that is missing or unreadable
/// fails the call with ``RepositoryError/invalidParameters(_:)`` naming it, before any byte is sent.
public struct MultipartFormData: Sendable {
    /// One part of the form.
    struct Part: Sendable {
        /// Where a part's bytes come from.
        enum Content: Sendable {
            case text(String)
            case data(Data)
            case file(URL)
        }

        let name: String
        let fileName: String?
        let mimeType: String?
        let content: Content
    }

    /// The parts, in the order they were appended.
    private(set) var parts: [Part] = []
    /// The boundary between parts in ``encoded()``: random, so that it occurs in no part.
    let boundary: String

    /// Creates an empty form.
    public init() {
        boundary = "networking-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Appends a text field.
    /// - Parameters:
    ///   - value: The field's value, sent as UTF-8.
    ///   - name: The field's name.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, fileName: nil, mimeType: nil, content: .text(value)))
    }

    /// Appends bytes held in memory.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - name: The field's name.
    ///   - fileName: The file name announced to the server, or `nil` for none.
    ///   - mimeType: The part's `Content-Type`; `nil` guesses it from `fileName`, else
    ///     `application/octet-stream`.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        parts.append(
            Part(
                name: name, fileName: fileName, mimeType: mimeType ?? MIMEType.guess(forFileName: fileName),
                content: .data(data)))
    }

    /// Appends a file, read from disk when the request is sent (again for each attempt), streamed.
    /// - Parameters:
    ///   - url: The file.
    ///   - name: The field's name.
    ///   - fileName: The file name announced to the server; `nil` uses the file's own name.
    ///   - mimeType: The part's `Content-Type`; `nil` guesses it from the file name.
    public mutating func append(fileAt url: URL, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let announced = fileName ?? url.lastPathComponent
        parts.append(
            Part(
                name: name, fileName: announced, mimeType: mimeType ?? MIMEType.guess(forFileName: announced),
                content: .file(url)))
    }

    /// Whether the form has no parts.
    public var isEmpty: Bool {
        parts.isEmpty
    }

    /// The files the form reads when it is sent.
    public var fileURLs: [URL] {
        parts.compactMap { part in
            if case .file(let url) = part.content { url } else { nil }
        }
    }
}
