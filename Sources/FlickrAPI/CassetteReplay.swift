import Foundation
import Reactive

/// A transport that answers from a cassette instead of the network, each reply after its
/// recorded duration on the shell's scheduler (virtual or live), so a replayed session is the
/// same every time. Calls are matched by `CassetteEntry.request`, in recorded order; one missing
/// from the cassette fails, naming it.
///
/// Used only on the main thread (the shell's), which `get` relies on to reach the scheduler.
public final class CassetteReplay: HTTPTransport, @unchecked Sendable {
    private let scheduler: any Scheduler
    // Touched on the main thread only (see above).
    private var entries: [String: [CassetteEntry]]
    private var used: [String: Int] = [:]

    public convenience init(path: String, scheduler: any Scheduler) throws(CassetteError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CassetteError("cannot read the cassette \(path)")
        }
        try self.init(text: text, path: path, scheduler: scheduler)
    }

    /// A replay of a cassette's text; `path` names it in errors.
    init(text: String, path: String, scheduler: any Scheduler) throws(CassetteError) {
        let lines = text.split(separator: "\n")
        guard lines.first.map(String.init) == CassetteEntry.header else {
            throw CassetteError("\(path) is not a vmsh cassette (its first line is not \(CassetteEntry.header))")
        }
        var entries: [String: [CassetteEntry]] = [:]
        for (index, line) in lines.dropFirst().enumerated() {
            guard let entry = try? JSONDecoder().decode(CassetteEntry.self, from: Data(line.utf8)) else {
                throw CassetteError("\(path):\(index + 2): not a cassette entry")
            }
            entries[entry.request, default: []].append(entry)
        }
        self.entries = entries
        self.scheduler = scheduler
    }

    public func get(_ url: URL, completion: @escaping @Sendable (Result<HTTPReply, FlickrError>) -> Void)
        -> any HTTPCancellable
    {
        let request = CassetteEntry.requestKey(url)
        let entry = next(for: request)
        let outcome = entry?.outcome ?? .failure(.transport("the cassette has no reply for \(request)"))
        return MainActor.assumeIsolated {
            Cancel(timer: scheduler.schedule(after: entry?.duration ?? .zero) { completion(outcome) })
        }
    }

    /// The recorded answers to `request` in order; the last one again once they are used up.
    private func next(for request: String) -> CassetteEntry? {
        guard let list = entries[request], !list.isEmpty else { return nil }
        let index = used[request, default: 0]
        used[request] = index + 1
        return list[min(index, list.count - 1)]
    }

    private struct Cancel: HTTPCancellable, @unchecked Sendable {
        // Disposed on the main thread only, like the transport itself.
        let timer: any Disposable
        func cancel() { MainActor.assumeIsolated { timer.dispose() } }
    }
}
