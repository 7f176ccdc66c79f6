import Testing

@testable import Reactive

/// A stream's name is written in one place and read back in one: every name the app and the
/// playground make reads back as the same owner, name and subscription.
struct StreamNameTests {
    static let names: [StreamName] = [
        StreamName(owner: "search", "searchText"),
        StreamName(owner: "row 3", "isVisible"),
        StreamName(owner: "row 3", "delay(1s)"),
        StreamName(owner: "row 3", "delay(1s)", subscription: 2),
        StreamName(owner: "row 12", "subscriber 3"),
        StreamName(owner: "command", "execution 2"),
        StreamName(owner: "m", "map upper", subscription: 10),
        StreamName(owner: "m", "takeUntil t (2)", subscription: 3),
        StreamName(owner: "play", "a-2"),
        StreamName("metadata", subscription: 2),
        StreamName("delay(1s)"),
        StreamName("x#1"),
    ]

    @Test(arguments: names) func readsBackWhatItWrites(_ name: StreamName) {
        let read = StreamName(parsing: name.text)
        #expect(read.owner == name.owner)
        #expect(read.name == name.name)
        #expect(read.subscription == name.subscription)
        #expect(read.text == name.text)
    }

    @Test func writesTheFormTraceHasAlwaysPrinted() {
        #expect(StreamName(owner: "search", "searchText").text == "search · searchText")
        #expect(StreamName("metadata", subscription: 2).text == "metadata#2")
        #expect(StreamName(owner: "row 3", "isVisible").text == "row 3 · isVisible")
        #expect(StreamName(owner: "m", "map upper", subscription: 2).text == "m · map upper#2")
    }

    @Test func readsTheFieldsOfAText() {
        let name = StreamName(parsing: "row 3 · delay(1s)#12")
        #expect(name.owner == "row 3")
        #expect(name.name == "delay(1s)")
        #expect(name.subscription == 12)
        #expect(name.first.text == "row 3 · delay(1s)")
        #expect(name.withoutOwner.text == "delay(1s)#12")
    }

    /// What only looks like a number is part of the name: the first subscription has none, and
    /// a name never gets a number it was not given.
    @Test(arguments: ["x#", "x#0", "x#1", "x#02", "x#+3", "x#٣", "#"])
    func keepsWhatIsNoSubscriptionNumberInTheName(_ text: String) {
        let name = StreamName(parsing: text)
        #expect(name.subscription == 1)
        #expect(name.name == text)
        #expect(name.owner == nil)
        #expect(name.text == text)
    }

    @Test func aNameIsItsText() {
        #expect(StreamName(parsing: "row 3 · isVisible") == StreamName(owner: "row 3", "isVisible"))
        #expect(StreamName(owner: "row 3", "isVisible") != StreamName(owner: "row 30", "isVisible"))
        #expect(Set([StreamName(owner: "a", "b"), StreamName(parsing: "a · b")]).count == 1)
    }
}
