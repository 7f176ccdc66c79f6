import Foundation
import SessionWire
import Shell

/// A server that keeps what it is handed: what `serve` starts in these tests. Its token is its
/// own, as a process's is: once said, the shell makes it a secret.
@MainActor
package final class FakeServer: SessionServing {
    package let token = (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()
    package private(set) var messages: [String] = []
    /// The indices in `messages` of the lasting ones.
    package private(set) var lasting: [Int] = []
    package private(set) var startedAt: [ServeAddress] = []
    package private(set) var stopped = false
    package var refusal: CommandFailure?
    /// The port a request for port 0 gets.
    package var freePort = 4242

    package init() {}

    package func start(at address: ServeAddress) throws(CommandFailure) -> ServedAt {
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

    package func publish(_ message: FeedMessage, lasting: Bool) {
        if lasting { self.lasting.append(messages.count) }
        messages.append(message.json)
    }

    package func stop(atExit: Bool) { stopped = true }
    package var students: (following: Int, dropped: Int) { (3, 1) }

    /// The question open now, as `ask` opened it and `ask close` closed it (nil), in order.
    package private(set) var opened: [Int?] = []
    /// What the students answered: a test sets it, as pages would send.
    package var classAnswers: [ClassAnswer] = []
    package private(set) var control: (@Sendable (String) -> Void)?
    package func openQuestion(_ number: Int?, choices: [String] = []) { opened.append(number) }
    package var answers: [ClassAnswer] { classAnswers }
    package func onControl(_ run: @escaping @Sendable (String) -> Void) { control = run }
    /// What runs a line a student sends its fork: a test sends one, as a page would.
    package private(set) var fork: (@Sendable (String, String, @escaping @Sendable ([String]) -> Void) -> Void)?
    package func onFork(_ run: @escaping @Sendable (String, String, @escaping @Sendable ([String]) -> Void) -> Void) {
        fork = run
    }

    /// The messages from `index` on, each read as the page reads it.
    package func objects(from index: Int = 0) -> [Message] {
        messages[index...].map { message in
            (try? JSONDecoder().decode(Message.self, from: Data(message.utf8)))
                ?? Message(kind: "unreadable: " + message)
        }
    }
}

/// One message as the page reads it: every field any kind has.
package struct Message: Decodable, Equatable {
    package var kind: String
    package var n: Int?
    package var text: String?
    package var to: Int?
    package var lines: [Int]?
    package var title: String?
    package var caption: String?
    package var svg: String?
    package var question: Int?
    package var lane: String?
    package var choices: [String]?
    package var answered: Int?
    package var right: Int?

    /// A message with only these fields, as a test expects one.
    package init(kind: String, n: Int? = nil, text: String? = nil, to: Int? = nil) {
        (self.kind, self.n, self.text, self.to) = (kind, n, text, to)
    }
}
