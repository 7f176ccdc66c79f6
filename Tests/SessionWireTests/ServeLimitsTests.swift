import Testing

@testable import SessionWire

/// The limits a test sets small, and the sizes help names.
struct ServeLimitsTests {
    @Test func overridesChangeOnlyWhatTheyName() {
        var small = ServeLimits()
        (small.students, small.lag, small.kept, small.idle) = (2, 4096, 8192, .seconds(1))
        let read = ServeLimits(overrides: "students=2 lag=4096,kept=8192 idle=1s") { $0 == "1s" ? .seconds(1) : nil }
        #expect(read == small)
        for bad in ["students", "students=0", "lag=-1", "idle=soon", "pupils=3"] {
            #expect(ServeLimits(overrides: bad) { _ in nil } == nil, "\(bad)")
        }
    }

    @Test func sizesAreSaidInKiBOrWholeMiB() {
        #expect(ServeLimits.size(256 << 10) == "256 KiB")
        #expect(ServeLimits.size(4 << 20) == "4 MiB")
        #expect(ServeLimits.size(3 << 19) == "1536 KiB")
    }
}
