import Foundation
import MarbleDiagrams
import OutputKinds
import SessionWire
import ShellTestSupport
import TestSupport
import Testing

@testable import Shell

/// A printed line's kind is given where it is made and read the same by every reader: the JSON
/// lines, the transcript's record and the served feed. Nothing reads a kind from a line's text.
@MainActor
struct PrintedKindTests: FakeShellSuite {
    let fake = FakeShell()

    init() { fake.service.photoCount = 1 }

    /// Each JSON line printed, as kind and text.
    private func jsonLines() -> [(kind: String, text: String)] {
        output.text.split(separator: "\n").compactMap { line in
            let json = line.hasPrefix("ERR ") ? line.dropFirst(4) : line
            guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                let kind = object["kind"] as? String, let text = object["text"] as? String
            else { return nil }
            return (kind, text)
        }
    }

    @Test func aTraceEventIsATraceAndTheCommandsOwnWordsAreOutputWhateverTheyStartWith() {
        shell.writesJSONLines = true
        run("trace on\ntext sunset\ntrace off")
        let lines = jsonLines()
        // "trace on" and "trace off" start as a trace does, and are the command's own output.
        #expect(lines.filter { $0.text.hasPrefix("trace o") }.map(\.kind) == ["output", "output"])
        let events = lines.filter { $0.text.hasPrefix("trace ") && !$0.text.hasPrefix("trace o") }
        #expect(!events.isEmpty && events.allSatisfy { $0.kind == "trace" }, "\(lines)")
    }

    @Test func theEndOfInputAndWhatItCancelledAreTheirOwnKinds() {
        shell.writesJSONLines = true
        shell.context.session.drainTimeout = .seconds(2)
        // A subscription to an interval never goes idle: the end of input waits, then cancels it.
        run("let t = interval 1s\nsubscribe t as ticks")
        shell.drainAtEndOfInput()
        let lines = jsonLines()
        #expect(lines.contains { $0.kind == "end" && $0.text.hasPrefix("-- end of input: waiting for ") }, "\(lines)")
        #expect(lines.contains { $0.kind == "report" && $0.text.hasPrefix("still busy ") }, "\(lines)")
    }

    @Test func theRecordKeepsEachLinesKindAndThePageSeesItAsItLaysItOut() {
        run("trace on\ntext sunset")
        let record = shell.output.record.lines
        #expect(record.contains { $0.kind == .trace })
        #expect(record.first { $0.kind == .command }?.text == "> trace on")
        let trace = record.first { $0.kind == .trace }!
        #expect(FeedMessage.line(trace.kind, number: 3, text: trace.text).json.hasPrefix(#"{"kind":"output","n":3,"#))
    }

    @Test func aPrintedValueIsOneJSONLinePerLineItHolds() {
        let printed = Printed(kind: .update, text: "row 1\nrow 2\n\n", command: 4, time: .milliseconds(1_400))
        #expect(
            JSONLinesFormat.render(printed) == """
                {"command":4,"kind":"update","ms":1400,"text":"row 1","time":"00:01.400"}
                {"command":4,"kind":"update","ms":1400,"text":"row 2","time":"00:01.400"}

                """)
        let error = Printed(kind: .error, text: "vmsh: -c:2: no such row\n", command: nil, time: .zero)
        #expect(
            JSONLinesFormat.render(error)
                == #"{"kind":"error","ms":0,"text":"-c:2: no such row","time":"00:00.000"}"# + "\n")
        let echo = Printed(kind: .command, text: "> stack\n", command: nil, time: .zero)
        #expect(JSONLinesFormat.render(echo) == #"{"kind":"echo","ms":0,"text":"> stack","time":"00:00.000"}"# + "\n")
    }
}
