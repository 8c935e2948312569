// swift-tools-version: 6.2
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Networking",
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingTestKit", targets: ["NetworkingTestKit"]),
        .library(name: "NetworkingStore", targets: ["NetworkingStore"]),
        .library(name: "NetworkingGOM", targets: ["NetworkingGOM"]),
        .executable(name: "Demo", targets: ["Demo"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        // WebSocket framing. Debian's libwslay-dev has no pkg-config file: the module map links "wslay" by name.
        .systemLibrary(
            name: "CWslay",
            providers: [.apt(["libwslay-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "CNetworkingShim",
            dependencies: ["CCurl", "COpenSSL"]
        ),
        // C helpers of the test kit only (certificate generation, server and test-client TLS contexts):
        // kept out of CNetworkingShim so that nothing test-only ships inside Networking.
        .target(
            name: "CNetworkingTestKitShim",
            dependencies: ["COpenSSL"]
        ),
        .target(
            name: "Networking",
            dependencies: ["CNetworkingShim", "CCurl", "COpenSSL", "CWslay"],
            swiftSettings: upcomingFeatures
        ),
        // The SQLite store of decoded models: its own target and product, so that only apps using it link SQLite.
        .target(
            name: "NetworkingStore",
            dependencies: ["Networking", "CSQLite"],
            swiftSettings: upcomingFeatures
        ),
        // The ART+COM GOM client: REST on nodes and attributes, live observers over a WebSocket. Networking only.
        .target(
            name: "NetworkingGOM",
            dependencies: ["Networking"],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "NetworkingTestKit",
            dependencies: ["Networking", "CNetworkingTestKitShim", "COpenSSL", "CWslay"],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "Demo",
            dependencies: ["Networking", "NetworkingStore", "NetworkingGOM", "NetworkingTestKit"],
            path: "Demo",
            exclude: [".swift-format"],
            resources: [.copy("Resources/books-api.der"), .copy("Resources/demo-key.pem")],
            swiftSettings: upcomingFeatures
        ),
        // The WebSocket benchmark's baseline: libcurl + wslay driven directly from C, as the prototype did. It lives
        // under Benchmarks/ and only the benchmark binary links it.
        .target(
            name: "CWebSocketBaseline",
            dependencies: ["CCurl", "COpenSSL", "CWslay"],
            path: "Benchmarks/CWebSocketBaseline"
        ),
        .executableTarget(
            name: "NetworkingBenchmarks",
            dependencies: [
                "Networking", "NetworkingStore", "NetworkingGOM", "NetworkingTestKit", "CNetworkingShim", "CCurl",
                "CSQLite", "CWebSocketBaseline",
            ],
            path: "Benchmarks",
            exclude: ["CWebSocketBaseline"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "NetworkingTestKit", "NetworkingTestSupport"],
            resources: [.copy("Resources")],
            swiftSettings: upcomingFeatures
        ),
        // Helpers that the product's tests and the test kit's tests share (fixtures, a closed port, process memory):
        // package-visible only, never a product.
        .target(
            name: "NetworkingTestSupport",
            dependencies: ["Networking", "NetworkingTestKit"],
            path: "Tests/NetworkingTestSupport",
            swiftSettings: upcomingFeatures
        ),
        // The test kit's own tests: MockServer, its TLS and WebSocket sides, the parsers, MockGOMServer, the stubs.
        .testTarget(
            name: "NetworkingTestKitTests",
            dependencies: [
                "NetworkingTestKit", "Networking", "NetworkingTestSupport", "CNetworkingShim", "CNetworkingTestKitShim",
                "COpenSSL",
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NetworkingStoreTests",
            dependencies: ["NetworkingStore", "Networking", "NetworkingTestKit"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "NetworkingGOMTests",
            dependencies: ["NetworkingGOM", "Networking", "NetworkingTestKit"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: ["Demo", "Networking", "NetworkingStore", "NetworkingGOM", "NetworkingTestKit"],
            swiftSettings: upcomingFeatures
        ),
    ]
)

// libFuzzer targets, built only by script/fuzz (which sets NETWORKING_FUZZ): they reach internals with
// @testable import and have no main of their own, so ordinary builds must not see them.
if Context.environment["NETWORKING_FUZZ"] != nil {
    package.targets += [
        .executableTarget(
            name: "FuzzRequestParser",
            dependencies: ["NetworkingTestKit"],
            path: "Fuzz/RequestParser",
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "FuzzRequestBuilding",
            dependencies: ["Networking"],
            path: "Fuzz/RequestBuilding",
            swiftSettings: upcomingFeatures
        ),
    ]
}
