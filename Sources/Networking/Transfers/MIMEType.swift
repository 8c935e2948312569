/// Media types guessed from file name extensions, for multipart parts and file uploads.
enum MIMEType {
    /// The type for `fileName`'s extension; `application/octet-stream` when unknown or when there is no name.
    static func guess(forFileName fileName: String?) -> String {
        guard let fileName, let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            return fallback
        }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()] ?? fallback
    }

    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "aac": "audio/aac", "avif": "image/avif", "bmp": "image/bmp", "css": "text/css", "csv": "text/csv",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "epub": "application/epub+zip", "flac": "audio/flac", "gif": "image/gif", "gz": "application/gzip",
        "heic": "image/heic", "htm": "text/html", "html": "text/html", "ico": "image/vnd.microsoft.icon",
        "jpeg": "image/jpeg", "jpg": "image/jpeg", "js": "text/javascript", "json": "application/json",
        "m4a": "audio/mp4", "md": "text/markdown", "mov": "video/quicktime", "mp3": "audio/mpeg",
        "mp4": "video/mp4", "mpeg": "video/mpeg", "oga": "audio/ogg", "ogg": "audio/ogg", "ogv": "video/ogg",
        "otf": "font/otf", "pdf": "application/pdf", "png": "image/png",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "svg": "image/svg+xml", "tar": "application/x-tar", "tif": "image/tiff", "tiff": "image/tiff",
        "ttf": "font/ttf", "txt": "text/plain", "wav": "audio/wav", "webm": "video/webm", "webp": "image/webp",
        "woff": "font/woff", "woff2": "font/woff2", "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xml": "application/xml",
        "yaml": "application/yaml", "yml": "application/yaml", "zip": "application/zip",
    ]
}
