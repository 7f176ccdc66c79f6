import Reactive

/// What a definition is, once built: something to subscribe to, send into, connect or pull.
@MainActor
enum Stage {
    case signal(Signal<PlayValue>)
    case subject(Subject<PlayValue>)
    case replaySubject(ReplaySubject<PlayValue>)
    /// A publish or replay not yet made automatic: `connect NAME` starts it.
    case connectable(ConnectableSignal<PlayValue>, replays: Int?)
    case sequence(PlaySequence)
    /// A RACCommand of one's own: not a signal; its lanes (c.executing …) are.
    case command(PlayCommand)

    /// What subscribing sees: a sequence's values pushed at once.
    var signal: Signal<PlayValue> {
        switch self {
        case .signal(let signal): signal
        case .subject(let subject): subject.signal
        case .replaySubject(let subject): subject.signal
        case .connectable(let connectable, _): connectable.signal
        case .sequence(let sequence): sequence.signal
        // Never subscribed: `subscribe` and the operators ask for one of its lanes instead.
        case .command: .never
        }
    }

    /// How `signals` describes it.
    var kind: String {
        switch self {
        case .signal: "signal"
        case .subject(let subject): "subject (hot), \(subject.subscriberCount) subscribed"
        case .replaySubject(let subject) where !subject.remembersTermination:
            "behavior subject (hot), latest \(subject.buffer.last.map { "\($0)" } ?? "none")"
                + ", \(subject.subscriberCount) subscribed"
        case .replaySubject(let subject):
            "replay subject (hot), holds \(subject.buffer.count)"
                + (subject.capacity == .max ? " (unlimited)" : " of \(subject.capacity)")
                + ", \(subject.subscriberCount) subscribed"
        case .connectable(let connectable, let replays):
            (replays.map { "replay \($0)" } ?? "publish")
                + (connectable.hasEnded ? ", ended" : connectable.isConnected ? ", connected" : ", not connected")
        case .sequence(let sequence): "sequence (pulled), \(sequence.count) values"
        case .command(let command):
            "command"
                + (command.command.allowsConcurrentExecution ? " (concurrent)" : "")
                + (command.command.isEnabled.value ? ", enabled" : ", disabled")
                + (command.command.isExecuting.value ? ", executing" : "")
        }
    }
}
