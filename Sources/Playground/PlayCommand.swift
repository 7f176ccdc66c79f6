import Reactive

/// A RACCommand of one's own (`let c = command [enabled-by E] runs SIGNAL|input [concurrent]`):
/// Reactive's `Command`, each execution subscribing SIGNAL (or sending the executed value, for
/// `runs input`), its lanes `c.executing`, `c.enabled`, `c.errors` and `c.executionSignals`
/// usable as other names. As RAC 2.5's do, the lanes say their value now at once and deliver
/// every later event on the main scheduler: after the delivery going on, traced "(on main)".
@MainActor
final class PlayCommand {
    nonisolated static let lanes = ["executing", "enabled", "errors", "executionSignals"]
    /// RAC 2's refusal (RACCommandErrorNotEnabled's description), word for word.
    static let refusal = "The command is disabled and cannot be executed"

    let name: String
    let command: Command<PlayValue?, PlayValue>
    let runsInput: Bool
    private let main: NamedScheduler

    /// `enabled` sends true or false (another value is not a YES or NO, and is passed over);
    /// `runs` nil for `runs input`.
    init(
        name: String, enabled: Signal<PlayValue>?, runs: Signal<PlayValue>?, concurrent: Bool,
        scheduler: any Scheduler
    ) {
        self.name = name
        runsInput = runs == nil
        main = NamedScheduler(PlayScheduler.main.rawValue, on: scheduler)
        let allowed = enabled?.compactBool() ?? .just(true)
        command = Command(enabledIf: allowed, allowsConcurrentExecution: concurrent) { input in
            runs ?? .just(input ?? .text("nil"))
        }
    }

    /// `execute NAME [VALUE]`: RAC 2's refusal when disabled (or executing, unless concurrent).
    func execute(_ input: PlayValue?) throws(PlaygroundError) {
        if runsInput, input == nil {
            throw PlaygroundError("\(name) runs its input: execute \(name) VALUE")
        }
        do throws(CommandError) {
            try command.execute(input)
        } catch {
            throw PlaygroundError("\(name): \(Self.refusal) (RAC 2's RACCommandErrorNotEnabled)")
        }
    }

    /// The lane `c.LANE` names, or nil for no such lane: as a subscriber hears it (later events
    /// on the main scheduler), or, `onMain` false, as the command sets it (what `marbles c` draws).
    func lane(_ lane: String, onMain: Bool = true) -> Signal<PlayValue>? {
        let delivered = { (signal: Signal<PlayValue>) in onMain ? signal.deliver(on: self.main) : signal }
        return switch lane {
        case "executing": nowThen(command.isExecuting, delivered)
        case "enabled": nowThen(command.isEnabled, delivered)
        case "errors": delivered(command.errors.map { PlayValue.text(PlayFailure.text(of: $0)) })
        case "executionSignals": delivered(numbered(command.executionSignals))
        default: nil
        }
    }

    /// The value now, at subscription, then each change as `delivered` delivers it.
    private func nowThen(_ property: Property<Bool>, _ delivered: (Signal<PlayValue>) -> Signal<PlayValue>)
        -> Signal<PlayValue>
    {
        let changes = delivered(property.changes.map { PlayValue.bool($0) })
        return Signal { observer in
            observer.send(.bool(property.value))
            return changes.subscribe(observer.send)
        }
    }

    /// Each execution's signal named for its run, counted from the subscription.
    private func numbered(_ executions: Signal<Signal<PlayValue>>) -> Signal<PlayValue> {
        let name = name
        return Signal { observer in
            var runs = 0
            return executions.subscribe { event in
                switch event {
                case .next(let inner):
                    runs += 1
                    observer.send(.signal(name: "\(name) run \(runs)", inner))
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }
}

extension Signal where Value == PlayValue {
    /// The truth values only.
    fileprivate func compactBool() -> Signal<Bool> {
        Signal<Bool> { observer in
            self.subscribe { event in
                switch event {
                case .next(.bool(let value)): observer.send(value)
                case .next: break
                case .failed(let error): observer.send(error: error)
                case .completed: observer.sendCompleted()
                }
            }
        }
    }
}
