/// `help rac SELECTOR`: what a ReactiveCocoa 2 selector, macro or class the tutorials use is in
/// the playground, or why vmsh has none. Data only; the shell's help prints it.
public enum RACSelectorGuide {
    /// Each selector as RAC 2 writes it, with its playground form or the reason there is none:
    /// the table below, then those only an operator's declaration names.
    public static let entries: [(selector: String, answer: String)] = table + declared

    private static let table = signals + subscribing + commands + platform

    /// The selectors an operator's help says it follows (`-skipWhileBlock:`) that the table does
    /// not list, each answered from that declaration: a new operator needs no line here.
    static var declared: [(selector: String, answer: String)] {
        let listed = Set(table.map { normalized($0.selector) })
        var answers: [(selector: String, answer: String)] = []
        for guide in Operators.help {
            for selector in selectors(in: guide.follows) where !listed.contains(normalized(selector)) {
                guard !answers.contains(where: { $0.selector == selector }) else { continue }
                answers.append((selector, "| \(guide.usage): \(guide.meaning)"))
            }
        }
        return answers
    }

    /// The instance methods a guide's `follows` names: `-skipWhileBlock:`, `-retry`.
    static func selectors(in text: String) -> [String] {
        text.split(separator: " ").compactMap { written in
            let word = written.drop { $0 == "(" }
            guard word.hasPrefix("-"), let first = word.dropFirst().first, first.isLetter else { return nil }
            let selector = word.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == ":" }
            return String(selector)
        }
    }

    /// The lines `help rac SELECTOR` prints, or why there are none, in one line.
    public static func answer(_ selector: String?) -> Result<[String], PlaygroundError> {
        guard let selector, !selector.isEmpty else {
            return .success([
                "help rac SELECTOR: the playground's form of a ReactiveCocoa 2 selector (help rac catchTo:, "
                    + "help rac RACObserve); it knows " + entries.map(\.selector).joined(separator: " ")
            ])
        }
        let wanted = normalized(selector)
        guard
            let entry = entries.first(where: { normalized($0.selector) == wanted })
                ?? entries.first(where: { normalized($0.selector).hasPrefix(wanted + ":") })
        else {
            return .failure(
                PlaygroundError(
                    "no RAC 2 selector '\(PlayValue.safe(selector, limit: 40))' in vmsh's table: "
                        + "help rac lists those it knows"))
        }
        return .success(["\(entry.selector) in vmsh: \(entry.answer)"])
    }

    /// `-catchTo:`, `catchTo:` and `catchTo` are one selector; `[RACSignal empty]` is `empty`.
    static func normalized(_ text: String) -> String {
        var text = Substring(text)
        if let first = text.first, "-+[".contains(first) { text = text.dropFirst() }
        if text.hasPrefix("RACSignal ") { text = text.dropFirst("RACSignal ".count) }
        if text.last == "]" { text = text.dropLast() }
        while text.last == ":" { text = text.dropLast() }
        return String(text)
    }

    private static let signals: [(selector: String, answer: String)] = [
        ("RACSignal", "a signal: let NAME = SOURCE | OPERATOR … (help sources, help operators)"),
        (
            "createSignal:",
            "let s = create \"-a-b|\": a signal of your own; lane play · s disposable shows its disposable run"
        ),
        ("empty", "let e = empty"),
        ("never", "let n = never"),
        ("error:", "let oops = error TEXT"),
        ("return:", "let one = sequence 1 | signal"),
        ("map:", "| map FUNCTION (\(ValueFunction.known)): a block is one of these named functions"),
        ("filter:", "| filter TEST (\(Predicate.known))"),
        ("flattenMap:", "| flattenMap [NAME]"),
        ("switchToLatest", "| switchToLatest [NAME]"),
        ("merge:", "| merge NAME"),
        ("combineLatest:", "| combineLatest NAME: a pair; then | reduceEach HOW"),
        ("combineLatest:reduce:", "| combineLatest NAME | reduceEach HOW"),
        ("combineLatestWith:", "| combineLatest NAME"),
        ("reduceEach:", "| reduceEach HOW (\(PairReduction.known)) over a pair"),
        ("reduce:", "as combineLatest:reduce: or foldLeftWithStart:reduce:, whichever it ends"),
        ("RACTuple", "a pair (a, b) from combineLatest; bufferWithTime's values are a tuple (a, b, c)"),
        ("foldLeftWithStart:reduce:", "| foldLeftWithStart START HOW (\(Reducer.known))"),
        ("aggregateWithStart:reduce:", "| foldLeftWithStart START HOW, or | fold HOW"),
        ("scanWithStart:reduce:", "| scanWithStart START HOW, or | scan HOW"),
        ("take:", "| take N"),
        ("skip:", "| skip N"),
        ("distinctUntilChanged", "| distinctUntilChanged"),
        ("ignore:", "| ignore VALUE"),
        ("startWith:", "| startWith VALUE"),
        ("concat:", "| concat NAME"),
        ("then:", "| then NAME (RAC 2's block returns the signal; here name it)"),
        ("takeUntil:", "| takeUntil NAME"),
        ("delay:", "| delay DURATION"),
        ("throttle:", "| throttle DURATION"),
        ("timeout:onScheduler:", "| timeout DURATION"),
        ("bufferWithTime:onScheduler:", "| bufferWithTime DURATION"),
        ("sample:", "| sample NAME"),
        ("retry", "| retry (for ever; the playground stops after 1000 tries at one instant, 10000 in all)"),
        ("retry:", "| retry N"),
        ("catch:", "| catch NAME (RAC 2's block returns a signal; here name it)"),
        ("catchTo:", "| catchTo NAME: catchTo:[RACSignal empty] is let e = empty, then | catchTo e"),
        ("doNext:", "| doNext SUBJECT: the block's side effect is a send into SUBJECT"),
        ("doCompleted:", "| doCompleted SUBJECT"),
        ("doError:", "| doError SUBJECT"),
        ("materialize", "| materialize"),
        ("dematerialize", "| dematerialize"),
        ("publish", "| publish, then connect NAME (or | autoconnect)"),
        ("multicast:", "| publish, or | replay N: the subject multicast: takes"),
        ("connect", "connect NAME"),
        ("autoconnect", "| autoconnect"),
        ("replay", "| replay N"),
        ("replayLast", "| replayLast"),
        ("replayLazily", "| replayLazily"),
        ("RACMulticastConnection", "what | publish and | replay N make: connect NAME starts it"),
        ("RACSubject", "let s = subject; send s VALUE, complete s, fail s TEXT"),
        ("subject", "let s = subject"),
        ("RACReplaySubject", "let r = replay-subject (all) or replay-subject N"),
        ("replaySubjectWithCapacity:", "let r = replay-subject N"),
        ("RACBehaviorSubject", "let b = behavior-subject VALUE"),
        ("sendNext:", "send SUBJECT VALUE"),
        ("sendCompleted", "complete SUBJECT"),
        ("sendError:", "fail SUBJECT TEXT"),
        ("RACSequence", "let xs = sequence 1 2 3: pulled with array or head"),
        ("rac_sequence", "let xs = sequence 1 2 3 (an array's values as a sequence)"),
        ("array", "array NAME: a sequence's values"),
        ("signal", "| signal: a sequence pushed as a signal"),
        ("not", "| map not"),
        ("and", "| map and, over a pair"),
        ("or", "| map or, over a pair"),
    ]

    private static let subscribing: [(selector: String, answer: String)] = [
        ("subscribeNext:", "subscribe NAME [as LABEL]: every event printed and drawn on a lane"),
        ("subscribeNext:error:completed:", "subscribe NAME"),
        ("subscribeError:", "subscribe NAME: its error ends the lane"),
        ("subscribeCompleted:", "subscribe NAME: its completion ends the lane"),
        ("RACSubscriber", "what subscribe NAME makes: the lane's observer"),
        ("RACDisposable", "dispose NAME (or dispose all) ends a subscription; marbles draws it as !"),
        ("disposableWithBlock:", "a marble source's disposal, drawn and traced as disposed"),
        ("dispose", "dispose NAME"),
        ("logAll", "trace on: every event of every stream, with its time"),
        ("logError", "trace on"),
        ("logNext", "trace on"),
        (
            "deliverOn:",
            "| deliverOn main (or background): each event later at the same instant; trace says (on main)"
        ),
        ("subscribeOn:", "| subscribeOn main (or background): the subscription made as scheduled work"),
        ("RACScheduler", "the virtual clock: wait DURATION lets time pass; deliverOn main|background names one"),
        ("mainThreadScheduler", "| deliverOn main: the virtual clock's work, traced (on main)"),
        ("schedulerWithPriority:", "| deliverOn background: the same clock, traced (on background)"),
        ("scheduler", "| deliverOn background: the same clock, traced (on background)"),
    ]

    private static let commands: [(selector: String, answer: String)] = [
        ("RACCommand", "let c = command [enabled-by E] runs SIGNAL; the app's executeSearch is one too"),
        (
            "initWithSignalBlock:",
            "let c = command runs SIGNAL: each execute c subscribes SIGNAL (runs input: the value)"
        ),
        ("initWithEnabled:signalBlock:", "let c = command enabled-by E runs SIGNAL: E sends true or false"),
        ("execute:", "execute c [VALUE]; disabled: The command is disabled and cannot be executed"),
        ("executionSignals", "let runs = c.executionSignals | switchToLatest (the app's: search executeSearch…)"),
        ("executing", "subscribe c.executing: false, then true while it runs (on main)"),
        ("enabled", "subscribe c.enabled: E's latest and, unless concurrent, not executing"),
        ("errors", "subscribe c.errors: each run's error, which executionSignals never carry"),
        ("allowsConcurrentExecution", "let c = command runs SIGNAL concurrent: executing does not disable it"),
        ("rac_command", "go: the button's command is executeSearch"),
    ]

    private static let platform: [(selector: String, answer: String)] = [
        (
            "RACObserve",
            "let v = row 3 isVisible (OWNER NAME): the value now, each change, completed when the owner goes"
        ),
        ("RAC", "none: vmsh's ViewModels bind their own outputs; inspect and trace show them"),
        ("rac_textSignal", "text WORDS and type WORDS feed searchText: let q = search searchText"),
        ("rac_signalForSelector:", "none: vmsh has no Objective-C runtime; the views call their ViewModels"),
        ("rac_signalForSelector:fromProtocol:", "none: vmsh has no delegates; select N, open N stand for them"),
        ("rac_sendAsynchronousRequest:", "the app's Flickr calls: search NAME runs one (net offline fails it)"),
        ("rac_prepareForReuseSignal", "none: vmsh's rows are ViewModels made once, not reused cells"),
        ("rac_liftSelector:withSignals:", "none: combineLatest then map does the same"),
        ("setKeyPath:onObject:", "none: RAC(...) bindings are the ViewModels' own"),
        ("RACEXTScope", "none: @weakify and @strongify guard Objective-C retain cycles; Swift's [weak self] does here"),
    ]
}
