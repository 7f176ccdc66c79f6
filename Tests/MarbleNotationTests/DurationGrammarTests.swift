import Testing

@testable import MarbleNotation

struct DurationGrammarTests {
    @Test func unitsAndDecimals() {
        #expect(DurationGrammar.duration("0ms") == .zero)
        #expect(DurationGrammar.duration("400ms") == .milliseconds(400))
        #expect(DurationGrammar.duration("1.5s") == .milliseconds(1500))
        #expect(DurationGrammar.duration("1.5m") == .seconds(90))
        #expect(DurationGrammar.duration("2h") == .seconds(7200))
        #expect(DurationGrammar.duration("007s") == .seconds(7))
        // Time is kept in whole milliseconds, rounded to the nearest.
        #expect(DurationGrammar.duration("0.5ms") == .milliseconds(1))
        #expect(DurationGrammar.duration("0.4ms") == .zero)
        #expect(DurationGrammar.duration("1.0004s") == .milliseconds(1000))
        #expect(DurationGrammar.duration("0.0000001h") == .zero)
    }

    @Test func twentyFourHoursIsTheBound() {
        #expect(DurationGrammar.read("24h") == .success(.seconds(86_400)))
        #expect(DurationGrammar.read("1440m") == .success(.seconds(86_400)))
        #expect(DurationGrammar.read("86400000ms") == .success(.seconds(86_400)))
        for over in ["25h", "24.001h", "1441m", "86400001ms", "99999999999999999999999h"] {
            #expect(DurationGrammar.read(over) == .failure(.overLimit), "\(over)")
        }
    }

    @Test func anythingElseIsNotADuration() {
        for bad in [
            "", "s", "5", "-1s", "+1s", "1e3s", ".5s", "5.s", "1..2s", "nan", "nans", "infs", "1h30m", "2 s", " 2s",
            "2S", "2sec", "١s", "0x10s", "1,5s",
        ] {
            #expect(DurationGrammar.read(bad) == .failure(.notADuration), "\(bad)")
        }
    }

    @Test func formatWritesWhatReadReadsBack() {
        #expect(DurationGrammar.format(.zero) == "0ms")
        #expect(DurationGrammar.format(.milliseconds(250)) == "250ms")
        #expect(DurationGrammar.format(.milliseconds(1500)) == "1.5s")
        #expect(DurationGrammar.format(.seconds(90)) == "1.5m")
        #expect(DurationGrammar.format(.seconds(61)) == "61s")
        #expect(DurationGrammar.format(.seconds(7200)) == "2h")
        #expect(DurationGrammar.format(.milliseconds(1001)) == "1.001s")
        var seed: UInt64 = 7
        for _ in 0..<5000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(seed >> 33) % 86_400_001
            let text = DurationGrammar.format(.milliseconds(milliseconds))
            #expect(DurationGrammar.duration(text) == .milliseconds(milliseconds), "\(milliseconds) as \(text)")
        }
    }
}
