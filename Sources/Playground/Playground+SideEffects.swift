import Reactive

extension Playground {
    /// doNext NAME's side effect: `value` sent into the subject as `send` sends it.
    func sideEffect(into name: String, _ value: PlayValue) {
        switch stage(name) {
        case .subject(let target)?: Cause.running(event: recordSend(name, .next("\(value)"))) { target.send(value) }
        case .replaySubject(let target)?:
            Cause.running(event: recordSend(name, .next("\(value)"))) { target.send(value) }
        default: break
        }
    }
}

/// What a definition connected while it was built, kept past a refusal of the line.
@MainActor
final class ConnectionBox {
    var connections: [any Disposable] = []

    func disposeAll() {
        for connection in connections { connection.dispose() }
        connections = []
    }
}
