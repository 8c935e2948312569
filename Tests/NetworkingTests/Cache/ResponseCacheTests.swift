import Testing

/// Groups the HTTP cache suites, so that `swift test --filter ResponseCacheTests` runs them all.
@Suite(.timeLimit(.minutes(1))) struct ResponseCacheTests {}
