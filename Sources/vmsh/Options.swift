/// What the command line asks for, as plain values: what `App`, `Checkup` and `ServiceFactory`
/// read. Each field is set by one flag of `FlagTable`, which ArgumentParser and `QuickFlags` both
/// read; its initial value is the flag's default.
struct Options: Equatable {
    var scripts: [String] = []
    var commands: [String] = []
    var interactiveScript: String?
    var virtualClock = false
    var echo = false
    var lesson = false
    var step = false
    var format: OutputFormat = .text
    var bail = false
    var catalog: String?
    var latency: Int?
    var seed: UInt64 = 1
    var catalogSize: Int?
    var noColor = false
    var drainTimeout = "10s"
    var noRC = false
    var historyFile: String?
    var state: String?
    var service: ServiceKind = .catalog
    var flickrEndpoint: String?
    var flickrTimeout = "10s"
    var record: String?
    var replay: String?
    var serve: String?
    var check = false
    /// `--grade LESSON`: the scripts are then learners' answers to it, a file each.
    var grade: String?
    /// `--csv FILE` with `--grade`: the gradebook, a row an answers file.
    var csv: String?
    /// `--grade-budget DURATION` with `--grade`: the CPU time one answers file may take.
    var gradeBudget: String?

    /// A flag that cannot be used as given, with the line vmsh prints about it.
    struct Invalid: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// These options with what `--lesson` implies applied, once the flags have been checked:
    /// whether they go together first, then each value alone.
    func checked() throws(Invalid) -> Options {
        let options = try checkedTogether()
        for flag in FlagTable.flags {
            if let problem = flag.problem(options) { throw Invalid(problem) }
        }
        return options
    }

    /// `checked()` for options whose values were each checked as they were read (`QuickFlags`):
    /// reading every field the table checks would cost start-up a key path each.
    func checkedTogether() throws(Invalid) -> Options {
        var options = self
        if grade != nil {
            guard !scripts.isEmpty, commands.isEmpty, interactiveScript == nil, !step else {
                throw Invalid("--grade takes a lesson and files of answers: vmsh --grade LESSON ANSWERS...")
            }
            guard grade != "-" || scripts.count == 1 else {
                throw Invalid("--grade - reads the lesson from standard input once: give it one answers file")
            }
            // Graded, a lesson shows nothing, and a page would show its hidden checks' answers.
            guard serve == nil else { throw Invalid("--grade shows nothing as it grades: drop --serve") }
            options.lesson = true
        } else if csv != nil {
            throw Invalid("--csv writes the gradebook of --grade: vmsh --grade LESSON ANSWERS... --csv FILE")
        } else if gradeBudget != nil {
            throw Invalid(
                "--grade-budget bounds the CPU time of --grade: vmsh --grade LESSON ANSWERS... --grade-budget 60s")
        }
        if options.lesson {
            guard state == nil else {
                throw Invalid("--\(grade == nil ? "lesson" : "grade") keeps no state: drop --state")
            }
            options.virtualClock = true
            options.noRC = true
        }
        // A cassette is the Flickr service replayed, with no key and no network: it says which
        // service it is.
        if options.replay != nil, options.service == .catalog { options.service = .flickr }
        // The catalog's path goes into the header `save` writes, where a line break would start a
        // command the saved lesson runs.
        if let catalog = options.catalog, catalog.contains(where: \.isNewline) {
            throw Invalid("--catalog takes a path without line breaks")
        }
        try ServiceFactory.validate(options)
        return options
    }

    /// The flags that shape what a session shows, as they would be typed again (for `save`).
    var summary: String {
        var flags: [String] = []
        if lesson { flags.append("--lesson") } else if virtualClock { flags.append("--virtual-clock") }
        if service != .catalog { flags.append("--service \(service.rawValue)") }
        if let catalog { flags.append("--catalog \(catalog)") }
        if let latency { flags.append("--latency \(latency)") }
        if seed != 1 { flags.append("--seed \(seed)") }
        return flags.joined(separator: " ")
    }
}
