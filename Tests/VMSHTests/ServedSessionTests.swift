import Glibc
import Shell
import Testing

@testable import vmsh

/// Where a served page can be opened: the address named, or for `0.0.0.0` the machine's own.
@MainActor
struct ServedSessionTests {
    @Test func anAddressNamedIsTheOneToOpen() {
        let named = ServeAddress(host: "127.0.0.1", port: 8080)
        #expect(ServedSession.reachable(named) == [named])
    }

    @Test func everyAddressIsOpenedAtTheMachinesOwnNeverAtTheWildcard() {
        let reachable = ServedSession.reachable(ServeAddress(host: "0.0.0.0", port: 8080))
        let own = ServedSession.interfaceAddresses(family: AF_INET)
        #expect(own.contains("127.0.0.1"), "loopback is up on every machine")
        #expect(!reachable.isEmpty)
        for address in reachable {
            #expect(address.port == 8080)
            #expect(address.host != "0.0.0.0")
            #expect(own.contains(address.host))
        }
        // Loopback only when the machine has no other address: a student elsewhere cannot open it.
        let network = own.filter { !$0.hasPrefix("127.") }
        #expect(reachable.map(\.host) == (network.isEmpty ? ["127.0.0.1"] : network))
    }
}
