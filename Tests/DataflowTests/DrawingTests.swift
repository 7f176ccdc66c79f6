import Reactive
import TestSupport
import Testing

@testable import Dataflow

/// The graph's drawings and the chain of causes, from recordings made by hand.
@MainActor
struct DrawingTests {
    /// A chain of subscriptions named `names`, source first: each read by the next.
    func chain(_ names: [String], ended: Bool = false) -> DataflowGraph {
        let log = EventLog(clock: { .zero })
        var signal = Signal<Int>.never
        for name in names { signal = signal.traced(StreamName(owner: "x", name), in: log) }
        let subscription = signal.subscribe { _ in }
        if ended { subscription.dispose() }
        return DataflowGraph(DataflowRecording(log.events) { String($0.dropFirst(4)) })
    }

    @Test func textAndControlCharactersInNamesAreEscapedInDOT() {
        let dot = GraphDOT.dot(chain(["a\"b\\c", "d\u{1B}[31me"]), title: "t \"quoted\"")
        #expect(dot.contains("label=\"t \\\"quoted\\\"\""))
        // The sink subscribed first: it is node 0, its source node 1.
        #expect(dot.contains("n1 [label=\"a\\\"b\\\\c\\nlive, 1 subscriber\"];"))
        #expect(dot.contains("n0 [label=\"d\u{FFFD}[31me\\nlive\"];"))
        #expect(!dot.contains("\u{1B}"), "no escape character reaches the file")
        #expect(dot.contains("n1 -> n0;"))
    }

    @Test func eachNodeIsAColumnRightOfItsSourcesAndTextIsEscaped() {
        let graph = chain(["source", "middle", "sink"])
        let names = graph.nodes.map(\.name)
        #expect(names == ["sink", "middle", "source"], "in the order they subscribed")
        #expect(GraphLayout.columns(graph) == [2, 1, 0])
        let svg = GraphSVG.svg(graph, title: "three <in> a row")
        #expect(svg.contains("<title>three &lt;in&gt; a row</title>"))
        #expect(svg.ranges(of: "<g class=\"node\"").count == 3)
        // One curve and one head per edge, and no marker or url(): a page holding several shares no ids.
        #expect(svg.ranges(of: "<path ").count == 4)
        #expect(!svg.contains("url("))
    }

    /// A tree whose branches are not as deep: each edge spans one column, and no two edges
    /// between the same columns cross (a source below another reads into a reader below too).
    @Test func aTreeIsDrawnWithoutCrossingsOrAnArrowBehindABox() {
        let log = EventLog(clock: { .zero })
        let deep = Signal<Int>.never.traced(StreamName(owner: "x", "c"), in: log)
            .map { $0 }.traced(StreamName(owner: "x", "b"), in: log)
        let leaf = Signal<Int>.never.traced(StreamName(owner: "x", "a"), in: log)
        let other = Signal<Int>.never.traced(StreamName(owner: "x", "d"), in: log)
            .map { $0 }.traced(StreamName(owner: "x", "e"), in: log)
        let sink = leaf.merge(with: deep).merge(with: other).traced(StreamName(owner: "x", "s"), in: log)
        _ = sink.subscribe { _ in }
        let graph = DataflowGraph(DataflowRecording(log.events) { String($0.dropFirst(4)) })
        let place = GraphLayout(graph).places
        let edges = graph.nodes.indices.flatMap { reader in graph.nodes[reader].sources.map { ($0, reader) } }
        #expect(edges.count == 5)
        for (source, reader) in edges {
            #expect(place[reader].column == place[source].column + 1, "\(graph.nodes[source].name) spans one column")
        }
        for one in edges {
            for other in edges where place[one.0].column == place[other.0].column {
                let sources = place[one.0].row - place[other.0].row
                let readers = place[one.1].row - place[other.1].row
                #expect(sources * readers >= 0, "\(graph.nodes[one.0].name) and \(graph.nodes[other.0].name) cross")
            }
        }
    }

    @Test func onlyTheNewestEndedTreesAreDrawnButEveryLiveOne() {
        let log = EventLog(clock: { .zero })
        for index in 1...13 {
            let subscription = Signal<Int>.never.traced("x · wait", in: log).subscribe { _ in }
            if index < 13 { subscription.dispose() }
        }
        let lines = GraphText.lines(DataflowGraph(DataflowRecording(log.events) { String($0.dropFirst(4)) }))
        #expect(lines.count == GraphText.endedShown + 1 + 1)
        #expect(lines.first == "wait#3  cancelled at 00:00.000")
        #expect(lines.dropLast().last == "wait#13  live")
        #expect(lines.last == "… and 2 earlier ended subscriptions not drawn")
    }

    /// A subject's sends lane, live, read only by the oldest of eleven ended subscriptions: that
    /// tree is not drawn, the live lane is, as a tree of its own.
    @Test func aLiveNodeReadOnlyByEndedTreesNotDrawnIsDrawnItself() {
        let log = EventLog(clock: { .zero })
        let book = SubscriptionBook()
        book.read(log)
        let sends = log.record("x · s sends", .subscribed)
        let subject = Subject<Int>()
        subject.signal.joined(to: { sends }, in: log).traced("x · reader", in: log).subscribe { _ in }.dispose()
        for _ in 1...GraphText.endedShown { Signal<Int>.never.traced("x · wait", in: log).subscribe { _ in }.dispose() }
        let graph = DataflowGraph(DataflowRecording(log.events, joins: book.joins) { String($0.dropFirst(4)) })
        let lines = GraphText.lines(graph)
        #expect(lines.first == "wait  cancelled at 00:00.000")
        #expect(lines.suffix(2) == ["s sends  live", "… and 1 earlier ended subscription not drawn"])
    }

    @Test func aChainStopsShortWhenACauseHasLeftTheLog() {
        let log = EventLog(clock: { .zero }, limit: 20)
        _ = Signal.sequence(Array(1...30)).traced("x · numbers", in: log).subscribe { _ in }
        let last = log.events.last { $0.kind == .next("30") }!
        let chain = CauseChain(from: last.number, lookup: log.event(numbered:))
        #expect(chain.hops.map(\.number) == [last.number])
        #expect(chain.end == .leftTheLog, "its subscription, the cause, was dropped for room")
        let whole = CauseChain(from: 1, lookup: { _ in TraceEvent(time: .zero, stream: "s", kind: .subscribed) })
        #expect(whole.end == .command(nil) && whole.hops.count == 1)
    }

    @Test func aChainLongerThanItsLimitSaysSoNotThatItLeftTheLog() {
        let endless = { (number: Int) in
            TraceEvent(time: .zero, stream: "s", kind: .next("x"), number: number, cause: Cause(event: number - 1))
        }
        let chain = CauseChain(from: 1_000, lookup: endless, limit: 500)
        #expect(chain.hops.count == 500)
        #expect(chain.hops.last?.number == 501)
        #expect(chain.end == .hopLimit)
        #expect(chain.command == nil)
    }
}
