/// `publish`: one shared subscription to the source, made by `connect` (or autoconnect).
struct PublishStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "publish", "publish", "one shared subscription to the source, made by connect",
            "\(PlaygroundGuide.rac)'s -publish (RACMulticastConnection)", "p = b | publish")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }
    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .connectable(try input.signal().publish(), replays: nil)
    }
    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("publish")
        case .reactiveSwift:
            .written("publish()", helpers: [CodeWriter.reactiveSwiftMulticast])
        case .combine:
            .written("multicast { PassthroughSubject() }")
        case .concurrency:
            // share() takes only a sequence whose iterator's type is known to be Sendable, which an
            // opaque one (flatMapLatest's) is not under Swift 6: signal() makes it an AsyncSignal.
            .written(
                "signal().share()",
                note: "swift-async-algorithms' share() starts at the first iteration, as publish | autoconnect does, "
                    + "but iterations that start at one instant all hear what is sent then, where RAC 2's later "
                    + "subscriber does not, and one that starts after the source ended hears that end again, where "
                    + "RAC 2's hears nothing; signal() (a helper) makes any sequence, flatMapLatest's too, one that "
                    + "share() takes in Swift 6",
                helpers: [.asyncSignal, .pushed])
        }
    }
}
