import Foundation
import Networking

/// The books of the demo API: a page, one book, and adding a book.
final class BooksRepository: AbstractRepository, @unchecked Sendable {
    func fetchBooksPage(_ page: Int) async -> Result<BooksPage, RepositoryError> {
        await performRequest(method: .get, path: "books", parameters: ["page": page])
    }

    func fetchBook(id: Int) async -> Result<Book, RepositoryError> {
        await performRequest(method: .get, path: "books/\(id)")
    }

    func addBook(_ book: NewBook) async -> Result<Book, RepositoryError> {
        await performRequest(method: .post, path: "books", body: book)
    }

    /// Saves the catalogue as CSV into `destination`, streamed to disk.
    func downloadExport(
        to destination: URL, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async -> Result<DownloadedFile, RepositoryError> {
        await performDownload(path: "books/export.csv", to: destination, progress: progress)
    }
}
