import Foundation
import Glibc
import Testing

@testable import MarkedFiles

/// A file vmsh writes is replaced whole or not at all, and never through a link.
@Suite struct MarkedFileTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "vmsh-marked-\(UUID().uuidString)"
        mkdir(path, 0o700)
        return path
    }()
    let mark = Array("#vmsh\n".utf8)

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix("vmsh-partial") }
    }

    @Test func aNewFileAndAnEarlierOneAreWrittenAndTheEarlierKeepsItsMode() throws {
        let path = folder + "/lesson.vmsh"
        try MarkedFile.replace(bytes("#vmsh\none\n"), at: path, mark: mark, newMode: 0o600)
        #expect(contents(path) == "#vmsh\none\n")
        chmod(path, 0o640)
        try MarkedFile.replace(bytes("#vmsh\ntwo\n"), at: path, mark: mark, newMode: 0o600)
        #expect(contents(path) == "#vmsh\ntwo\n")
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o777 == 0o640)
        #expect(leftovers().isEmpty)
    }

    @Test func filesWithoutTheMarkLinksAndPipesAreRefusedAndKeepTheirBytes() throws {
        let notes = folder + "/notes.txt"
        try "my notes\n".write(toFile: notes, atomically: false, encoding: .utf8)
        #expect(throws: MarkedFileError.notMarked) {
            try MarkedFile.replace(bytes("#vmsh\n"), at: notes, mark: mark, newMode: 0o644)
        }
        let marked = folder + "/marked.vmsh"
        try "#vmsh\nmine\n".write(toFile: marked, atomically: false, encoding: .utf8)
        let link = folder + "/link.vmsh"
        symlink(marked, link)
        #expect(throws: MarkedFileError.notMarked) {
            try MarkedFile.replace(bytes("#vmsh\nnew\n"), at: link, mark: mark, newMode: 0o644)
        }
        let pipe = folder + "/pipe"
        mkfifo(pipe, 0o600)
        #expect(throws: MarkedFileError.notMarked) {
            try MarkedFile.replace(bytes("#vmsh\n"), at: pipe, mark: mark, newMode: 0o644)
        }
        #expect(contents(notes) == "my notes\n")
        #expect(contents(marked) == "#vmsh\nmine\n")
        #expect(leftovers().isEmpty)
    }

    /// A disk that fills part-way: the earlier file keeps every byte and no partial file is left.
    @Test(arguments: [0, 1, 5, 4096]) func aFullDiskLeavesTheEarlierFileAsItWas(writtenBeforeFull: Int) throws {
        let path = folder + "/lesson-\(writtenBeforeFull).vmsh"
        let earlier = "#vmsh\n" + String(repeating: "earlier\n", count: 100)
        try MarkedFile.replace(bytes(earlier), at: path, mark: mark, newMode: 0o644)
        let filling = FillingDisk(room: writtenBeforeFull)
        let longer = bytes("#vmsh\n" + String(repeating: "later\n", count: 2000))
        #expect(throws: MarkedFileError.failed("No space left on device", earlierKept: true)) {
            try MarkedFile.replace(longer, at: path, mark: mark, newMode: 0o644, writer: filling.write)
        }
        #expect(contents(path) == earlier)
        #expect(leftovers().isEmpty)
        let new = folder + "/new-\(writtenBeforeFull).vmsh"
        #expect(throws: MarkedFileError.failed("No space left on device", earlierKept: false)) {
            try MarkedFile.replace(longer, at: new, mark: mark, newMode: 0o644, writer: FillingDisk(room: 0).write)
        }
        #expect(access(new, F_OK) != 0, "no torn file where there was none")
    }

    @Test func anAppendableFileIsCreatedWholeAndLeftOpenAtItsEnd() throws {
        let path = folder + "/cassette.jsonl"
        let fd = try MarkedFile.create(mark, at: path, mark: mark, newMode: 0o600)
        #expect(MarkedFile.writeAll(bytes("{}\n"), to: fd) == nil)
        close(fd)
        #expect(contents(path) == "#vmsh\n{}\n")
        #expect(MarkedFile.writeAll(bytes("x"), to: fd) == "Bad file descriptor")
    }

    @Test func aReadOnlyFolderIsRefusedInOneReason() throws {
        let path = "/proc/vmsh-cannot-be-here"
        #expect(throws: MarkedFileError.self) {
            try MarkedFile.replace(bytes("#vmsh\n"), at: path, mark: mark, newMode: 0o644)
        }
    }
}

/// `write(2)` on a disk with `room` bytes left: then ENOSPC, as a full file system answers.
final class FillingDisk: Sendable {
    let room: Int
    private let used = Counter()
    init(room: Int) { self.room = room }

    var write: MarkedFile.Writer {
        { [self] fd, pointer, count in
            let left = room - used.value
            guard left > 0 else {
                errno = ENOSPC
                return -1
            }
            let written = Glibc.write(fd, pointer, min(count, left))
            if written > 0 { used.add(written) }
            return written
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}
