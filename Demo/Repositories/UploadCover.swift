import Foundation
import Networking

/// One API call as a type (AFAbstractRESTClient's style): a book's cover image, sent as a multipart form.
struct UploadCover: APICall {
    typealias Response = CoverReceipt
    let bookID: Int
    let image: URL
    var method: HTTPMethod { .post }
    var path: String { "books/\(bookID)/cover" }
    var multipart: MultipartFormData? {
        var form = MultipartFormData()
        form.append("front", name: "side")
        form.append(fileAt: image, name: "cover")
        return form
    }
}

/// What the API answers to a cover upload: what it received.
struct CoverReceipt: Decodable, Sendable {
    var bookID: Int
    var fileName: String
    var contentType: String
    var bytes: Int
}
