extension RACStep {
    /// The operator `word` names with its arguments, or nil when `word` is none of these.
    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> RACStep? {
        switch word.text {
        case "catch": return .catchSignal(try reader.signalName(after: "catch"))
        case "doNext": return .doNext(try reader.name(after: "doNext (a subject to send each value into)"))
        case "doCompleted": return .doCompleted(try reader.name(after: "doCompleted (a subject to send into)"))
        case "doError": return .doError(try reader.name(after: "doError (a subject to send the error into)"))
        case "ignore": return .ignore(try reader.value("a value after ignore (ignore 0)"))
        case "reduceEach":
            let how = try reader.word("one of \(PairReduction.known) after reduceEach")
            guard let reduction = PairReduction.parse(how.text) else {
                throw PlaygroundError(at: how.column, expected: "one of \(PairReduction.known)", found: how.text)
            }
            return .reduceEach(reduction)
        case "foldLeftWithStart", "scanWithStart":
            let start = try reader.value("a start value after \(word.text) (\(word.text) 0 sum)")
            let how = try reader.word("one of \(Reducer.known) after the start value")
            guard let reducer = Reducer(rawValue: how.text) else {
                throw PlaygroundError(at: how.column, expected: "one of \(Reducer.known)", found: how.text)
            }
            return word.text == "scanWithStart" ? .scanWithStart(start, reducer) : .foldLeftWithStart(start, reducer)
        case "replayLast": return .replayLast
        case "replayLazily": return .replayLazily
        case "startWith": return .startWith(try reader.value("a value after startWith (startWith 0)"))
        case "concat": return .concat(try reader.signalName(after: "concat"))
        case "then": return .then(try reader.signalName(after: "then"))
        case "retry":
            guard let next = reader.peek, !next.isPipe else { return .retry(nil) }
            return .retry(try reader.count(after: "retry", from: 1))
        case "materialize": return .materialize
        case "dematerialize": return .dematerialize
        case "timeout": return .timeout(try reader.duration(after: "timeout"))
        case "bufferWithTime": return .bufferWithTime(try reader.duration(after: "bufferWithTime"))
        case "sample": return .sample(try reader.signalName(after: "sample"))
        case "deliverOn", "subscribeOn":
            let name = try reader.word("a scheduler after \(word.text) (\(PlayScheduler.known))")
            guard let scheduler = PlayScheduler(rawValue: name.text) else {
                throw PlaygroundError(
                    at: name.column, expected: "a scheduler (\(PlayScheduler.known))", found: name.text)
            }
            return word.text == "deliverOn" ? .deliverOn(scheduler) : .subscribeOn(scheduler)
        default: return nil
        }
    }
}
