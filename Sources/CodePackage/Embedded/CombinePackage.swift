import PackageDescription

// The tutorial's ViewModel layer in Combine, as vmsh wrote it (`code --package DIR --combine`):
// `swift build`, then `swift test`, which plays the session of Tests/FlickrSearchTests/Expected.swift
// on a scheduler of the test's own. Where Combine is not (Linux), OpenCombine stands in for it.
let package = Package(
    name: "FlickrSearch",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "FlickrSearch", targets: ["FlickrSearch"])],
    dependencies: [
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")
    ],
    targets: [
        .target(
            name: "FlickrSearch",
            dependencies: [
                .product(
                    name: "OpenCombine", package: "OpenCombine",
                    condition: .when(platforms: [.linux, .windows, .android, .wasi]))
            ]
        ),
        .testTarget(
            name: "FlickrSearchTests",
            dependencies: [
                "FlickrSearch",
                .product(
                    name: "OpenCombine", package: "OpenCombine",
                    condition: .when(platforms: [.linux, .windows, .android, .wasi])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
