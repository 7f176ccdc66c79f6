import EventLoop
import Reactive

/// How the shell's clock moves: live, or virtual and then standing or playing. One value, so no
/// combination of settings can say two things at once.
package enum ClockMode {
    /// Real time: the loop runs timers as they fall due.
    case live(LiveScheduler)
    /// Time that moves only when the shell lets it: on a wait, or in step with real time.
    case virtual(VirtualScheduler, Motion)

    /// How virtual time moves between waits.
    package enum Motion: Equatable {
        /// Only on a wait. `resumesAt`: the speed it played at when an action paused it (a
        /// breakpoint's event), which `continue` plays on at; `untold` until the shell said so.
        case standing(resumesAt: Playback.Speed? = nil, untold: Bool = false)
        /// In step with real time (`clock play`).
        case playing(Playback)
    }
}
