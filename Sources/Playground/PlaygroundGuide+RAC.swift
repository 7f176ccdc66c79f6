/// The guide's entries for RAC 2's other operators (RACStep.swift) and the sources beside them.
extension PlaygroundGuide {
    static let racOperators: [PlaygroundGuide] = [
        source(
            "behavior-subject", "behavior-subject VALUE",
            "a subject that gives a new subscriber its latest value (VALUE at first), never its end",
            "\(rac)'s RACBehaviorSubject", "bs = behavior-subject 0"),
        source(
            "create", "create \"MARBLES\"",
            "a signal of one's own: the string's events; its lane NAME disposable says when its disposable ran",
            "\(rac)'s +createSignal: (its block's RACDisposable)", "own = create \"-a-b|\""),
        source(
            "command", "command [enabled-by NAME] runs NAME|input [concurrent]",
            "a command: execute c runs it; c.executing, c.enabled, c.errors, c.executionSignals are its lanes",
            "\(rac)'s RACCommand (initWithEnabled:signalBlock:)", "c = command runs b"),
        op(
            "catch", "catch NAME", "on an error, NAME subscribed in its place (RAC 2's block returns it)",
            "\(rac)'s -catch:", "safe = b | catch t"),
        op(
            "doNext", "doNext SUBJECT", "each value also sent into SUBJECT, before it goes on",
            "\(rac)'s -doNext: (its block here a send into a subject)", "logged = b | doNext s"),
        op(
            "doCompleted", "doCompleted SUBJECT", "the word completed sent into SUBJECT before the completion goes on",
            "\(rac)'s -doCompleted:", "done = b | doCompleted s"),
        op(
            "doError", "doError SUBJECT", "the error's text sent into SUBJECT before the error goes on",
            "\(rac)'s -doError:", "noted = b | doError s"),
        op("ignore", "ignore VALUE", "every value but VALUE", "\(rac)'s -ignore:", "noA = b | ignore a"),
        op(
            "reduceEach", "reduceEach HOW", "a pair's two values made one (\(PairReduction.known))",
            "\(rac)'s -reduceEach:", "both = b | combineLatest t | reduceEach concat"),
        op(
            "foldLeftWithStart", "foldLeftWithStart START HOW", "as fold, starting from START",
            "\(rac)'s -foldLeftWithStart:reduce: (RACSequence; -aggregateWithStart:reduce: on a signal)",
            "line = b | foldLeftWithStart \"\" concat"),
        op(
            "scanWithStart", "scanWithStart START HOW", "as scan, starting from START",
            "\(rac)'s -scanWithStart:reduce:", "running = b | scanWithStart 10 count"),
        op(
            "replayLast", "replayLast", "connects at once; each subscriber first hears the latest value",
            "\(rac)'s -replayLast", "last = b | replayLast"),
        op(
            "replayLazily", "replayLazily", "connects at the first subscriber, never disconnects, replays all",
            "\(rac)'s -replayLazily", "lazy = b | replayLazily"),
        op(
            "startWith", "startWith VALUE", "VALUE first, then the source", "\(rac)'s -startWith:",
            "from0 = b | startWith 0"),
        op(
            "concat", "concat NAME", "the source's values, then, once it completes, NAME's",
            "\(rac)'s -concat:", "both = b | concat t"),
        op(
            "then", "then NAME", "no values of the source; once it completes, NAME's", "\(rac)'s -then:",
            "after = b | then t"),
        op(
            "retry", "retry [N]",
            "after an error, subscribes again, N times (without N, for ever, as RAC 2; 1000 tries at one instant at most)",
            "\(rac)'s -retry: and -retry", "again = b | retry 2"),
        op(
            "materialize", "materialize", "each event as a value (next(a), error(x), completed), then completed",
            "\(rac)'s -materialize", "events = b | materialize"),
        op(
            "dematerialize", "dematerialize", "materialized events as events again", "\(rac)'s -dematerialize",
            "again = b | materialize | dematerialize"),
        op(
            "timeout", "timeout DURATION",
            "an error (timed out) if the source has not ended DURATION after the subscription",
            "\(rac)'s -timeout:onScheduler:", "quick = b | timeout 1s"),
        op(
            "bufferWithTime", "bufferWithTime DURATION",
            "the values of DURATION from the first one held, sent together; the completion sends the rest",
            "\(rac)'s -bufferWithTime:onScheduler:", "batches = b | bufferWithTime 300ms"),
        op(
            "sample", "sample NAME", "the source's latest value whenever NAME sends", "\(rac)'s -sample:",
            "sampled = b | sample t"),
        op(
            "deliverOn", "deliverOn main|background",
            "each event sent as work on that scheduler: at the same instant, after the delivery going on "
                + "(when the clock next moves); trace and marbles say \"on main\"",
            "\(rac)'s -deliverOn: (RACScheduler.mainThreadScheduler)", "ui = b | deliverOn main"),
        op(
            "subscribeOn", "subscribeOn main|background",
            "the subscription made as work on that scheduler; its events then come as the source sends them",
            "\(rac)'s -subscribeOn:", "later = b | subscribeOn background"),
    ]
}
