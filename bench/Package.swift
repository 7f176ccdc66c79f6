// swift-tools-version: 6.0
import PackageDescription

// Benchmark-only code, kept out of the main package so that its build and scripts/test never
// fetch OpenCombine. `Sources/Reactive` is a link to the main package's Reactive sources: the
// main package exports no library product to depend on, and this way the chain runs the very
// code vmsh runs, compiled with the same optimisation.
let package = Package(
    name: "vmsh-bench",
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")
    ],
    targets: [
        // The same settings as the main package's Reactive target (see its Package.swift).
        .target(
            name: "Reactive", path: "Sources/Reactive",
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
        ),
        .executableTarget(
            name: "reactive-chain",
            dependencies: ["Reactive", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
