import MarbleDiagrams
import MarbleNotation
import Playground
import Reactive
import Shell
import TerminalText
import ViewModels

/// The lanes of `marbles NAME` for a playground signal and of `marbles ROW --inputs`: what the
/// operators read and why a lane ended, beside what the subscribers heard.
package enum InputLanes {
    /// The lanes of `sources`: inputs and operators from the playground's log, subscribers
    /// from the app's. A replayed value is drawn as "replay of VALUE", so it takes a symbol of
    /// its own and the key says what it is.
    package static func lanes(_ sources: [PlayLaneSource], inputs: [TraceEvent], app: [TraceEvent]) -> [MarbleLane] {
        sources.flatMap { source -> [MarbleLane] in
            switch source {
            case .input(let stream, let title):
                return recorded(stream, in: inputs, title: title)
            case .subscriber(let label, let replayed):
                return recorded(PlayLaneSource.subscriberStream(label: label), in: app, title: "subscriber \(label)")
                    .map {
                        markReplays($0, count: replayed)
                    }
            }
        }
        .filter { $0.start != nil }
    }

    /// The lanes of one stream and its further subscriptions' (each a stream numbered from the
    /// second), titled `title` and numbered alike.
    package static func recorded(_ stream: StreamName, in events: [TraceEvent], title: String) -> [MarbleLane] {
        guard let owner = stream.owner else { return [] }
        let mine = events.filter { $0.streamName.first == stream }
        return MarbleRecording.lanes(mine, prefix: owner).map { lane in
            var lane = lane
            lane.name = title + lane.name.dropFirst(stream.name.count)
            return lane
        }
    }

    /// The first `count` values, heard at the subscription, marked as replays.
    package static func markReplays(_ lane: MarbleLane, count: Int) -> MarbleLane {
        var lane = lane
        var left = count
        for index in lane.events.indices where left > 0 {
            guard lane.events[index].time == lane.start, case .value(let value) = lane.events[index].kind else {
                break
            }
            lane.events[index].kind = .value(replayText(value))
            left -= 1
        }
        return lane
    }

    package static func replayText(_ value: String) -> String { "replay of \(value)" }

    /// `expect-marbles NAME LANE "PATTERN"` on the lanes of a playground signal: nil when lane
    /// `lane` did what `pattern` says (symbols as `marbles NAME` draws them), else the aligned
    /// lanes. Throws when the pattern is malformed or there is no such lane.
    package static func check(_ lanes: [MarbleLane], of name: String, lane: String, pattern: String, width: Int)
        throws(MarbleNotation.Failure) -> [String]?
    {
        // A learner names a subscriber by the label they gave it (`subscribe d as x`, then `x`).
        let label = "subscriber " + lane
        let lane = !lanes.contains { $0.name == lane } && lanes.contains { $0.name == label } ? label : lane
        return try MarbleExpectation.check(
            lanes, of: name, lane: lane, pattern: pattern, width: width,
            none: "nothing recorded for \(name) yet: subscribe \(name) first")
    }

    /// The app's events, with the lanes recorded only for `--inputs` (the hides that ended or
    /// cancelled a row's wait) merged in when `inputs`, in time order, the app's first at a tie.
    @MainActor
    package static func appEvents(_ instrumentation: Instrumentation, inputs: Bool) -> [TraceEvent] {
        let app = instrumentation.eventLog.events
        guard inputs, let extra = instrumentation.inputLog?.events, !extra.isEmpty else { return app }
        var merged: [TraceEvent] = []
        merged.reserveCapacity(app.count + extra.count)
        var (left, right) = (0, 0)
        while left < app.count || right < extra.count {
            if right == extra.count || left < app.count && app[left].time <= extra[right].time {
                merged.append(app[left])
                left += 1
            } else {
                merged.append(extra[right])
                right += 1
            }
        }
        return merged
    }

    /// The app's lanes in order, the hides just under the visibility they come from, above the
    /// wait they end.
    package static let appOrder: [String] = MarbleDiagram.pipelineOrder.flatMap {
        $0 == "isVisible" ? [$0, hidden] : [$0]
    }

    /// The app's lanes in order when the rows run `pipeline`: a pipeline of one's own puts its
    /// steps, in the order written (and those of the pipelines it reads), between the row's
    /// inputs and its calls.
    package static func appOrder(under pipeline: MetadataPipeline?) -> [String] {
        guard case .own(let own)? = pipeline else { return appOrder }
        var steps: [String] = []
        for title in own.laneTitles where !steps.contains(title) { steps.append(title) }
        let inputs = ["isVisible", hidden]
        return inputs + steps + appOrder.filter { !inputs.contains($0) && !steps.contains($0) }
    }

    /// The lanes a row's streams are recorded under (`delay(1s)` of `row 3`), whichever its
    /// pipeline: what a breakpoint may name before the row records them.
    package static let rowOrder = Array(appOrder.prefix { $0 != "searchText" })

    /// The lane of a row's hides, as the metadata pipeline names it.
    package static let hidden = "hidden"
}
