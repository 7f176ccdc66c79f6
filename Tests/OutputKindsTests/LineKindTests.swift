import Testing

@testable import OutputKinds

/// The one vocabulary of kinds, as each reader names it.
struct LineKindTests {
    @Test func aPageShowsFiveKindsAndJSONLinesNamesACommandItsEcho() {
        #expect(Set(LineKind.allCases.map(\.shownAs)) == [.command, .comment, .narration, .output, .error])
        #expect(LineKind.allCases.filter(\.isError) == [.error, .report])
        #expect(LineKind.command.jsonLinesName == "echo")
        #expect(LineKind.update.jsonLinesName == "update")
    }
}
