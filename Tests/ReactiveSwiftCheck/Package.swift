// swift-tools-version: 6.0
import PackageDescription

// The check that `code NAME --reactiveswift` compiles and runs as the playground does:
// Tests/EndToEnd/test_reactiveswift_code.py copies this package to .build/reactiveswift-check,
// writes the generated pipelines into it (Sources/reactiveswift-check/Pipelines.swift, which
// main.swift runs), points the dependency below at the vendored ReactiveSwift 7.2.1 (shared/
// beside the checkout), then builds and runs it. A package of its own, as Tests/CombineCheck is,
// so that the main build never builds ReactiveSwift. The path below is the vendored copy's as
// seen from this folder; the copy's own is written by the suite.
let package = Package(
    name: "reactiveswift-check",
    dependencies: [
        .package(path: "../../../shared/vendor/ReactiveSwift-7.2.1")
    ],
    targets: [
        .executableTarget(
            name: "reactiveswift-check",
            dependencies: [.product(name: "ReactiveSwift", package: "ReactiveSwift-7.2.1")]
        )
    ],
    swiftLanguageModes: [.v6]
)
