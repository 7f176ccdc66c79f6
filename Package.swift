// swift-tools-version: 6.0
import PackageDescription

// Layers depend only downward: vmsh -> Shell -> TerminalViews -> ViewModels -> PhotoModel -> Reactive;
// EventLoop (live time, the wake-up pipe) sits beside Reactive for Shell and FlickrAPI.
// PhotoCatalog implements PhotoModel's service protocol and is chosen in vmsh.
let package = Package(
    name: "vmsh",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vmsh", targets: ["vmsh"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CLibEdit", providers: [.apt(["libedit-dev"])]),
        .target(name: "Reactive"),
        // The process's side of time: the live scheduler, the wake-up pipe and the one wait.
        .target(name: "EventLoop", dependencies: ["Reactive"]),
        .target(name: "PhotoModel", dependencies: ["Reactive"]),
        .target(
            name: "PhotoCatalog",
            dependencies: ["PhotoModel", "Reactive", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(name: "FlickrAPI", dependencies: ["PhotoModel", "Reactive", "EventLoop"]),
        .executableTarget(name: "flickr-stub", dependencies: ["PhotoCatalog", "PhotoModel"]),
        .target(name: "ViewModels", dependencies: ["PhotoModel", "Reactive"]),
        // The reactive playground beside the app: signals defined at the prompt, on the same clock.
        .target(name: "Playground", dependencies: ["Reactive"]),
        .target(name: "TerminalViews", dependencies: ["ViewModels", "PhotoModel", "Reactive"]),
        .target(
            name: "Shell",
            dependencies: [
                "CLibEdit", "EventLoop", "TerminalViews", "ViewModels", "PhotoModel", "Reactive", "Playground",
            ]
        ),
        .executableTarget(
            name: "vmsh",
            dependencies: [
                "Shell", "PhotoCatalog", "FlickrAPI", "EventLoop", "Reactive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "Reactive"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop", "Reactive"]),
        .testTarget(name: "PhotoCatalogTests", dependencies: ["PhotoCatalog", "PhotoModel", "Reactive"]),
        .testTarget(name: "FlickrAPITests", dependencies: ["FlickrAPI", "PhotoModel", "Reactive", "EventLoop"]),
        .target(name: "TestSupport", dependencies: ["ViewModels", "PhotoModel", "Reactive"], path: "Tests/TestSupport"),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "PhotoModel", "Reactive", "TestSupport"]),
        .testTarget(
            name: "ShellTests",
            dependencies: ["Shell", "EventLoop", "TerminalViews", "ViewModels", "PhotoModel", "Reactive", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
