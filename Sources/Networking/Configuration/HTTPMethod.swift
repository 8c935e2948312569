/// An HTTP request method.
///
/// ```swift
/// let result: Result<[Book], RepositoryError> = await performRequest(method: .get, path: "books")
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: read a resource.
    case get = "GET"
    /// `HEAD`: read a resource's headers only.
    case head = "HEAD"
    /// `POST`: create a resource or run an action.
    case post = "POST"
    /// `PUT`: replace a resource.
    case put = "PUT"
    /// `PATCH`: change part of a resource.
    case patch = "PATCH"
    /// `DELETE`: remove a resource.
    case delete = "DELETE"
    /// `OPTIONS`: ask which methods a resource supports.
    case options = "OPTIONS"
}

extension HTTPMethod: CustomStringConvertible {
    /// The method as sent, such as `GET`.
    public var description: String {
        rawValue
    }
}
