/// `throttleLeading DURATION`: the first value at once, then the latest of each window at its end.
struct ThrottleLeadingStep: PlayOperator {
    let interval: Duration

    static let help = [
        PlaygroundGuide.op(
            "throttleLeading", "throttleLeading DURATION",
            "the first value at once, then the latest of each DURATION window at its end",
            "ReactiveCocoa 4's throttle(_:on:), which RAC 2 lacks", "rate = b | throttleLeading 300ms")
    ]

    static func parse(_ word: Token, _ reader: inout TokenReader) throws(PlaygroundError) -> ThrottleLeadingStep {
        ThrottleLeadingStep(interval: try reader.duration(after: "throttleLeading"))
    }

    var reads: [String] { [] }
    func renamed(_ rename: (String) -> String) -> Self { self }

    func build(_ input: StepInput) throws(PlaygroundError) -> Stage {
        .signal(try input.signal().throttleLeading(interval, on: input.scheduler))
    }

    func pulled(_ sequence: PlaySequence) -> Stage? { nil }
    func kind(after kind: OwnPipeline.Kind?, inputs: [String: OwnPipeline.Kind]) -> OwnPipeline.Kind? { kind }
    var holds: HeldShows.Holding { .latest }
    var lane: StepLane { .traced }

    func code(in library: CodeWriter.Library) -> OperatorCode {
        switch library {
        case .rac2:
            .written("throttleLeading:\(CodeWriter.seconds(interval))", helpers: [Self.rac2Helper])
        case .reactiveSwift:
            .written(
                "throttle(\(CodeWriter.seconds(interval)), on: QueueScheduler.main)",
                note: "ReactiveSwift's throttle sends through its scheduler (values of one instant count as one) "
                    + "and drops a value still waiting when the source ends; the playground's sends it first")
        case .combine:
            .written(
                "throttle(for: \(CodeWriter.dispatch(interval)), scheduler: DispatchQueue.main, latest: true)",
                note: "Combine's throttle sends through its scheduler (values of one instant count as one) and ends "
                    + "after its interval; the playground's ends at once")
        case .concurrency:
            CodeWriter.timed(
                "throttleLeading(for: \(CodeWriter.dispatch(interval)), clock: clock)",
                note:
                    "swift-async-algorithms' _throttle sends only when a value comes after the interval; this helper sends the latest at the window's end",
                helpers: [.asyncSignal, .heard, .throttleLeading])
        }
    }

    /// RAC 2 has no leading throttle: a category that means the playground's (ReactiveCocoa 4's).
    static let rac2Helper = CodeHelper(
        name: "throttleLeading",
        lines: [
            "@interface RACSignal (ThrottleLeading)",
            "- (RACSignal *)throttleLeading:(NSTimeInterval)interval;",
            "@end",
            "",
            "@implementation RACSignal (ThrottleLeading)",
            "// The first value at once, then the latest of each window at the window's end.",
            "- (RACSignal *)throttleLeading:(NSTimeInterval)interval {",
            "    return [RACSignal createSignal:^RACDisposable *(id<RACSubscriber> subscriber) {",
            "        RACScheduler *scheduler = [RACScheduler mainThreadScheduler];",
            "        RACSerialDisposable *window = [[RACSerialDisposable alloc] init];",
            "        __block BOOL isOpen = YES;",
            "        __block BOOL hasPending = NO;",
            "        __block id pending = nil;",
            "        // Scheduled again from within itself: it reads itself weakly; the subscription keeps it.",
            "        __block __weak void (^reclose)(void) = nil;",
            "        void (^closeWindow)(void) = ^{",
            "            isOpen = NO;",
            "            window.disposable = [scheduler afterDelay:interval schedule:^{",
            "                if (!hasPending) { isOpen = YES; return; }",
            "                id value = pending;",
            "                hasPending = NO;",
            "                pending = nil;",
            "                [subscriber sendNext:value];",
            "                if (reclose != nil) reclose();",
            "            }];",
            "        };",
            "        reclose = closeWindow;",
            "        RACDisposable *source = [self subscribeNext:^(id value) {",
            "            if (!isOpen) { pending = value; hasPending = YES; return; }",
            "            [subscriber sendNext:value];",
            "            closeWindow();",
            "        } error:^(NSError *error) {",
            "            [subscriber sendError:error];",
            "        } completed:^{",
            "            if (hasPending) [subscriber sendNext:pending];",
            "            [subscriber sendCompleted];",
            "        }];",
            "        return [RACDisposable disposableWithBlock:^{",
            "            [source dispose];",
            "            [window dispose];",
            "        }];",
            "    }];",
            "}",
            "@end",
        ])
}
