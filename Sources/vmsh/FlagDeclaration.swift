import ArgumentParser

/// One flag of vmsh's command line: its name, what it takes, its help, the `Options` field it
/// sets and how its value is checked. ArgumentParser's declaration of it (help, completion, the
/// man page, errors) and `QuickFlags`' reading of it are both made from this one value.
struct FlagDeclaration: Sendable {
    enum Kind: Sendable {
        /// Every argument that is not a flag: the script paths.
        case arguments
        /// Present or not.
        case flag
        /// Takes one value: the next argument, or `--name=value`.
        case option
        /// Takes a value each time it is given; the values are kept in order.
        case repeated
    }

    /// As typed ("--virtual-clock", "-c"); for `arguments`, the name ArgumentParser knows it by.
    let name: String
    let kind: Kind
    /// What `--help` says about it.
    let help: String
    /// Whether a value that starts with "-" ("-1") is still the value, so the check can say what
    /// is wrong instead of ArgumentParser's "Missing value".
    let takesDashValues: Bool
    /// The values it offers (an enumeration's cases), as ArgumentParser lists them in the help.
    let valueStrings: @Sendable () -> [String]
    /// ArgumentParser's property wrapper for this flag, as `VMSH` shows it to the parser.
    let declaration: @Sendable () -> Any
    /// Copies the value ArgumentParser parsed into `options`.
    let decode: @Sendable (KeyedDecodingContainer<Key>, inout Options) throws -> Void
    /// Sets the flag in `options` from its value as typed (ignored for a `flag`); false when the
    /// value does not read as the flag's type or fails its check.
    let read: @Sendable (inout Options, String) -> Bool
    /// Why the flag's value in `options` cannot be used, as the line vmsh prints; nil when it can.
    let problem: @Sendable (Options) -> String?

    /// The key ArgumentParser files a flag's value under: its name.
    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

extension FlagDeclaration {
    /// The script paths: every argument that is not a flag, in order.
    static func arguments(
        _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, [String]>, valueName: String,
        help: String,
        completion: CompletionKind? = nil
    ) -> FlagDeclaration {
        let name = valueName + "s"
        return FlagDeclaration(
            name: name, kind: .arguments, help: help, takesDashValues: false, valueStrings: { [] },
            declaration: {
                Argument<[String]>(
                    wrappedValue: [], help: ArgumentHelp(help, valueName: valueName), completion: completion)
            },
            decode: { container, options in
                options[keyPath: field()] = try container.decode(
                    Argument<[String]>.self, forKey: Key(stringValue: name)
                )
                .wrappedValue
            },
            read: { options, value in
                options[keyPath: field()].append(value)
                return true
            },
            problem: { _ in nil })
    }

    /// A switch that sets `field` when given.
    static func flag(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Bool>, help: String
    )
        -> FlagDeclaration
    {
        FlagDeclaration(
            name: name, kind: .flag, help: help, takesDashValues: false, valueStrings: { [] },
            declaration: { Flag(wrappedValue: false, name: specification(name), help: ArgumentHelp(help)) },
            decode: { container, options in
                options[keyPath: field()] = try container.decode(Flag<Bool>.self, forKey: Key(stringValue: name))
                    .wrappedValue
            },
            read: { options, _ in
                options[keyPath: field()] = true
                return true
            },
            problem: { _ in nil })
    }

    /// An option whose field has a default (`Options()`'s): the help shows it.
    static func option<Value: ExpressibleByArgument & Sendable>(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Value>,
        valueName: String, help: String,
        takesDashValues: Bool = false, valid: (@Sendable (Value) -> Bool)? = nil, takes: String = ""
    ) -> FlagDeclaration {
        FlagDeclaration(
            name: name, kind: .option, help: help, takesDashValues: takesDashValues,
            valueStrings: { Value.allValueStrings },
            declaration: {
                Option<Value>(
                    wrappedValue: Options()[keyPath: field()], name: specification(name),
                    parsing: takesDashValues ? .unconditional : .next,
                    help: ArgumentHelp(help, valueName: valueName))
            },
            decode: { container, options in
                options[keyPath: field()] = try container.decode(Option<Value>.self, forKey: Key(stringValue: name))
                    .wrappedValue
            },
            read: { options, text in
                guard let value = Value(argument: text), valid?(value) != false else { return false }
                options[keyPath: field()] = value
                return true
            },
            problem: { options in
                guard let valid, !valid(options[keyPath: field()]) else { return nil }
                return "\(name) takes \(takes)"
            })
    }

    /// An option whose field is nil unless it is given.
    static func option<Value: ExpressibleByArgument & Sendable>(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Value?>,
        valueName: String, help: String,
        completion: CompletionKind? = nil, takesDashValues: Bool = false,
        valid: (@Sendable (Value) -> Bool)? = nil, takes: String = ""
    ) -> FlagDeclaration {
        FlagDeclaration(
            name: name, kind: .option, help: help, takesDashValues: takesDashValues,
            valueStrings: { Value.allValueStrings },
            declaration: {
                Option<Value?>(
                    name: specification(name), parsing: takesDashValues ? .unconditional : .next,
                    help: ArgumentHelp(help, valueName: valueName), completion: completion)
            },
            decode: { container, options in
                options[keyPath: field()] = try container.decode(Option<Value?>.self, forKey: Key(stringValue: name))
                    .wrappedValue
            },
            read: { options, text in
                guard let value = Value(argument: text), valid?(value) != false else { return false }
                options[keyPath: field()] = value
                return true
            },
            problem: { options in
                guard let valid, let value = options[keyPath: field()], !valid(value) else { return nil }
                return "\(name) takes \(takes)"
            })
    }

    /// An option given any number of times, each value taken as it is, even one that starts
    /// with "-" (`-c -1`).
    static func repeated(
        _ name: String, _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, [String]>,
        valueName: String, help: String
    ) -> FlagDeclaration {
        FlagDeclaration(
            name: name, kind: .repeated, help: help, takesDashValues: true, valueStrings: { [] },
            declaration: {
                Option<[String]>(
                    wrappedValue: [], name: specification(name), parsing: .unconditionalSingleValue,
                    help: ArgumentHelp(help, valueName: valueName))
            },
            decode: { container, options in
                options[keyPath: field()] = try container.decode(Option<[String]>.self, forKey: Key(stringValue: name))
                    .wrappedValue
            },
            read: { options, value in
                options[keyPath: field()].append(value)
                return true
            },
            problem: { _ in nil })
    }

    /// `--long-name` or `-x`, as ArgumentParser names it.
    private static func specification(_ name: String) -> NameSpecification {
        name.hasPrefix("--") ? .customLong(String(name.dropFirst(2))) : .customShort(name.last ?? "?")
    }
}
