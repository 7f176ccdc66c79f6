// swift-tools-version: 6.0
import PackageDescription

// The check that `code NAME --async` compiles and runs as the playground does:
// Tests/EndToEnd/test_async_code.py copies this package to .build/async-check, writes the
// generated pipelines into it (Sources/async-check/Pipelines.swift, which main.swift runs), then
// builds and runs it. A package of its own, as Tests/CombineCheck is, so that the main build never
// fetches swift-async-algorithms; one executable, debug, in Swift 6 mode (strict concurrency).
let package = Package(
    name: "async-check",
    dependencies: [
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4")
    ],
    targets: [
        .executableTarget(
            name: "async-check",
            dependencies: [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
        )
    ],
    swiftLanguageModes: [.v6]
)
