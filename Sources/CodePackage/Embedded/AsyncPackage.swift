import PackageDescription

// The tutorial's ViewModel layer in Swift concurrency, as vmsh wrote it (`code --package DIR
// --async`): @Observable ViewModels on the main actor, their pipelines over AsyncSequence with
// swift-async-algorithms. `swift build`, then `swift test`, which plays the session of
// Tests/FlickrSearchTests/Expected.swift on a clock of the test's own.
let package = Package(
    name: "FlickrSearch",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [.library(name: "FlickrSearch", targets: ["FlickrSearch"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4")
    ],
    targets: [
        .target(
            name: "FlickrSearch",
            dependencies: [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
        ),
        .testTarget(name: "FlickrSearchTests", dependencies: ["FlickrSearch"]),
    ],
    swiftLanguageModes: [.v6]
)
