// swift-tools-version: 6.1
import PackageDescription

// Layers depend only downward: vmsh -> LineEditing (libedit, the terminal) -> Shell -> TerminalViews ->
// ViewModels -> PhotoModel -> Reactive;
// EventLoop (live time, the wake-up pipe) sits beside Reactive for Shell and FlickrAPI.
// Shell -> MarbleDiagrams (drawing, expect-marbles) -> MarbleNotation (marble strings, durations);
// Playground -> MarbleNotation; TerminalViews, MarbleDiagrams and Dataflow -> TerminalText (safe text).
// SimulatedService (over PhotoCatalog) and FlickrAPI implement PhotoModel's service protocol, and
// StateStore its recent-search store; vmsh chooses. PhotoCatalog is also what flickr-stub serves;
// LocalFiles is what the catalog and the state store share about vmsh's files on disk;
// MarkedFiles is the one way Shell and FlickrAPI write their files (lessons, pages, SVGs, cassettes).
// Redaction, under all of these, takes the API key out of everything that enters or leaves.
// SessionServer serves the session to students' browsers (`--serve`, `serve on`); vmsh wires it to Shell.
let package = Package(
    name: "vmsh",
    // Linux only: the shell calls Glibc, termios and libedit directly.
    products: [
        .executable(name: "vmsh", targets: ["vmsh"])
    ],
    // The Flickr client brings NIO, BoringSSL and AsyncHTTPClient, most of a fresh build's time, and
    // the session server NIO and Hummingbird: `--disable-default-traits` builds vmsh without either,
    // the quick first build of scripts/vmsh.
    traits: [
        .trait(name: "Flickr", description: "vmsh's Flickr client (--service flickr, --record, --replay)."),
        .trait(name: "Serve", description: "The session served to students' browsers (--serve, serve on)."),
        .default(enabledTraits: ["Flickr", "Serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(name: "CLibEdit", providers: [.apt(["libedit-dev"])]),
        // Cross-module optimisation (release only): the operators are generic and their closures
        // use internal types (Observer, Event), so without it other modules run them unspecialised,
        // instantiating generic metadata on every event; with it they are specialised for the
        // caller's types. bench/Package.swift builds Reactive with the same setting.
        .target(
            name: "Reactive",
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
        ),
        // The process's side of time: the live scheduler, the wake-up pipe and the one wait.
        .target(name: "EventLoop", dependencies: ["Reactive"]),
        .target(name: "PhotoModel", dependencies: ["Reactive"]),
        // The seeded generator behind the catalog, the simulated network and the tests' drawn cases.
        .target(name: "SeededRandom"),
        // vmsh's own SQLite files: what is at a path, vmsh's marks, owner-only folders and files,
        // a file built aside and published whole, the integrity check.
        .target(name: "LocalFiles", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // The secrets the process holds and the one redaction every way in and out applies.
        .target(name: "Redaction"),
        // Files vmsh writes whole: judged by their mark on one descriptor, replaced by a rename.
        .target(name: "MarkedFiles", dependencies: ["Redaction"]),
        // The embedded catalog and its generator.
        .target(
            name: "PhotoCatalog",
            dependencies: [
                "LocalFiles", "PhotoModel", "SeededRandom", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The catalog as a network service: latency, the simulated network, the calls counted.
        .target(name: "SimulatedService", dependencies: ["PhotoCatalog", "PhotoModel", "Reactive", "SeededRandom"]),
        // The recent searches that last between sessions: the state database.
        .target(
            name: "StateStore",
            dependencies: ["LocalFiles", "PhotoModel", "Redaction", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The one place both binaries take their `--version` from.
        .target(name: "VMSHVersion"),
        .target(
            name: "FlickrAPI",
            dependencies: [
                "PhotoModel", "Reactive", "EventLoop", "MarkedFiles", "Redaction",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "flickr-stub",
            dependencies: [
                "PhotoCatalog", "PhotoModel", "SeededRandom", "VMSHVersion",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(name: "ViewModels", dependencies: ["PhotoModel", "Reactive"]),
        // The one marble notation and the one duration grammar: standard library only.
        .target(name: "MarbleNotation"),
        // glibc's wcwidth, which Swift's Glibc module does not export.
        .systemLibrary(name: "CTerminalWidth"),
        // Data text made safe for a terminal, its width there, and numbers as transcripts print them.
        .target(name: "TerminalText", dependencies: ["CTerminalWidth"]),
        // The one vocabulary of a printed line's kinds: standard library only, so MarbleDiagrams
        // (a lesson page's blocks) stays free of Foundation.
        .target(name: "OutputKinds"),
        // What vmsh sends out, as values: the served page's messages and their one JSON encoder,
        // the serving limits. Standard library and Foundation only.
        .target(name: "SessionWire", dependencies: ["OutputKinds"]),
        // Marble diagrams drawn from recorded events: text, SVG, pages, and `expect-marbles`.
        .target(name: "MarbleDiagrams", dependencies: ["MarbleNotation", "OutputKinds", "TerminalText", "Reactive"]),
        // The recorded dataflow as a graph and as chains of causes: text, DOT, SVG (graph, why, break).
        .target(name: "Dataflow", dependencies: ["TerminalText", "Reactive"]),
        // The reactive playground beside the app: signals defined at the prompt, on the same clock.
        .target(name: "Playground", dependencies: ["MarbleNotation", "Reactive"]),
        .target(name: "TerminalViews", dependencies: ["TerminalText", "ViewModels", "PhotoModel", "Reactive"]),
        .target(
            name: "Shell",
            dependencies: [
                "EventLoop", "TerminalViews", "MarbleDiagrams", "MarbleNotation", "TerminalText",
                "ViewModels", "PhotoModel", "Reactive", "Playground", "MarkedFiles", "Redaction", "Dataflow",
                "OutputKinds", "SessionWire",
            ]
        ),
        // Under the concerns, beside each other: the playground beside the app as a concern of the
        // session (made on first use, made afresh by goto), which the core never names.
        .target(
            name: "PlaygroundSession",
            dependencies: ["Shell", "Playground", "Reactive", "TerminalViews", "ViewModels"]),
        // The lanes a row, the search or a playground signal draws, read from the recordings, and
        // the check of one against a marble string: expect-marbles, predict and a class's answers.
        .target(
            name: "Lanes",
            dependencies: [
                "Shell", "PlaygroundSession", "MarbleDiagrams", "MarbleNotation", "Playground", "Reactive",
                "TerminalText", "TerminalViews", "ViewModels",
            ]),
        // The concerns over the core, none importing another. The instruments: trace, marbles,
        // graph and why, breakpoints, leaks, inspect, stats, the fake network. Each keeps its state
        // as a concern of the session.
        .target(
            name: "Instruments",
            dependencies: [
                "Shell", "Lanes", "PlaygroundSession", "Dataflow", "EventLoop", "MarbleDiagrams", "MarbleNotation",
                "OutputKinds", "PhotoModel", "Playground", "Reactive", "TerminalText", "TerminalViews", "ViewModels",
            ]
        ),
        // Lessons: the expect family, exercises, history, save, goto, a lesson's page and cast, grading.
        .target(
            name: "Lessons",
            dependencies: [
                "Shell", "Lanes", "PlaygroundSession", "MarbleDiagrams", "SessionWire", "TerminalText", "TerminalViews",
            ]
        ),
        // The playground's commands at the prompt: let, send, subscribe, dispose, connect, signals.
        .target(name: "PlaygroundShell", dependencies: ["Shell", "PlaygroundSession", "Playground"]),
        // Learners' own pipelines for the app's rows (`pipeline mine = …`, `set pipeline mine`), the
        // settings that choose them (`set`), `compare` and `code`.
        .target(
            name: "Pipelines",
            dependencies: [
                "Shell", "Lanes", "PlaygroundSession", "Playground", "ViewModels", "PhotoModel", "Reactive",
                "TerminalText", "TerminalViews", "MarbleDiagrams", "MarbleNotation", "CodePackage",
            ]),
        // `code --package`: the ViewModel layer as a package in one library, its test expecting
        // what the playground sent; the files that never change are real Swift in Embedded/.
        .target(
            name: "CodePackage", dependencies: ["Playground", "Reactive"], exclude: ["Embedded"],
            plugins: ["EmbedText"]),
        // `serve`: the session served to a class, through the server vmsh hands the shell.
        .target(name: "Serving", dependencies: ["Shell", "Redaction", "SessionWire"]),
        // `ask` and `answers`: the class answers questions from its browsers, graded as `predict` grades.
        .target(
            name: "Classroom",
            dependencies: [
                "Shell", "EventLoop", "Lanes", "MarbleNotation", "Pipelines", "Reactive", "Redaction", "SessionWire",
                "TerminalText",
            ]),
        // The whole command table, put together from the core, the instruments, the lessons and serving.
        .target(
            name: "StandardShell",
            dependencies: [
                "Shell", "Instruments", "Lessons", "Serving", "Classroom", "PlaygroundShell", "Pipelines", "PhotoModel",
                "Reactive", "TerminalViews",
            ]),
        // The shell at a terminal: libedit's line editor (the one user of CLibEdit), the prompt
        // loop, the line history, the step pacer's keys and the progress line.
        .target(
            name: "LineEditing",
            dependencies: [
                "CLibEdit", "Shell", "EventLoop", "Reactive", "TerminalViews", "TerminalText", "MarkedFiles",
                "Redaction",
            ]
        ),
        // Writes a text file into a Swift file as a string, for the EmbedText plugin.
        .executableTarget(name: "embed-text"),
        // The served page's script, a real .js file, embedded into SessionServer at build time.
        .plugin(name: "EmbedText", capability: .buildTool(), dependencies: ["embed-text"]),
        // The session as a read-only page and its live feed: HTTP and WebSocket on Hummingbird.
        .target(
            name: "SessionServer",
            dependencies: [
                "MarbleDiagrams", "SessionWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["Embedded"],
            plugins: ["EmbedText"]
        ),
        .executableTarget(
            name: "vmsh",
            dependencies: [
                "Shell", "StandardShell", "Instruments", "Lessons", "Serving", "Classroom", "LineEditing",
                "TerminalViews", "TerminalText",
                "PhotoModel",
                "PhotoCatalog",
                "SimulatedService", "StateStore",
                "EventLoop", "Reactive", "Redaction", "SessionWire", "VMSHVersion",
                .target(name: "FlickrAPI", condition: .when(traits: ["Flickr"])),
                .target(name: "SessionServer", condition: .when(traits: ["Serve"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the catalog, simulated-service and state-store tests share: a catalog to read,
        // temporary folders, the files vmsh must refuse, and raw SQL on a file, which only tests need.
        .target(
            name: "DataTestSupport",
            dependencies: ["PhotoCatalog", "SeededRandom", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/DataTestSupport"
        ),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "TestSupport"]),
        .testTarget(
            name: "PlaygroundTests", dependencies: ["Playground", "MarbleNotation", "Reactive", "TestSupport"]),
        .testTarget(name: "MarkedFilesTests", dependencies: ["MarkedFiles"]),
        .testTarget(name: "SessionServerTests", dependencies: ["SessionServer", "SessionWire"]),
        .testTarget(name: "SessionWireTests", dependencies: ["SessionWire", "OutputKinds"]),
        .testTarget(name: "OutputKindsTests", dependencies: ["OutputKinds"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop", "Reactive"]),
        .testTarget(
            name: "PhotoCatalogTests",
            dependencies: [
                "PhotoCatalog", "LocalFiles", "StateStore", "PhotoModel", "DataTestSupport", "SeededRandom",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "SimulatedServiceTests",
            dependencies: [
                "SimulatedService", "PhotoCatalog", "PhotoModel", "Reactive", "DataTestSupport", "TestSupport",
            ]
        ),
        .testTarget(
            name: "StateStoreTests",
            dependencies: [
                "StateStore", "LocalFiles", "PhotoCatalog", "PhotoModel", "DataTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "FlickrAPITests",
            dependencies: [
                "FlickrAPI", "PhotoModel", "Reactive", "EventLoop", "Redaction", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ViewModels", "PhotoModel", "Reactive", "SeededRandom", "Dataflow", "Redaction"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "ViewModelsTests", dependencies: ["ViewModels", "PhotoModel", "Reactive", "TestSupport", "Dataflow"]),
        .testTarget(name: "TerminalViewsTests", dependencies: ["TerminalViews", "PhotoModel", "Reactive"]),
        .testTarget(name: "MarbleNotationTests", dependencies: ["MarbleNotation"]),
        .testTarget(name: "DataflowTests", dependencies: ["Dataflow", "Reactive", "TestSupport"]),
        .testTarget(
            name: "MarbleDiagramsTests",
            dependencies: ["MarbleDiagrams", "MarbleNotation", "TerminalText", "Reactive", "TestSupport"]),
        // Writes marble SVGs and pages for Tests/Pictures/test_svg.py to render and check.
        .executableTarget(
            name: "marble-pictures", dependencies: ["MarbleDiagrams", "MarbleNotation"],
            path: "Tests/Pictures/marble-pictures"
        ),
        // The command line: QuickFlags against ArgumentParser's reading of the same lines.
        .testTarget(
            name: "VMSHTests",
            dependencies: [
                "vmsh", "Shell", "Reactive", "SimulatedService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The key as data through every path, drawn: a line, a reply, the writers; needs the layers together.
        .testTarget(
            name: "RedactionTests",
            dependencies: [
                "Redaction", "Shell", "StandardShell", "LineEditing", "FlickrAPI", "StateStore", "PhotoModel",
                "Reactive",
                "TestSupport", "ShellTestSupport",
            ]
        ),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        // What the shell's tests share: a shell on the virtual clock writing to memory, fed lines as
        // a script is, and a server that keeps what `serve` hands it.
        .target(
            name: "ShellTestSupport",
            dependencies: ["Shell", "StandardShell", "PhotoModel", "Reactive", "SessionWire", "TestSupport"],
            path: "Tests/ShellTestSupport"
        ),
        // The core's tests: the session, the app's commands, script mode and --step, help, completion,
        // parsing, the clock, rewinding, the output and its kinds.
        .testTarget(
            name: "ShellTests",
            dependencies: [
                "Shell", "Instruments", "StandardShell", "EventLoop", "TerminalViews", "ViewModels", "PhotoModel",
                "Reactive", "TestSupport", "MarbleNotation", "MarbleDiagrams", "Playground", "OutputKinds",
                "SessionWire", "ShellTestSupport",
            ]
        ),
        // The instruments at the prompt: trace, marbles, graph, why, break, leaks, inspect, stats, fetch
        // and net, type.
        .testTarget(
            name: "InstrumentsTests",
            dependencies: [
                "Instruments", "Shell", "TerminalViews", "ViewModels", "Reactive", "TestSupport", "ShellTestSupport",
            ]
        ),
        // Lessons: the expect family, exercises and grading, save, export html and cast.
        .testTarget(
            name: "LessonsTests",
            dependencies: ["Lessons", "Shell", "Reactive", "TestSupport", "SessionWire", "ShellTestSupport"]),
        // `ask` and `answers`, the students' answers set on a fake server.
        .testTarget(
            name: "ClassroomTests",
            dependencies: [
                "Classroom", "Shell", "Serving", "EventLoop", "TestSupport", "MarbleNotation", "Redaction",
                "SessionWire", "ShellTestSupport",
            ]
        ),
        // What `code --package` expects of the ViewModels, and the Swift it makes.
        .testTarget(name: "CodePackageTests", dependencies: ["CodePackage", "Playground"]),
        // Learners' own pipelines and validations, `code`, and `compare` of two pipelines.
        .testTarget(
            name: "PipelinesTests",
            dependencies: ["Shell", "TerminalViews", "ViewModels", "TestSupport", "MarbleDiagrams", "ShellTestSupport"]
        ),
        // `serve` and what the feed hands the students' pages, on a fake server.
        .testTarget(
            name: "ServingTests",
            dependencies: [
                "Serving", "Shell", "StandardShell", "Reactive", "TestSupport", "MarbleDiagrams", "Redaction",
                "OutputKinds", "SessionWire", "ShellTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
