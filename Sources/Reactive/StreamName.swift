/// A recorded stream's identity: whose it is (`search`, `row 3`, a playground signal), what it is
/// (`searchText`, `delay(1s)`), and which subscription of it, when each subscription is a stream
/// of its own (`metadata#2`, a playground operator's second). Its text (`search · searchText`) is
/// what `trace` prints, the event log keeps and a command names, made only by `init(owner:_:
/// subscription:)` and read back only by `init(parsing:)`.
public struct StreamName: Hashable, Sendable, CustomStringConvertible {
    /// Whose stream it is ("row 3"); nil for a lane named within its owner's diagram.
    public let owner: String?
    /// What the stream is ("isVisible", "delay(1s)", "map upper").
    public let name: String
    /// Which subscription's stream, from 1; the first carries no number in its text.
    public let subscription: Int
    /// "OWNER · NAME#N", made once here: recording an event reads it, never builds it.
    public let text: String

    /// Between the owner and the name.
    static let separator = " · "
    /// Before a later subscription's number.
    static let numberMark: Character = "#"

    public init(owner: String? = nil, _ name: String, subscription: Int = 1) {
        self.owner = owner
        self.name = name
        self.subscription = subscription
        var text = owner.map { $0 + Self.separator + name } ?? name
        if subscription > 1 { text += "\(Self.numberMark)\(subscription)" }
        self.text = text
    }

    /// The name `text` writes: an owner up to the first separator, a subscription number after
    /// the last mark when digits (above 1) follow it, the rest the name. Any text is one name,
    /// its own owner-less first subscription at the least.
    public init(parsing text: String) {
        var rest = Substring(text)
        var subscription = 1
        if let mark = rest.lastIndex(of: Self.numberMark) {
            let digits = rest[rest.index(after: mark)...]
            if !digits.isEmpty, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(digits), number > 1
            {
                subscription = number
                rest = rest[..<mark]
            }
        }
        var owner: String?
        if let split = rest.firstRange(of: Self.separator) {
            owner = String(rest[..<split.lowerBound])
            rest = rest[split.upperBound...]
        }
        self.owner = owner
        name = String(rest)
        self.subscription = subscription
        self.text = text
    }

    public var description: String { text }

    /// The same stream's subscription numbered `subscription`.
    public func numbered(_ subscription: Int) -> StreamName {
        StreamName(owner: owner, name, subscription: subscription)
    }

    /// The stream a later subscription's own stream is named after ("m · map upper" for
    /// "m · map upper#2").
    public var first: StreamName { numbered(1) }

    /// Named within its owner's diagram ("delay(1s)#2" for "row 3 · delay(1s)#2").
    public var withoutOwner: StreamName { StreamName(name, subscription: subscription) }

    // The text says everything the fields do: comparing it alone is enough, and cheaper.
    public static func == (left: StreamName, right: StreamName) -> Bool { left.text == right.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
