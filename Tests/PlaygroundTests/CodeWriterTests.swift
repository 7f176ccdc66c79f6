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

    @Test func reactiveSwiftAndCombineNameTheirOwnOperators() throws {
        #expect(
            try CodeWriter.code(Self.tutorials, in: .reactiveSwift) == [
                "// mine, as vmsh's playground defines it, in ReactiveSwift",
                "let mine = isVisible", "    .filter { $0 }", "    .delay(1.0, on: QueueScheduler.main)",
                "    .take(until: hidden.map { _ in })", "    .flatMap(.merge) { _ in metadata }",
            ])
        #expect(
            try CodeWriter.code(Self.tutorials, in: .combine) == [
                "// mine, as vmsh's playground defines it, in Combine",
                "let mine = isVisible", "    .filter { $0 }",
                "    .delay(for: .seconds(1), scheduler: DispatchQueue.main)",
                "    .prefix(untilOutputFrom: hidden)", "    .flatMap { _ in metadata }",
            ])
    }

    @Test func rac2sThrottleIsTheOthersDebounceAndALeadingThrottleGetsANote() throws {
        let calm = try CodeWriter.code("calm = b | throttle 300ms", in: .combine)
        #expect(calm.last == "    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)")
        let rate = try CodeWriter.code("rate = b | throttleLeading 300ms", in: .rac2)
        #expect(
            rate.suffix(2) == [
                "    throttle:0.3];",
                "// RAC 2 has no leading throttle: -throttle: (the latest after a quiet time) stands in",
            ])
    }

    @Test func valuesAreWrittenAsLiteralsOfEachLanguage() throws {
        let lines = try CodeWriter.code("s = sequence 1 two true | filter !=two | scan concat", in: .reactiveSwift)
        #expect(lines[1] == "let s = SignalProducer([1, \"two\", true])")
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
