import Reactive

/// `deliverOn` and `subscribeOn main|background`: each event (deliverOn:) or the subscription
/// (subscribeOn:) as work on that scheduler, both on the session's one clock.
struct SchedulerStep: PlayOperator {
    let delivers: Bool
    let scheduler: PlayScheduler

    static let help = [
        PlaygroundGuide.op(
            "deliverOn", "deliverOn main|background",
            "each event sent as work on that scheduler: at the same instant, after the delivery going on "
                + "(when the clock next moves); trace and marbles say \"on main\"",
            "\(PlaygroundGuide.rac)'s -deliverOn: (RACScheduler.mainThreadScheduler)", "ui = b | deliverOn main"),
        PlaygroundGuide.op(
            "subscribeOn", "subscribeOn main|background",
            "the subscription made as work on that scheduler; its events then come as the source sends them",
            "\(PlaygroundGuide.rac)'s -subscribeOn:", "later = b | subscribeOn background"),
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> SchedulerStep {
        let name = try reader.word("a scheduler after \(word.text) (\(PlayScheduler.known))")
        guard let scheduler = PlayScheduler(rawValue: name.text) else {
            throw PlaygroundError(at: name.column, expected: "a scheduler (\(PlayScheduler.known))", found: name.text)
        }
        return SchedulerStep(delivers: word.text == "deliverOn", scheduler: scheduler)
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        let signal = try input.signal()
        let named = NamedScheduler(scheduler.rawValue, on: input.scheduler)
        return .signal(delivers ? signal.deliver(on: named) : signal.subscribe(on: named))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        let main = scheduler == .main
        return switch library {
        case .rac2:
            .written(
                (delivers ? "deliverOn:" : "subscribeOn:")
                    + (main ? "[RACScheduler mainThreadScheduler]" : "[RACScheduler scheduler]"))
        case .reactiveSwift:
            .written(
                (delivers ? "observe(on: " : "start(on: ")
                    + (main ? "QueueScheduler.main)" : "QueueScheduler(name: \"background\"))"))
        case .combine:
            .written(
                (delivers ? "receive(on: " : "subscribe(on: ")
                    + (main ? "DispatchQueue.main)" : "DispatchQueue.global())"))
        case .concurrency:
            main
                ? .written(
                    "receiveOnMainActor()",
                    note: delivers
                        ? nil
                        : "an iteration runs where its consumer is isolated: iterate on the main actor to start there",
                    helpers: [.asyncSignal, .scheduled])
                : .written(
                    "iteratedInBackground()",
                    note: delivers
                        ? nil
                        : "each value then comes from that task, a hop as deliverOn's: RAC 2 moves only the subscription",
                    helpers: [.asyncSignal, .scheduled])
        }
    }
}

/// The schedulers the playground names, both on the session's clock: RAC 2's
/// mainThreadScheduler and a background scheduler. Work on either runs at the same instant,
/// after the delivery going on (here: when the clock next moves, `wait`).
enum PlayScheduler: String, Equatable, CaseIterable {
    case main, background

    static let known = "main or background"
}
