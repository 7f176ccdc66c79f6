import Testing

@testable import Playground

/// `code`: a definition written in each library, from the parsed definition.
@MainActor
struct CodeWriterTests {
    static let tutorials = "mine = isVisible | filter true | delay 1s | takeUntil hidden | flattenMap metadata"

    @Test func theTutorialsPipelineInReactiveCocoa2ReadsAsTheTutorialWroteIt() throws {
        #expect(
            try CodeWriter.code(Self.tutorials, in: .rac2) == [
                "// mine, as vmsh's playground defines it, in ReactiveCocoa 2 (Objective-C)",
                "RACSignal *mine = [[[[isVisible",
                "    filter:^BOOL(id value) { return [value boolValue]; }]",
                "    delay:1.0]",
                "    takeUntil:hidden]",
                "    flattenMap:^RACSignal *(id value) { return metadata; }];",
            ])
    }

    /// A name that is a keyword of the library's language is written escaped wherever it stands
    /// (defined, read as a source, read by a step): Swift's backticks, an Objective-C prefix. One
    /// with a - is no identifier anywhere: refused in one line.
    @Test func aNameThatIsAKeywordIsEscapedAndOneThatIsNoIdentifierRefused() throws {
        func refusal(_ text: String, _ library: CodeWriter.Library) -> String? {
            do {
                _ = try CodeWriter.code(text, in: library)
                return nil
            } catch { return error.message }
        }
        let swift = try CodeWriter.code("for = class | merge class | takeUntil return", in: .combine)
        #expect(
            swift.prefix(4) == [
                "// for, as vmsh's playground defines it, in Combine", "let `for` = `class`",
                "    .merge(with: `class`)", "    .prefix(untilOutputFrom: `return`)",
            ], "\(swift)")
        for library in [CodeWriter.Library.reactiveSwift, .concurrency] {
            let lines = try CodeWriter.code("for = class | merge class", in: library)
            #expect(lines.contains("let `for` = `class`") && lines.contains("    .merge(with: `class`)"), "\(lines)")
        }
        let objc = try CodeWriter.code("return = id | merge class", in: .rac2)
        #expect(objc.contains("RACSignal *vmsh_return = [vmsh_id"), "\(objc)")
        #expect(objc.contains("    merge:class];"), "Objective-C's class is @class: \(objc)")
        #expect(
            refusal("return = vmsh_return | merge isVisible", .rac2)
                == "code writes the keyword return as vmsh_return, which is another name here: "
                + "define one of them again under another name")
        #expect(
            refusal("t = my-s | merge isVisible", .combine)
                == "code writes each name as it is, and Swift has no - in a name: define my-s again as my_s to write it"
        )
        #expect(refusal("t = c.executing | merge isVisible", .combine) == nil, "a command's lane is a property")
        // Names the code uses itself: the async code's clock, and the libraries' types.
        #expect(
            refusal("t = clock | delay 1s", .concurrency)
                == "code writes each name as it is, and the async code's clock is the app's own "
                + "(let clock = ContinuousClock()): define clock again under another name")
        #expect(refusal("t = clock | delay 1s", .combine) == nil, "Combine's code has no clock")
        #expect(
            refusal("Just = marbles \"-a|\"", .combine)
                == "code writes each name as a variable, and a capitalized one could hide one of Combine's types "
                + "(Just, DispatchQueue): define Just again in lower case")
        for library in CodeWriter.Library.allCases {
            #expect(refusal("t = isVisible | merge RACSignal", library)?.contains("define RACSignal again") == true)
        }
    }

    /// A value is written as a string literal, escaped: text that would close a comment or the
    /// literal stays inside it, in every library.
    @Test func aHostileValueStaysInsideItsLiteral() throws {
        for library in CodeWriter.Library.allCases {
            let lines = try CodeWriter.code(#"t = isVisible | startWith */fatalError()/* | filter =a\b"#, in: library)
            let written = lines.filter { $0.contains("fatalError") || $0.contains(#"a\"#) }
            #expect(written.count == 2, "\(library): \(lines)")
            #expect(
                written.allSatisfy { $0.contains(#""*/fatalError()/*""#) || $0.contains(#""a\\b""#) }, "\(written)")
        }
    }

    @Test func reactiveSwiftAndCombineNameTheirOwnOperators() throws {
        #expect(
            try CodeWriter.code(Self.tutorials, in: .reactiveSwift) == [
                "// mine, as vmsh's playground defines it, in ReactiveSwift",
                "let mine = isVisible", "    .filter { $0 }", "    .delay(1.0, on: QueueScheduler.main)",
                "    .take(until: hidden.map { _ in }.flatMapError { _ in SignalProducer<(), Never>.never })",
                "    .flatMap(.merge) { _ in metadata }",
            ])
        #expect(
            try CodeWriter.code(Self.tutorials, in: .combine) == [
                "// mine, as vmsh's playground defines it, in Combine",
                "let mine = isVisible", "    .filter { $0 }",
                "    .delay(for: .seconds(1), scheduler: DispatchQueue.main)",
                "    .prefix(untilOutputFrom: hidden)", "    .flatMap { _ in metadata }",
                "// Combine's delay delays a failure too; the playground's fails at once, dropping what is still delayed",
                "// Combine's prefix(untilOutputFrom:) goes on when hidden ends without a value; takeUntil ends then",
            ])
    }

    @Test func rac2sThrottleIsTheOthersDebounce() throws {
        let calm = try CodeWriter.code("calm = b | throttle 300ms | debounce 1s", in: .combine)
        #expect(
            calm.suffix(3) == [
                "    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)",
                "    .debounce(for: .seconds(1), scheduler: DispatchQueue.main)",
                // Said once for both.
                "// Combine's debounce drops a value still waiting when the source ends; the playground's sends it first",
            ])
    }

    @Test func valuesAreWrittenAsLiteralsOfEachLanguage() throws {
        let lines = try CodeWriter.code("s = sequence 1 two true | filter !=two | scan concat", in: .reactiveSwift)
        #expect(lines[1] == "let s = SignalProducer<Any, Error>([1, \"two\", true])")
        #expect(lines[2] == "    .filter { $0 != \"two\" }")
        #expect(lines[3] == "    .scan(\"\") { $0 + String(describing: $1) }")
    }
}

extension CodeWriterTests {
    @Test func schedulersAreEachLibrarysOwn() throws {
        let text = "d = s | deliverOn main | subscribeOn background"
        #expect(
            try CodeWriter.code(text, in: .combine).suffix(2) == [
                "    .receive(on: DispatchQueue.main)", "    .subscribe(on: DispatchQueue.global())",
            ])
        #expect(
            try CodeWriter.code(text, in: .rac2).suffix(2) == [
                "    deliverOn:[RACScheduler mainThreadScheduler]]", "    subscribeOn:[RACScheduler scheduler]];",
            ])
    }
}

/// What Tests/EndToEnd/test_combine_code.py found running the Combine code on OpenCombine.
extension CodeWriterTests {
    @Test func takeOneIsFirstAndTakeNSaysWhenPrefixFinishes() throws {
        #expect(try CodeWriter.code("t = b | take 1", in: .combine).last == "    .first()")
        #expect(
            try CodeWriter.code("t = b | take 3", in: .combine).suffix(2) == [
                "    .prefix(3)",
                "// Combine's prefix(3) finishes at the first event after its last value; take 3 with that value",
            ])
    }

    @Test func countNamesTheValueItIgnoresAsSwiftClosuresMust() throws {
        #expect(
            try CodeWriter.code("n = b | scan count", in: .combine).last == "    .scan(0) { total, _ in total + 1 }")
        #expect(
            try CodeWriter.code("n = b | fold count", in: .reactiveSwift).last
                == "    .reduce(0) { total, _ in total + 1 }")
    }
}

extension CodeWriterTests {
    /// Every message RAC 2 code sends has its brackets, also a step that sends two
    /// (`map:` then `switchToLatest`, `publish` then `signal`).
    @Test func rac2sBracketsBalanceWhateverTheSteps() throws {
        let texts = [
            "f = isVisible | switchToLatest original | take 1",
            "p = s | map +1 | publish | autoconnect",
            "r = s | replay 2 | autoconnect | filter even",
            "q = s | flattenMap t | switchToLatest | deliverOn main | scan sum",
            "c = s | combineLatest t | reduceEach sum | takeUntil u | catchTo v",
        ]
        for text in texts {
            let code = try CodeWriter.code(text, in: .rac2).filter { !$0.hasPrefix("//") }.joined()
            #expect(code.count { $0 == "[" } == code.count { $0 == "]" }, "\(text): \(code)")
        }
        #expect(
            try CodeWriter.code("f = isVisible | switchToLatest original | take 1", in: .rac2).dropFirst() == [
                "RACSignal *f = [[[isVisible", "    map:^id(id value) { return original; }] switchToLatest]",
                "    take:1];",
            ])
    }
}
