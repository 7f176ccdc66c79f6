import MarbleDiagrams
import OutputKinds
import Testing

@testable import Shell

struct TranscriptRecordTests {
    typealias Line = MarblePage.Line

    @Test func aLineIsOfTheKindThatBeganItAndUnfinishedTextWaits() {
        var record = TranscriptRecord()
        record.add("> search sun\n", as: .command)
        record.add("[00:00.000] searchText", as: .output)
        #expect(record.lines == [Line(.command, "> search sun")])
        record.add(" = \"sun\"\nvmsh: oops\n", as: .error)
        #expect(
            record.lines.suffix(2) == [Line(.output, "[00:00.000] searchText = \"sun\""), Line(.error, "vmsh: oops")])
        #expect(record.lineCount == 3)
    }

    @Test func narrationTakesThePlaceOfTheEchoOfItsSay() {
        var record = TranscriptRecord()
        record.add("> wait 1s\n> say look here\n", as: .command)
        record.narrate("look here")
        #expect(record.lines == [Line(.command, "> wait 1s"), Line(.narration, "look here")])
    }

    @Test func theOldestLinesGoPastTheLimitAndTheNumbersStay() {
        var record = TranscriptRecord()
        let line = String(repeating: "x", count: 1023)
        for _ in 0..<(TranscriptRecord.characterLimit / 1024 + 1) { record.add(line + "\n", as: .output) }
        #expect(record.firstLine > 0)
        #expect(record.lineCount == TranscriptRecord.characterLimit / 1024 + 1)
        #expect(record.lines.count == record.lineCount - record.firstLine)
    }
}
