/// The command line, parsed by hand: the stub has no dependency but the catalog.
struct StubOptions {
    static let defaultKey = "0123456789abcdef0123456789abcdef"

    static let usage = """
        usage: flickr-stub [options]
        A Flickr-compatible REST server on 127.0.0.1 over the embedded photo catalog.
          --port N             port to listen on; 0 picks a free one (default 0)
          --catalog PATH       catalog file, or :memory: (default: vmsh's, under XDG_DATA_HOME)
          --seed N             catalog seed, as vmsh --seed (default 1)
          --key K              accepted API key, repeatable (default \(defaultKey))
          --budget N           calls per hour per key before HTTP 429 (default 3600)
          --idle-exit SECONDS  stop after this long without requests; 0 never (default 600)
          --latency-ms N, --error-rate F (0...1), --force-code N, --http500, --truncate,
          --nonjson, --stall, --legacy-numbers
                               faults from the start; GET /admin?name=value changes them later
        GET /admin?latency_ms=&error_rate=&force_code=&http500=&truncate=&nonjson=&stall=
                  &legacy_numbers=&times=N&budget=&reset=1   (times: faults last N calls)
        GET /admin/stats     per-method started/completed/failed/cancelled, per-key calls
        """

    var port = 0
    var catalog: String?
    var seed: UInt64 = 1
    var keys: [String] = []
    var budget = 3600
    var idleExit = 600
    var faults = Faults()

    /// Parses `arguments` (without the program name); throws a message for the user.
    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw StubError("\(flag) needs a value") }
            return next
        }
        func number<T: LosslessStringConvertible>(_ flag: String, _ range: ClosedRange<T>) throws -> T {
            let text = try value(flag)
            guard let parsed = T(text), range.contains(parsed) else { throw StubError("\(flag) takes \(range.lowerBound)...\(range.upperBound), not \(text)") }
            return parsed
        }
        func fault(_ name: String, _ text: String) throws {
            if let problem = faults.set(name, text) { throw StubError(problem) }
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--port": port = try number(flag, 0...65535)
            case "--catalog": catalog = try value(flag)
            case "--seed": seed = try number(flag, 0...UInt64.max)
            case "--key": keys.append(try value(flag))
            case "--budget": budget = try number(flag, 0...1_000_000)
            case "--idle-exit": idleExit = try number(flag, 0...86_400)
            case "--latency-ms": try fault("latency_ms", try value(flag))
            case "--error-rate": try fault("error_rate", try value(flag))
            case "--force-code": try fault("force_code", try value(flag))
            case "--http500", "--truncate", "--nonjson", "--stall", "--legacy-numbers":
                try fault(String(flag.dropFirst(2).map { $0 == "-" ? "_" : $0 }), "1")
            case "-h", "--help": throw StubError(Self.usage)
            default: throw StubError("unknown option \(flag)\n\(Self.usage)")
            }
        }
        if keys.isEmpty { keys = [Self.defaultKey] }
    }
}
