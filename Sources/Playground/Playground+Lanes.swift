import Reactive

extension Playground {
    /// `subscribe NAME [as LABEL]`: a new subscription in its own lane, LABEL of the owner "play".
    public func subscribe(_ text: String) throws(PlaygroundError) {
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 1 || words.count == 3 && words[1] == "as" else {
            throw PlaygroundError("subscribe takes a name and maybe a label: subscribe NAME [as LABEL]")
        }
        let name = words[0]
        guard let stage = stage(name) else {
            throw PlaygroundError(
                "no signal named '\(PlayValue.safe(name, limit: 24))' (define it first: let NAME = …)")
        }
        if case .command = stage {
            throw PlaygroundError(
                "\(name) is a command, not a signal: subscribe one of its lanes "
                    + "(\(PlayCommand.lanes.map { "\(name).\($0)" }.joined(separator: ", ")))")
        }
        guard lanes.filter(\.isLive).count < Self.laneLimit else {
            throw PlaygroundError("\(Self.laneLimit) lanes are subscribed, the most at once; dispose some first")
        }
        let label: String
        if words.count == 3 {
            label = words[2]
            guard Identifier.isValid(label), label != "all" else {
                throw PlaygroundError(
                    "a label is a letter, then letters, digits, _ or -: \(PlayValue.safe(label, limit: 24))")
            }
            guard !usedLabels.contains(label) else {
                throw PlaygroundError("the label \(label) is taken (each subscription has its own lane)")
            }
        } else {
            // A command's lane c.executing is labelled c-executing: a label has no dot.
            let base = name.replacingDots()
            var candidate = base
            var number = 1
            while usedLabels.contains(candidate) {
                number += 1
                candidate = "\(base)-\(number)"
            }
            label = candidate
        }
        usedLabels.insert(label)
        let lane = Lane(label: label, source: name)
        lanes.append(lane)
        lane.replayed = defined(name)?.recording.replayCount?() ?? 0
        say("subscribed \(label) to \(name) (lane \(lane.streamName))")
        lane.start(stage.signal, log: log, say: say)
        // A long session keeps only the lanes it can still show.
        let ended = lanes.filter { !$0.isLive }
        if ended.count > Self.disposedShown { lanes.removeAll { $0 === ended[0] } }
    }

    /// `dispose LABEL|all`: ends a lane (or a connection), or every one.
    public func dispose(_ label: String) throws(PlaygroundError) {
        if label == "all" {
            let count = lanes.filter { $0.dispose() }.count + connections.count
            for connection in connections.values { connection.dispose() }
            connections = [:]
            say("disposed \(count) subscription\(count == 1 ? "" : "s"); live events: \(liveEventCount)")
            return
        }
        if let connection = connections.removeValue(forKey: label) {
            connection.dispose()
            say("\(label): disconnected")
            return
        }
        guard let lane = lanes.first(where: { $0.label == label }) else {
            throw PlaygroundError("no subscription labelled '\(PlayValue.safe(label, limit: 24))' (see: signals)")
        }
        guard lane.dispose() else { throw PlaygroundError("\(label) has already ended") }
        say("disposed \(label)")
    }

    /// `array NAME` (pull every value, RACSequence's array) or `head NAME` (pull one).
    public func pull(_ name: String, all: Bool) throws(PlaygroundError) {
        guard case .sequence(let sequence)? = stage(name) else {
            throw PlaygroundError("\(all ? "array" : "head") pulls a sequence (let NAME = sequence 1 2 3)")
        }
        let before = reads.value
        let iterator = sequence.makeIterator()
        var values: [String] = []
        var failure: PlayFailure?
        while all || values.isEmpty, let next = iterator.next() {
            switch next {
            case .success(let value): values.append("\(value)")
            case .failure(let error): failure = error
            }
            if failure != nil { break }
        }
        let read = reads.value - before
        let shown = all ? "[" + values.joined(separator: ", ") + "]" : (values.first ?? "nothing")
        say(
            "\(name): \(shown)" + (failure.map { " then error \($0)" } ?? "")
                + " (read \(read) of the source's \(sequence.count))")
    }

    /// `signals`: what is defined, subscribed and disposed, and how many stored events are live.
    public func describe() {
        say("defined")
        if definitions.isEmpty { say("  none yet (let NAME = subject)") }
        let width = definitions.map(\.name.count).max() ?? 0
        for (name, text, stage) in definitions.map({ ($0.name, $0.shown, $0.stage) }) {
            say("  \(name + String(repeating: " ", count: width - name.count))  \(text): \(stage.kind)")
        }
        let live = lanes.filter(\.isLive)
        say("subscribed")
        if live.isEmpty { say("  none") }
        for lane in live { say("  \(lane.label) to \(lane.source), \(lane.events) events") }
        let ended = lanes.filter { !$0.isLive }.suffix(Self.disposedShown)
        if !ended.isEmpty { say("ended or disposed: " + ended.map(\.label).joined(separator: ", ")) }
        say("live events: \(liveEventCount) in \(live.count) lane\(live.count == 1 ? "" : "s")")
    }
}

extension String {
    fileprivate func replacingDots() -> String { String(map { $0 == "." ? "-" : $0 }) }
}
