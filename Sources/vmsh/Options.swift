import PhotoCatalog

/// What the command line asks for, as plain values: what `App`, `Checkup` and `ServiceFactory`
/// read. `VMSH` (ArgumentParser) fills it in, and so does `QuickFlags` for the usual lines.
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
    var check = false

    /// A flag that cannot be used as given, with the line vmsh prints about it.
    struct Invalid: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// These options with what `--lesson` implies applied, once the flags have been checked
    /// together.
    func checked() throws(Invalid) -> Options {
        var options = self
        if lesson {
            guard state == nil else { throw Invalid("--lesson keeps no state: drop --state") }
            options.virtualClock = true
            options.noRC = true
        }
        try ServiceFactory.validate(options)
        if let catalogSize, !(1...CatalogGenerator.maximumCount).contains(catalogSize) {
            throw Invalid("--catalog-size takes a number of photos from 1 to \(CatalogGenerator.maximumCount)")
        }
        if catalog == "" { throw Invalid("--catalog takes a file path or :memory:, not an empty one") }
        if state == "" { throw Invalid("--state takes a file path, not an empty one") }
        if let latency, !(0...60_000).contains(latency) {
            throw Invalid("--latency takes milliseconds from 0 to 60000")
        }
        if App.parseDuration(drainTimeout) == nil {
            throw Invalid("--drain-timeout takes a duration such as 500ms, 10s or 1m")
        }
        return options
    }

    /// The flags that shape what a session shows, as they would be typed again (for `save`).
    var summary: String {
        var flags: [String] = []
        if virtualClock { flags.append("--virtual-clock") }
        if service != .catalog { flags.append("--service \(service.rawValue)") }
        if let catalog { flags.append("--catalog \(catalog)") }
        if let latency { flags.append("--latency \(latency)") }
        if seed != 1 { flags.append("--seed \(seed)") }
        return flags.joined(separator: " ")
    }
}
