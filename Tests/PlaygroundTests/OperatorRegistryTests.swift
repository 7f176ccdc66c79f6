import Foundation
import Testing

@testable import Playground

/// The registry of operator declarations (Sources/Playground/Operators): every declared
/// operator is listed once, every word names one operator, and every library's code for each is
/// the library's own or a stand-in its declaration says it is.
@MainActor
struct OperatorRegistryTests {
    /// Each `struct NAME: PlayOperator` of the folder, read from the sources as a contributor
    /// writes them: one that is not in `Operators.all` would parse nowhere.
    @Test func everyDeclaredOperatorIsInTheRegistry() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Playground/Operators")
        var declared: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("struct ") && line.contains(": PlayOperator") {
                declared.append(String(line.dropFirst("struct ".count).prefix { $0 != ":" }))
            }
        }
        let listed = Operators.all.map { String(describing: $0) }
        #expect(declared.count > 30)
        #expect(Set(declared) == Set(listed), "declared but not listed: \(Set(declared).subtracting(listed))")
        #expect(listed.count == Set(listed).count)
    }

    /// `help operators` and the parser's list keep the order they had when every operator was a
    /// case of a switch: the registry's order. A new operator goes after these.
    @Test func theRegistryKeepsHelpsOrder() {
        let before =
            "map filter scan fold take skip distinctUntilChanged delay throttle debounce throttleLeading takeUntil merge "
            + "combineLatest flattenMap switchToLatest catchTo publish replay autoconnect signal catch doNext "
            + "doCompleted doError ignore reduceEach foldLeftWithStart scanWithStart replayLast replayLazily startWith "
            + "concat then retry materialize dematerialize timeout bufferWithTime sample deliverOn subscribeOn"
        let words = before.split(separator: " ").map(String.init)
        #expect(Array(Operators.help.map(\.name).prefix(words.count)) == words)
    }

    @Test func everyWordNamesOneOperatorAndTheParserKnowsIt() throws {
        let words = Operators.help.map(\.name)
        #expect(words.count == Set(words).count)
        #expect(Operators.named.count == words.count)
        for entry in Operators.help {
            let definition = try DefinitionParser.parse(entry.example)
            #expect(definition.steps.contains { type(of: $0.step) == Operators.named[entry.name] }, "\(entry.name)")
        }
    }

    /// Every RAC 2 selector an operator's help says it follows is one `help rac` answers.
    @Test func helpRacKnowsEverySelectorAnOperatorFollows() {
        for entry in Operators.help {
            for selector in RACSelectorGuide.selectors(in: entry.follows) {
                #expect((try? RACSelectorGuide.answer(selector).get()) != nil, "\(entry.name): \(selector)")
            }
        }
        #expect(
            RACSelectorGuide.selectors(in: "RAC 2's -foldLeftWithStart:reduce: (-retry and -[x y])") == [
                "foldLeftWithStart:reduce:", "retry",
            ])
    }

    /// What `code` writes for each operator's own example, and for each source, in each library:
    /// never what a forgotten arm would write (a value's description, or the values passed on
    /// unchanged). `OperatorCode` has no stand-in, so a library without code does not compile.
    @Test func everyOperatorAndSourceIsWrittenInEveryLibrary() throws {
        let sources = [
            "interval 1s", "subject", "replay-subject 2", "replay-subject", "empty", "never", "error boom",
            "sequence 1 2", "behavior-subject 0", "create \"-a|\"", "command runs t concurrent", "marbles \"-1|\"",
        ]
        let texts = Operators.help.map(\.example) + sources.map { "s = \($0)" }
        for text in texts {
            let definition = try DefinitionParser.parse(text)
            for library in CodeWriter.Library.allCases {
                let parts =
                    [CodeWriter.source(definition, in: library)] + definition.steps.map { $0.step.code(in: library) }
                for code in parts {
                    #expect(!code.text.isEmpty, "\(text) in \(library)")
                    // create's body is a template for one's own sends: its comments say where they go.
                    let marks = ["map { $0 }", "Playground.", "Optional(", "(nil)", " seconds)"]
                    for mark in marks + (text.contains("create") ? [] : ["/*"]) {
                        #expect(!code.text.contains(mark), "\(text) in \(library): \(code.text)")
                    }
                }
            }
        }
    }

    /// RAC 2's own forms of its other operators: the selectors of RACSignal+Operations.h and
    /// RACStream.h, each message's brackets balanced.
    @Test func rac2WritesEachOfItsOperatorsAsItsSelector() throws {
        let lines = try CodeWriter.code(
            "x = b | catch t | doNext s | ignore 0 | startWith 1 | then t | retry | timeout 2s | sample t", in: .rac2)
        #expect(
            lines == [
                "// x, as vmsh's playground defines it, in ReactiveCocoa 2 (Objective-C)",
                "RACSignal *x = [[[[[[[[b",
                "    catch:^RACSignal *(NSError *error) { return t; }]",
                "    doNext:^(id value) { [s sendNext:value]; }]",
                "    ignore:@0]",
                "    startWith:@1]",
                "    then:^RACSignal *{ return t; }]",
                "    retry]",
                "    timeout:2.0 onScheduler:[RACScheduler mainThreadScheduler]]",
                "    sample:t];",
            ])
    }
}
