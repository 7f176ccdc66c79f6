import PackageDescription

// The tutorial's ViewModel layer in ReactiveSwift, as vmsh wrote it (`code --package DIR
// --reactiveswift`): `swift build`, then `swift test`, which plays the session of
// Tests/FlickrSearchTests/Expected.swift on ReactiveSwift's TestScheduler. REACTIVESWIFT_PATH names a
// checkout of ReactiveSwift 7.2.1 to build against instead of GitHub's (offline).
let local = Context.environment["REACTIVESWIFT_PATH"]
let reactiveSwift = Target.Dependency.product(
    name: "ReactiveSwift",
    package: local.map { String($0.split(separator: "/").last ?? "ReactiveSwift") } ?? "ReactiveSwift")
let package = Package(
    name: "FlickrSearch",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    products: [.library(name: "FlickrSearch", targets: ["FlickrSearch"])],
    dependencies: [
        local.map { .package(path: $0) }
            ?? .package(url: "https://github.com/ReactiveCocoa/ReactiveSwift", exact: "7.2.1")
    ],
    targets: [
        .target(name: "FlickrSearch", dependencies: [reactiveSwift]),
        .testTarget(name: "FlickrSearchTests", dependencies: ["FlickrSearch", reactiveSwift]),
    ],
    swiftLanguageModes: [.v6]
)
