import Playground

/// `code --package DIR`: the tutorial's ViewModel layer as a SwiftPM package in one Swift library,
/// its pipelines the ones in effect (made by `CodeWriter`, as `code` writes them), with a test that
/// plays `SessionScenario` on the test's own clock and expects what vmsh's playground sent. The
/// ViewModels and the test are real Swift files kept in Embedded/, checked by building what is
/// written; Pipelines.swift, Helpers.swift and Expected.swift are made here.
public enum CodePackage {
    /// A file of the package: its path inside the folder, its text, and the mark it begins with.
    public struct File: Equatable, Sendable {
        public let path: String
        public let text: String
        public let mark: String
    }

    /// What begins every file vmsh writes into a package: how it knows a file is its own.
    public static let mark = "// Written by vmsh (code --package), which writes this file again when asked.\n"
    /// The file that marks a folder as one vmsh made, so it may write there again.
    public static let folderMark = File(
        path: ".vmsh-package", text: "vmsh code --package: this folder was written by vmsh\n",
        mark: "vmsh code --package")
    /// The folders the files go in, each after the folder it is in.
    public static let folders = ["Sources", "Sources/FlickrSearch", "Tests", "Tests/FlickrSearchTests"]
    /// Every file any library's package has: writing one library over another removes the rest.
    public static var everyPath: [String] {
        [CodeWriter.Library.combine, .reactiveSwift, .concurrency].flatMap(templates).map(\.path)
            + [
                "Package.swift", "Sources/FlickrSearch/Pipelines.swift", "Sources/FlickrSearch/Helpers.swift",
                "Tests/FlickrSearchTests/Expected.swift",
            ]
    }

    /// The package in `library` over the validation and the row pipeline in effect (each the texts
    /// `code` writes, what it reads first, the pipeline itself last), or why there is none.
    @MainActor
    public static func files(
        in library: CodeWriter.Library, validation: (name: String, texts: [String]),
        row: (name: String, texts: [String])
    ) throws(PlaygroundError) -> [File] {
        switch library {
        case .rac2:
            throw PlaygroundError("a package is Swift: code --package DIR --combine, --reactiveswift or --async")
        case .combine, .reactiveSwift, .concurrency: break
        }
        let rowListings = try row.texts.map { text throws(PlaygroundError) in try CodeWriter.listing(text, in: library)
        }
        let validationListings = try validation.texts.map { text throws(PlaygroundError) in
            try CodeWriter.listing(text, in: library)
        }
        let expected = try SessionScenario(
            validation: validation.texts, row: row.texts, photos: SessionScenario.photos)
        let swift = PackageSwift(library: library)
        var files = [
            File(path: "Package.swift", text: swift.manifest, mark: "// swift-tools-version: 6.0\n" + mark),
            File(
                path: "Sources/FlickrSearch/Pipelines.swift",
                text: mark
                    + swift.pipelines(validation: (validation.name, validationListings), row: (row.name, rowListings)),
                mark: mark),
            File(
                path: "Sources/FlickrSearch/Helpers.swift",
                text: mark + swift.helpers(rowListings + validationListings), mark: mark),
            File(
                path: "Tests/FlickrSearchTests/Expected.swift",
                text: mark + swift.expected(expected, row: row.name, validation: validation.name), mark: mark),
        ]
        files += templates(library).map { File(path: $0.path, text: mark + $0.text, mark: mark) }
        return files
    }

    /// The package's files that are the same whatever its pipelines: the ViewModels, the test and
    /// the test's clock.
    static func templates(_ library: CodeWriter.Library) -> [(path: String, text: String)] {
        let sources = "Sources/FlickrSearch/"
        let tests = "Tests/FlickrSearchTests/"
        return switch library {
        case .combine:
            [
                (sources + "ViewModels.swift", CombineViewModelsText.source),
                (sources + "OpenCombineMissing.swift", OpenCombineMissingText.source),
                (tests + "SessionTests.swift", CombineSessionTestsText.source),
                (tests + "VirtualScheduler.swift", VirtualSchedulerText.source),
            ]
        case .reactiveSwift:
            [
                (sources + "ViewModels.swift", ReactiveSwiftViewModelsText.source),
                (tests + "SessionTests.swift", ReactiveSwiftSessionTestsText.source),
            ]
        case .concurrency:
            [
                (sources + "ViewModels.swift", AsyncViewModelsText.source),
                (tests + "SessionTests.swift", AsyncSessionTestsText.source),
                (tests + "TestClock.swift", AsyncTestClockText.source),
            ]
        case .rac2: []
        }
    }
}
