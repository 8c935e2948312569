import CCurl
import CNetworkingShim
import Foundation

extension CurlTransfer {
    /// Sets the method and the body: a multipart form streamed with libcurl's MIME API, a file streamed with a
    /// read callback, or bytes copied into libcurl.
    func configureMethodAndBody(of request: HTTPRequest, context: UnsafeMutableRawPointer) throws {
        if let form = request.multipart {
            try configureMultipart(form, method: request.method)
            return
        }
        if let file = request.bodyFile {
            try configureUpload(file, method: request.method, context: context)
            return
        }
        let body = request.body
        switch request.method {
        case .head:
            try set(CURLOPT_NOBODY, 1)
        case .get where body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case .post:
            try set(CURLOPT_POST, 1)
            try setBody(body ?? Data())
        case .put, .patch:
            try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            try setBody(body ?? Data())
        default:
            // GET with a body, DELETE, OPTIONS, QUERY and any other token, sent as written.
            try set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            if let body {
                try setBody(body)
            }
        }
    }

    /// Builds the MIME structure: libcurl writes the boundary and part headers and reads files as it sends.
    private func configureMultipart(_ form: MultipartFormData, method: HTTPMethod) throws {
        for url in form.fileURLs {
            try FileBody.validate(url, role: "multipart file")
        }
        guard let mime = curl_mime_init(handle) else {
            throw TransportError(code: .other, message: "libcurl could not create a multipart body for \(url)")
        }
        self.mime = mime
        for part in form.parts {
            guard let handlePart = curl_mime_addpart(mime) else {
                throw TransportError(code: .other, message: "libcurl could not add a multipart part for \(url)")
            }
            try check(curl_mime_name(handlePart, part.name))
            switch part.content {
            case .text(let text):
                try setData(Data(text.utf8), of: handlePart)
            case .data(let data):
                try setData(data, of: handlePart)
            case .file(let url):
                try check(curl_mime_filedata(handlePart, url.path))
            }
            // curl_mime_filedata names the part after the file on disk; the announced name replaces it.
            try check(curl_mime_filename(handlePart, part.fileName))
            try check(curl_mime_type(handlePart, part.mimeType))
        }
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime)))
        if method != .post {
            try set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
    }

    /// Copies `data` into a MIME part (an empty part too).
    private func setData(_ data: Data, of part: OpaquePointer) throws {
        try data.withUnsafeBytes { raw in
            try "".withCString { empty in
                let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? empty
                try check(curl_mime_data(part, bytes, raw.count))
            }
        }
    }

    /// Streams a file as the body with a read callback, rewound by a seek callback when needed.
    private func configureUpload(_ url: URL, method: HTTPMethod, context: UnsafeMutableRawPointer) throws {
        let file = try UploadFile(url)
        uploadFile = file
        try set(CURLOPT_UPLOAD, 1)
        try set(CURLOPT_CUSTOMREQUEST, method.rawValue)
        try check(ns_curl_easy_setopt_off_t(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(file.size)))
        try check(ns_curl_easy_setopt_data_callback(handle, CURLOPT_READFUNCTION, CurlCallbacks.read))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_READDATA, context))
        try check(ns_curl_easy_setopt_seek_callback(handle, CurlCallbacks.seek))
        try check(ns_curl_easy_setopt_pointer(handle, CURLOPT_SEEKDATA, context))
    }

    private func setBody(_ body: Data) throws {
        try check(ns_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        try body.withUnsafeBytes { raw in
            // COPYPOSTFIELDS copies POSTFIELDSIZE_LARGE bytes, so binary bodies and empty ones are both safe.
            try "".withCString { empty in
                let bytes = raw.baseAddress ?? UnsafeRawPointer(empty)
                try check(
                    ns_curl_easy_setopt_pointer(
                        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes)))
            }
        }
    }
}
