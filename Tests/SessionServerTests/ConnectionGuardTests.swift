import Testing

@testable import SessionServer

/// What the server checks of a connection before Hummingbird reads it: the host it names, the
/// end of its first request's headers, and the budget of connections under the file limit.
struct ConnectionGuardTests {
    @Test func onlyLoopbackNamesTheGivenAddressAndNumericAddressesAreServed() {
        let loopback = ServedHosts(given: "127.0.0.1")
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "10.0.0.7:8080", "[fe80::1]"] {
            #expect(loopback.allows(host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", ""] {
            #expect(!loopback.allows(host), "\(host)")
        }
        #expect(!loopback.allows(nil), "HTTP/1.1 requires a Host")
        #expect(ServedHosts(given: "classroom.local").allows("classroom.local:8080"))
        #expect(!ServedHosts(given: "0.0.0.0").allows("classroom.local:8080"))
    }

    @Test func theEndOfTheHeadersIsAnEmptyLine() {
        #expect(HeadersDeadline.holdsEndOfHeaders(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)))
        #expect(HeadersDeadline.holdsEndOfHeaders(Array("\n\n".utf8)))
        #expect(!HeadersDeadline.holdsEndOfHeaders(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)))
        #expect(!HeadersDeadline.holdsEndOfHeaders(Array("\r\n\r".utf8)))
    }

    @Test func theBudgetLeavesTheSessionItsFilesAndCountsWhatCloses() {
        #expect(ConnectionBudget(files: 1024).most == 768)
        #expect(ConnectionBudget(files: 256).most == 192)
        #expect(ConnectionBudget(files: 40).most == 8)
        let budget = ConnectionBudget(most: 2)
        #expect(budget.admit() && budget.admit())
        #expect(!budget.admit(), "one past the budget is refused")
        #expect(budget.count == 2)
        budget.release()
        #expect(budget.admit())
    }
}
