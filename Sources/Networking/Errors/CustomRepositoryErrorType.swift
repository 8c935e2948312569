/// An app-specific error that ``Swift/Result/mapCustomError(_:)-([Int:CustomRepositoryErrorType])``
/// produces from a failed response.
///
/// ```swift
/// enum BookError: String, CustomRepositoryErrorType { case notFound, outOfStock }
/// let result = await fetchBook(id: 9).mapCustomError([404: BookError.notFound])
/// ```
public protocol CustomRepositoryErrorType: Error, Sendable {
    /// The error's name, reported in ``RepositoryError/customError(errorName:error:)``.
    var name: String { get }
}

extension CustomRepositoryErrorType where Self: RawRepresentable {
    /// The raw value, as a string.
    public var name: String {
        String(describing: rawValue)
    }
}
