/// The namespace of the test kit's tests, so that `swift test --filter TestKit` selects them all.
enum TestKit {}
