import Foundation
import SessionWire
import StandardShell
import Testing

@testable import Instruments
@testable import Lessons
@testable import PlaygroundShell
@testable import Serving
@testable import Shell

/// A server that keeps what it is handed: what `serve` starts in these tests. Its token is its
/// own, as a process's is: once said, the shell makes it a secret.
@MainActor
final class FakeServer: SessionServing {
    let token = (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()
    private(set) var messages: [String] = []
    /// The indices in `messages` of the lasting ones.
    private(set) var lasting: [Int] = []
    private(set) var startedAt: [ServeAddress] = []
    private(set) var stopped = false
    var refusal: CommandFailure?
    /// The port a request for port 0 gets.
    var freePort = 4242

    func start(at address: ServeAddress) throws(CommandFailure) -> ServedAt {
        if let refusal { throw refusal }
        startedAt.append(address)
        stopped = false
        let bound = ServeAddress(host: address.host, port: address.port == 0 ? freePort : address.port)
        // A server on every address names the machine's own, as vmsh's does.
        let pages =
            bound.host == "0.0.0.0"
            ? ["http://192.0.2.7:\(bound.port)/", "http://198.51.100.3:\(bound.port)/"] : ["http://\(bound)/"]
        return ServedAt(address: bound, pages: pages, token: token)
    }

    func publish(_ message: FeedMessage, lasting: Bool) {
        if lasting { self.lasting.append(messages.count) }
        messages.append(message.json)
    }

    func stop(atExit: Bool) { stopped = true }
    var students: (following: Int, dropped: Int) { (3, 1) }

    /// The question open now, as `ask` opened it and `ask close` closed it (nil), in order.
    private(set) var opened: [Int?] = []
    /// What the students answered: a test sets it, as pages would send.
    var classAnswers: [ClassAnswer] = []
    private(set) var control: (@Sendable (String) -> Void)?
    func openQuestion(_ number: Int?) { opened.append(number) }
    var answers: [ClassAnswer] { classAnswers }
    func onControl(_ run: @escaping @Sendable (String) -> Void) { control = run }

    /// The messages from `index` on, each read as the page reads it.
    func objects(from index: Int = 0) -> [Message] {
        messages[index...].map { message in
            (try? JSONDecoder().decode(Message.self, from: Data(message.utf8)))
                ?? Message(kind: "unreadable: " + message)
        }
    }
}

/// One message as the page reads it: every field any kind has.
struct Message: Decodable, Equatable {
    var kind: String
    var n: Int?
    var text: String?
    var to: Int?
    var lines: [Int]?
    var title: String?
    var caption: String?
    var svg: String?
    var question: Int?
    var lane: String?
    var choices: [String]?
    var answered: Int?
    var right: Int?
}
