import Foundation
import Networking

extension Tour {
    /// The short GOM section of the tour; `swift run Demo gom` runs the whole GOM tour.
    func gomSection() async {
        console.section(10, "GOM — a node created, observed live, and changed by another client")
        do {
            let tour = try GOMTour(console: console) { name, passed, summary in
                self.record(name, passed: passed, summary: summary)
            }
            await tour.basics()
            await tour.shutdown()
        } catch {
            record("start the GOM", passed: false, summary: "\(error)")
        }
    }

    /// `swift run Demo gom`: the GOM tour in full, with a dropped connection, the reconnect and re-subscription.
    func gomTour() async -> [StepResult] {
        console.section(1, "GOM — nodes and attributes over pinned TLS, observed live")
        do {
            let tour = try GOMTour(console: console) { name, passed, summary in
                self.record(name, passed: passed, summary: summary)
            }
            await tour.basics()
            console.section(2, "GOM — the connection drops: reconnect, re-subscribe, keep going")
            await tour.reconnection()
            await tour.shutdown()
        } catch {
            record("start the GOM", passed: false, summary: "\(error)")
        }
        return recorded
    }
}
