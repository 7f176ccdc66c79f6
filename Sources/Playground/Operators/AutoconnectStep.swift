/// `autoconnect`: after publish or replay, connects at the first subscriber and disconnects
/// after the last, never again.
struct AutoconnectStep: PlayOperator {
    static let help = [
        PlaygroundGuide.op(
            "autoconnect", "autoconnect", "connects at the first subscriber, disconnects after the last, never again",
            "\(PlaygroundGuide.rac)'s -autoconnect", "auto = b | publish | autoconnect")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> Self { Self() }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        guard case .connectable(let connectable, _) = input.stage else {
            throw input.refusal("autoconnect follows publish or replay N")
        }
        return .signal(connectable.autoconnect())
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { nil }
    var holds: HeldShows.Holding { .nothing }
    var lane: StepLane { .untraced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("autoconnect")
        case .reactiveSwift:
            .written("autoconnect()", helpers: [CodeWriter.reactiveSwiftMulticast])
        case .combine:
            .written(
                "autoconnect()",
                note: "Combine's autoconnect() connects again when a subscriber comes after all have left; RAC 2's "
                    + "connects once, and once all have left its source is gone for good")
        case .concurrency:
            .written("autoconnect()", helpers: [.autoconnect])
        }
    }
}
