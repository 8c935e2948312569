/// Maps failed responses to errors of the app's own (see ``CustomRepositoryErrorType``).
extension Result where Failure == RepositoryError {
    /// Replaces a ``RepositoryError/requestError(_:)`` whose status is a key of `errors` with
    /// ``RepositoryError/customError(errorName:error:)``; every other result is returned as is.
    /// - Parameter errors: Custom errors by status code.
    /// - Returns: The mapped result.
    public func mapCustomError(_ errors: [Int: any CustomRepositoryErrorType]) -> Result<Success, RepositoryError> {
        mapCustomError { errors[$0.statusCode] }
    }

    /// Replaces a ``RepositoryError/requestError(_:)`` for which `match` returns an error with
    /// ``RepositoryError/customError(errorName:error:)``; every other result is returned as is.
    /// - Parameter match: Looks at the failed response (status, headers, body) and returns a custom error or `nil`.
    /// - Returns: The mapped result.
    public func mapCustomError(
        _ match: (ResponseError) -> (any CustomRepositoryErrorType)?
    ) -> Result<Success, RepositoryError> {
        guard case .failure(.requestError(let response)) = self, let custom = match(response) else {
            return self
        }
        return .failure(.customError(errorName: custom.name, error: custom))
    }

    /// Replaces a ``RepositoryError/requestError(_:)`` whose ``ResponseError/errorModel`` is an `E` for which
    /// `match` returns an error with ``RepositoryError/customError(errorName:error:)``; every other result is
    /// returned as is.
    ///
    /// ```swift
    /// await repository.fetchBook(id: 7).mapCustomError(errorModel: APIProblem.self) { problem in
    ///     problem.code == "book_not_found" ? BookError.notFound : nil
    /// }
    /// ```
    /// - Parameters:
    ///   - type: The error model declared in ``NetworkingConfiguration/responseMapping``.
    ///   - match: Looks at the decoded error model and returns a custom error or `nil`.
    /// - Returns: The mapped result.
    public func mapCustomError<E: Sendable>(
        errorModel type: E.Type, _ match: (E) -> (any CustomRepositoryErrorType)?
    ) -> Result<Success, RepositoryError> {
        mapCustomError { response in (response.errorModel as? E).flatMap(match) }
    }
}
