/// Where the virtual clock stands: its time, and how many timer actions it has run. Several
/// actions may fall due at one time, and a breakpoint stops the clock after any of them, so the
/// time alone does not say where a wait stopped; `goto` brings the clock back to both.
package struct ClockPosition: Equatable {
    package var time: Duration
    var actions = 0
}
