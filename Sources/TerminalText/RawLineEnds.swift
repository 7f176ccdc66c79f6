extension String {
    /// With "\r\n" for each "\n": what a terminal in raw mode (or a recording of one) needs.
    public var replacingNewlines: String {
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for character in self {
            if character == "\n" { out += "\r\n" } else { out.append(character) }
        }
        return out
    }
}
