// swift-tools-version: 6.0
import PackageDescription

// The check that `code NAME --combine` compiles and runs as the playground does:
// Tests/EndToEnd/test_combine_code.py copies this package to .build/combine-check, writes the
// generated pipelines into it (Sources/combine-check/Pipelines.swift, which main.swift runs), then
// builds and runs it. A package of its own, as bench/ is, so that the main build never fetches
// OpenCombine; one executable, debug, with OpenCombine alone, so that CI builds it in about a minute.
let package = Package(
    name: "combine-check",
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")
    ],
    targets: [
        .executableTarget(
            name: "combine-check",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]
        )
    ],
    swiftLanguageModes: [.v6]
)
