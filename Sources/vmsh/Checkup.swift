import PhotoCatalog
import Shell
import StateStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vmsh --check`: SQLite's integrity check of the catalog and the state database, on demand
/// rather than on every start. Prints one line per file; exit status 1 when one is damaged or
/// cannot be opened. Missing files are not created.
@MainActor
struct Checkup {
    let options: Options
    let output = StandardStreams()

    func run() -> Int32 {
        var failed = false
        func report(_ outcome: (line: String, ok: Bool)) { report(outcome.line, ok: outcome.ok) }
        func report(_ line: String, ok: Bool) {
            let text = line.sanitizedForTerminal + "\n"
            if ok { output.writeOutput(text) } else { output.writeError("vmsh: " + text) }
            failed = failed || !ok
        }
        let factory = ServiceFactory(options: options, output: output)
        let (count, vocabulary) = factory.catalogSettings
        let defaultPath = try? Catalog.defaultPath(seed: options.seed, count: count, vocabulary: vocabulary)
        if let path = options.catalog ?? defaultPath, path != Catalog.memoryPath,
            access(path, F_OK) != 0
        {
            report("catalog \(path): none yet (made on first use)", ok: true)
        } else {
            switch factory.openCatalog() {
            case .success(let catalog): report(problems("catalog \(catalog.path)", catalog.check))
            case .failure(let error): report("\(error)", ok: false)
            }
        }
        let statePath = options.state ?? (try? StateDatabase.defaultPath(environment: factory.environment))
        if let statePath, access(statePath, F_OK) != 0 {
            report("state \(statePath): none yet (made on first use)", ok: true)
        } else {
            do {
                let state =
                    try statePath.map { try StateDatabase(path: $0) }
                    ?? StateDatabase.openDefault(environment: factory.environment)
                report(problems("state \(state.path)", state.check))
            } catch {
                report("\(error)", ok: false)
            }
        }
        return failed ? 1 : 0
    }

    /// The report line for one file and whether it is sound.
    private func problems(_ name: String, _ check: () throws -> [String]) -> (line: String, ok: Bool) {
        do {
            let found = try check()
            if found.isEmpty { return ("\(name): ok", true) }
            return ("\(name): damaged: \(found.prefix(3).joined(separator: "; "))", false)
        } catch {
            return ("\(name): \(error)", false)
        }
    }
}
