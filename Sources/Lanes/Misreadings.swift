import Shell
import TerminalText
import ViewModels

/// The common misreadings of RAC 2's operators, each a rewrite of one step of a definition as a
/// learner who misread it pictures it: naming *why* an answer is wrong is what teaches
/// (misconception-driven feedback). A wrong prediction is checked against the session replayed
/// with the definition so rewritten, on the playground's own operators: none is written out per
/// question.
struct Misreading: Sendable {
    /// The operator it misreads; nil: the definition as a whole.
    let word: String?
    /// The step as misread (nil: left out), or nil for a definition that cannot be misread so.
    let misread: @Sendable (_ step: String) -> String??
    /// The one line that names it, given the step and the steps before it.
    let said: @Sendable (_ step: String, _ before: [String]) -> String

    static let all: [Misreading] = [
        Misreading(
            word: "takeUntil", misread: { _ in .some(nil) },
            said: { step, before in
                before.contains { $0.hasPrefix("delay ") }
                    ? "this is what delay without \(step) would send: only takeUntil cancels the delay"
                    : "this is what it would send if \(step) only filtered: takeUntil ends the signal"
            }),
        Misreading(
            word: "throttle", misread: { $0.replacingWord("throttleLeading") },
            said: { step, _ in
                "this is what Combine's throttle(latest: true) would send (\(step.replacingWord("throttleLeading"))): "
                    + "RAC 2's throttle: sends a value once no newer one comes for its interval"
            }),
        Misreading(
            word: "switchToLatest", misread: { $0.replacingWord("flattenMap") },
            said: { _, _ in
                "this is what merging would send (flattenMap): switchToLatest drops the signal before when the next comes"
            }),
        Misreading(
            word: "combineLatest", misread: { $0.replacingWord("zip") },
            said: { _, _ in
                "this is what zip would send (each pair of the nth values): combineLatest pairs each new value with the "
                    + "other's latest"
            }),
        // A cold signal read as hot: one subscription that every subscriber shares.
        Misreading(
            word: nil,
            misread: { definition in
                let shared = ["publish", "replay", "subject"]
                return shared.contains { definition.contains($0) }
                    ? nil : .some(definition + " | publish | autoconnect")
            },
            said: { _, _ in
                "this is what a hot signal would send (one subscription shared, as publish | autoconnect): a cold one "
                    + "starts again for each subscriber"
            }),
    ]
}

extension CommandTable {
    /// For a wrong `pattern` of `lane` of `target` (a playground name, or a row under a pipeline
    /// of one's own): the first misreading whose replayed session draws that lane so, said in one
    /// line. Nil when none does, or the session cannot be replayed (a live clock, a replay under
    /// way); the session is left as it was.
    package static func misreading(of target: String, lane: String, pattern: String, _ context: CommandContext)
        -> String?
    {
        guard let control = context.session.control, !context.transcript.isMuted else { return nil }
        // The session's context now: one a replay before this one left is gone.
        let context = control.context
        let last = control.log.lastNumber
        guard let (number, head, text) = definition(of: target, context, upTo: last) else { return nil }
        let steps = Definitions.steps(of: text)
        var named: String?
        var replayed = false
        defer { if replayed { try? control.rebuild(upTo: last, as: .restore) } }
        for misreading in Misreading.all where named == nil {
            guard let (rewritten, mapped, step, before) = misread(steps, text, lane, by: misreading) else { continue }
            do throws(CommandFailure) {
                try control.rebuild(upTo: last, as: .comparison, replacing: [number: head + rewritten])
                replayed = true
                let check = try checkLane(target, lane: mapped, pattern: pattern, control.context)
                if check.mismatch == nil { named = misreading.said(step, before) }
            } catch {
                // Not replayed at all (a live clock, saved state): nothing else will be either.
                if !replayed { return nil }
            }
        }
        return named
    }

    /// The definition as `misreading` reads it, the lane's name there, the step misread and the
    /// steps before it; nil when it does not apply.
    private static func misread(_ steps: [String], _ text: String, _ lane: String, by misreading: Misreading)
        -> (definition: String, lane: String, step: String, before: [String])?
    {
        guard let word = misreading.word else {
            guard case .some(.some(let whole)) = misreading.misread(text) else { return nil }
            return (whole, lane, text, [])
        }
        guard let index = steps.firstIndex(where: { $0.firstWord == word }),
            case .some(let misread) = misreading.misread(steps[index]),
            let mapped = Definitions.lane(lane, step: steps[index], as: misread, before: steps[..<index].last)
        else { return nil }
        var rewritten = steps
        if let misread { rewritten[index] = misread } else { rewritten.remove(at: index) }
        return (rewritten.joined(separator: " | "), mapped, steps[index], Array(steps[..<index]))
    }

    /// The command that last defined what `target` draws, at or before command `last`: its
    /// number, its line up to the definition (`let out = `), and the definition.
    private static func definition(of target: String, _ context: CommandContext, upTo last: Int)
        -> (Int, String, String)?
    {
        let name: String
        let keyword: String
        if Parse.row(target) != nil {
            guard case .own(let own) = context.instrumentation.metadataPipeline else { return nil }
            (name, keyword) = (own.name, "pipeline")
        } else {
            (name, keyword) = (target, "let")
        }
        for entry in context.session.control?.log.entries.reversed() ?? [] {
            guard let number = entry.number, number <= last else { continue }
            let words = entry.line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard words.count == 4, words[0] == keyword, words[1] == name, words[2] == "=" else { continue }
            return (number, "\(keyword) \(name) = ", String(words[3]))
        }
        return nil
    }
}

/// A definition's text as steps, and a lane's name in the misread one.
enum Definitions {
    /// `s | throttle 300ms | take 1` as its steps; a `|` in quotes (a marble string's) is not one.
    static func steps(of text: String) -> [String] {
        var steps: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == "|" && !quoted {
                steps.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        return steps + [current.trimmingSpaces]
    }

    /// What `lane` is called once `step` is misread as `misread` (nil: left out): the step's own
    /// lane takes the misread step's name (`throttle 300ms`, `throttle(300ms)`), or the lane of
    /// the step before it; nil when that lane is gone with nothing in its place.
    static func lane(_ lane: String, step: String, as misread: String?, before: String?) -> String? {
        let word = step.firstWord
        let isStepsLane =
            lane == step || lane.hasPrefix(word) && [" ", "("].contains(lane.dropFirst(word.count).first)
        guard isStepsLane else { return lane }
        guard let misread else { return lane == step ? before : nil }
        return misread.firstWord + lane.dropFirst(word.count)
    }
}

extension String {
    fileprivate var firstWord: String { String(prefix { $0 != " " && $0 != "(" }) }

    /// `throttle 300ms` as `throttleLeading 300ms`.
    fileprivate func replacingWord(_ word: String) -> String { word + dropFirst(firstWord.count) }
}
