import Foundation
import Glibc
import Shell
import Testing

/// `save`, `export html` and `marbles --svg` replace their earlier file by a rename, so swapping
/// the target for a hard link to someone else's file between the check and the write never
/// writes into that file.
struct OwnFileRaceTests {
    @Test func aTargetSwappedForAHardLinkInALoopNeverWritesTheLinkedFile() throws {
        let folder = NSTemporaryDirectory() + "vmsh-race-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mark = "# a vmsh lesson\n"
        let target = folder + "/lesson.vmsh"
        let victim = folder + "/victim.txt"
        let victimText = "someone else's bytes\n"
        try victimText.write(toFile: victim, atomically: false, encoding: .utf8)
        try (mark + "earlier\n").write(toFile: target, atomically: false, encoding: .utf8)

        let stop = Flag()
        // Signalled as the swapper's last act: the test waits for it rather than polling.
        let finished = DispatchSemaphore(value: 0)
        let swapper = Thread {
            defer { finished.signal() }
            // Alternately a marked lesson and a hard link to the victim, each put in place by rename.
            while !stop.isSet {
                try? (mark + "bait\n").write(toFile: folder + "/.bait", atomically: false, encoding: .utf8)
                rename(folder + "/.bait", target)
                link(victim, folder + "/.link")
                rename(folder + "/.link", target)
            }
        }
        swapper.start()
        let started = ContinuousClock.now
        var saves = 0
        while ContinuousClock.now - started < .seconds(3),
            (try? String(contentsOfFile: victim, encoding: .utf8)) == victimText
        {
            try? OwnFile.write(mark + "saved\n", to: target, mark: mark, by: "save", confinedBy: nil)
            saves += 1
        }
        stop.set()
        #expect(finished.wait(timeout: .now() + 10) == .success, "the swapper stopped")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == victimText, "after \(saves) saves")
        #expect(saves > 100, "the race ran")
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
