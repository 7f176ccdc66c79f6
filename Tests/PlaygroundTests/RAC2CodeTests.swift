import Testing

@testable import Playground

/// `code NAME` in ReactiveCocoa 2: what each listing declares and sends is RAC 2.5's own
/// (Tests/EndToEnd/test_rac2_code.py compiles every listing against its headers).
@MainActor
struct RAC2CodeTests {
    private func code(_ text: String) throws -> [String] { Array(try CodeWriter.code(text, in: .rac2).dropFirst()) }

    /// -replay returns a signal, and -autoconnect is the connection's: publish and replay N are
    /// connections until autoconnect makes a signal of them.
    @Test func publishAndReplayAreConnectionsUntilAutoconnect() throws {
        #expect(
            try code("r = b | replay 2") == [
                "RACMulticastConnection *r = [b", "    multicast:[RACReplaySubject replaySubjectWithCapacity:2]];",
            ])
        #expect(try code("p = b | publish") == ["RACMulticastConnection *p = [b", "    publish];"])
        #expect(
            try code("a = b | publish | autoconnect") == ["RACSignal *a = [[b", "    publish]", "    autoconnect];"])
    }

    /// An inline sequence is a RACSequence until its signal step; without one, its signal.
    @Test func aSequenceIsTurnedIntoASignalOnce() throws {
        #expect(try code("s = sequence 1 2 | signal") == ["RACSignal *s = [@[@1, @2].rac_sequence", "    signal];"])
        #expect(try code("s = sequence 1 2") == ["RACSignal *s = @[@1, @2].rac_sequence.signal;"])
    }

    /// Subjects are declared as what one sends into; a command as a command, concurrent if asked.
    @Test func subjectsAndCommandsAreDeclaredAsWhatTheyAre() throws {
        #expect(try code("s = subject") == ["RACSubject *s = [RACSubject subject];"])
        #expect(
            try code("c = command enabled-by v runs t concurrent") == [
                "RACCommand *c = [[RACCommand alloc] initWithEnabled:v signalBlock:^RACSignal *(id input) "
                    + "{ return t; }];",
                "c.allowsConcurrentExecution = YES;",
            ])
    }

    /// The playground's interval counts 0, 1, 2; RAC 2's sends dates, so the count is written out.
    @Test func anIntervalCountsItsTicks() throws {
        #expect(
            try code("i = interval 300ms") == [
                "RACSignal *i = [[RACSignal interval:0.3 onScheduler:[RACScheduler mainThreadScheduler]] "
                    + "scanWithStart:@(-1) reduce:^id(id count, id date) { return @([count integerValue] + 1); }];"
            ])
    }

    /// Literals a C compiler takes: boxed truth values, and the extremes max and min start from.
    @Test func literalsAreObjectiveCs() throws {
        #expect(
            try code("m = b | scan max").last == "    scanWithStart:@(NSIntegerMin) reduce:^id(id total, id value) "
                + "{ return @(MAX([total integerValue], [value integerValue])); }];")
        #expect(
            try code("v = behavior-subject true") == [
                "RACBehaviorSubject *v = [RACBehaviorSubject "
                    + "behaviorSubjectWithDefaultValue:@(YES)];"
            ])
    }

    /// RAC 2 has no leading throttle: a category written under the code, once however often used.
    @Test func aLeadingThrottleIsAHelperWrittenOnce() throws {
        let lines = try code("r = b | throttleLeading 300ms | throttleLeading 1s")
        #expect(lines.prefix(3) == ["RACSignal *r = [[b", "    throttleLeading:0.3]", "    throttleLeading:1.0];"])
        #expect(lines.filter { $0 == "// helper: throttleLeading" }.count == 1)
        #expect(lines.contains("- (RACSignal *)throttleLeading:(NSTimeInterval)interval {"))
        #expect(lines.last == "@end")
    }
}
