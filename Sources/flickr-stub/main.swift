// flickr-stub: a Flickr-compatible REST server on loopback over the embedded catalog, with
// fault and load controls, so vmsh's network path can be tested with no internet.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PhotoCatalog

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("flickr-stub: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(StubOptions.usage)
    exit(0)
}
let options: StubOptions
do { options = try StubOptions(arguments) } catch { fail("\(error)") }

let catalog: Catalog
do {
    if let path = options.catalog {
        catalog = try Catalog(path: path, seed: options.seed)
    } else {
        catalog = try Catalog.openDefault(seed: options.seed)
    }
} catch {
    fail("\(error)")
}

let state = StubState(keys: options.keys, faults: options.faults, budget: options.budget, seed: options.seed)
let router = Router(methods: FlickrMethods(catalog: catalog, state: state), state: state)
let server: HTTPServer
do { server = try HTTPServer(port: options.port) { router.handle($0, $1) } } catch { fail("\(error)") }

// SIGINT and SIGTERM only write a byte to this pipe; the accept loop below sees it and stops.
nonisolated(unsafe) var stopPipe: [Int32] = [-1, -1]
guard pipe(&stopPipe) == 0 else { fail("cannot create a pipe") }
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber) { _ in
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
    }
}
signal(SIGPIPE, SIG_IGN)

// Written unbuffered: a test reads the port from this line while the stub keeps running.
FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(server.port)/services/rest/\n".utf8))

var descriptors = [pollfd(fd: server.listener, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
while true {
    _ = poll(&descriptors, 2, 1000)
    if descriptors[1].revents != 0 { break }
    if descriptors[0].revents != 0 { server.acceptOne() }
    if options.idleExit > 0, ContinuousClock.now - state.lastActivity > .seconds(options.idleExit) {
        FileHandle.standardError.write(Data("flickr-stub: no requests for \(options.idleExit) s, stopping\n".utf8))
        break
    }
}
close(server.listener)
exit(0)
