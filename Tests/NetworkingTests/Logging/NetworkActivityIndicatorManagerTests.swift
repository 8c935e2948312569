import Foundation
import Testing

@testable import Networking

extension LoggingTests {
    /// The activity indicator on its own instances. Timing bounds are lower bounds, or upper bounds
    /// many times the expected value, because the test machine may be loaded.
    @Suite(.timeLimit(.minutes(1))) struct NetworkActivityIndicatorManagerTests: LoggerTesting {
        @Test func defaults() {
            // Given a new manager
            let manager = NetworkActivityIndicatorManager()

            // Then it is disabled, idle, hidden, with AFNetworking's delays
            #expect(manager.isEnabled == false)
            #expect(manager.isNetworkActivityIndicatorVisible == false)
            #expect(manager.activityCount == 0)
            #expect(manager.startDelay == 1.0)
            #expect(manager.completionDelay == 0.17)
            #expect(manager.networkActivityIndicatorVisibilityChanged == nil)
        }

        @Test func overlappingRequestsKeepItVisibleUntilBothEnd() async {
            // Given an enabled manager and two requests held open by the test
            let (manager, log) = makeManager(startDelay: 0.05, completionDelay: 0.5)
            let first = makeGate()
            let second = makeGate()
            let firstRequest = Task { await observe(manager, "overlap/1", first.wait) }
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })
            let secondRequest = Task { await observe(manager, "overlap/2", second.wait) }
            #expect(await eventually { manager.activityCount == 2 })

            // When the first ends and well over the completion delay passes
            first.open()
            _ = await firstRequest.value
            try? await Task.sleep(for: .seconds(1))

            // Then it is still visible, shown once
            #expect(manager.activityCount == 1)
            #expect(manager.isNetworkActivityIndicatorVisible)
            #expect(log.all == [true])

            // When the second ends
            let opened = ContinuousClock.now
            second.open()
            _ = await secondRequest.value

            // Then it stays for the completion delay (counted from before the request could end), then hides
            #expect(await eventually { !manager.isNetworkActivityIndicatorVisible })
            #expect(opened.duration(to: .now) >= .milliseconds(500))
            #expect(manager.activityCount == 0)
            #expect(await eventually { log.all == [true, false] })
        }

        @Test func requestShorterThanStartDelayNeverShows() async {
            // Given an enabled manager with a 1 s start delay
            let (manager, log) = makeManager(startDelay: 1, completionDelay: 0.05)

            // When a request ends at once, and longer than the start delay passes
            _ = await observe(manager, "short") {}
            try? await Task.sleep(for: .seconds(1.5))

            // Then the indicator never showed
            #expect(!manager.isNetworkActivityIndicatorVisible)
            #expect(log.all.isEmpty)
            #expect(manager.activityCount == 0)
        }

        @Test func requestWithinCompletionDelayKeepsItVisible() async {
            // Given a visible indicator
            let (manager, log) = makeManager(startDelay: 0.05, completionDelay: 0.5)
            manager.incrementActivityCount()
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })

            // When the request ends and another starts within the completion delay
            manager.decrementActivityCount()
            manager.incrementActivityCount()
            try? await Task.sleep(for: .seconds(1))

            // Then it never hid, and the callback fired once
            #expect(manager.isNetworkActivityIndicatorVisible)
            #expect(log.all == [true])

            // When that one ends too
            manager.decrementActivityCount()

            // Then it hides, reported once
            #expect(await eventually { !manager.isNetworkActivityIndicatorVisible })
            #expect(await eventually { log.all == [true, false] })
        }

        @Test func disabledManagerCountsButNeverShows() async {
            // Given a disabled manager with no start delay
            let (manager, log) = makeManager(startDelay: 0, completionDelay: 0)
            manager.isEnabled = false

            // When a request runs for a while
            manager.incrementActivityCount()
            try? await Task.sleep(for: .seconds(0.3))

            // Then it is counted but not shown
            #expect(manager.activityCount == 1)
            #expect(!manager.isNetworkActivityIndicatorVisible)
            manager.decrementActivityCount()
            #expect(manager.activityCount == 0)
            #expect(log.all.isEmpty)
        }

        @Test func enablingMidRequestShowsAndDisablingHidesAtOnce() async {
            // Given a request running while the manager is disabled
            let (manager, log) = makeManager(startDelay: 0.05, completionDelay: 0.05)
            manager.isEnabled = false
            manager.incrementActivityCount()

            // When the manager is enabled
            manager.isEnabled = true

            // Then the indicator shows after the start delay
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })
            #expect(await eventually { log.all == [true] })

            // When it is disabled while visible
            manager.isEnabled = false

            // Then it hides at once, reports that, and reports nothing after
            #expect(!manager.isNetworkActivityIndicatorVisible)
            #expect(log.all == [true, false])
            manager.decrementActivityCount()
            try? await Task.sleep(for: .seconds(0.3))
            #expect(log.all == [true, false])
        }

        @Test func callbacksArriveOneAtATimeAndInOrderFromConcurrentChanges() async {
            // Given an enabled manager without delays, a request running, and a callback slow enough that
            // changes made on other threads meanwhile would overtake it if deliveries were not ordered
            let manager = NetworkActivityIndicatorManager()
            let log = VisibilityLog()
            let inCallback = PeakGauge()
            let running = Locked(0)
            manager.startDelay = 0
            manager.completionDelay = 0
            manager.networkActivityIndicatorVisibilityChanged = { visible in
                inCallback.record(
                    running.withLock {
                        $0 += 1
                        return $0
                    })
                usleep(UInt32.random(in: 0...300))
                log.callback(visible)
                running.withLock { $0 -= 1 }
            }
            manager.isEnabled = true
            manager.incrementActivityCount()
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })

            // When four threads (outside the cooperative pool, where the show timers run) each enable it, wait
            // up to 20 ms for it to show, and disable it, 50 times; then it ends disabled
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let remaining = Locked(4)
                for _ in 0..<4 {
                    Thread {
                        for _ in 0..<50 {
                            manager.isEnabled = true
                            let deadline = ContinuousClock.now + .milliseconds(20)
                            while !manager.isNetworkActivityIndicatorVisible && ContinuousClock.now < deadline {
                                sched_yield()
                            }
                            manager.isEnabled = false
                        }
                        let left = remaining.withLock {
                            $0 -= 1
                            return $0
                        }
                        if left == 0 {
                            done.resume()
                        }
                    }.start()
                }
            }
            manager.isEnabled = false

            // Then the last callback says hidden (show timers still pending run out as no-ops), the callbacks
            // alternated, and they ran one at a time
            #expect(await eventually { log.all.last == false })
            try? await Task.sleep(for: .seconds(0.2))
            let changes = log.all
            #expect(changes.count >= 2)
            #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 }, "out of order: \(changes)")
            #expect(changes.last == false)
            #expect(inCallback.value == 1)
            #expect(!manager.isNetworkActivityIndicatorVisible)
        }

        @Test func shortRequestsInARowShareOneTimer() async {
            // Given an enabled manager with a 1 s start delay
            let (manager, log) = makeManager(startDelay: 1, completionDelay: 0.05)

            // When 1,000 requests start and end one after another, each well within the delay
            for _ in 0..<1000 {
                manager.incrementActivityCount()
                manager.decrementActivityCount()
            }

            // Then a sleeping timer serves them all (one task, not one per request: a few if the machine is so
            // slow that the loop outlasts the delay), and the indicator never shows
            #expect(manager.timersStarted < 10)
            try? await Task.sleep(for: .seconds(1.5))
            #expect(!manager.isNetworkActivityIndicatorVisible)
            #expect(log.all.isEmpty)

            // When a request then outlasts the delay, and ends
            manager.incrementActivityCount()
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })
            manager.decrementActivityCount()

            // Then it showed and hid as before
            #expect(await eventually { log.all == [true, false] })
        }

        @Test func aShorterDelayDoesNotWaitForASleepingTimer() async {
            // Given a timer sleeping for a 30 s start delay (a request came and went)
            let (manager, log) = makeManager(startDelay: 30, completionDelay: 0.05)
            manager.incrementActivityCount()
            manager.decrementActivityCount()
            #expect(manager.timersStarted == 1)

            // When the delay is shortened and a request starts
            manager.startDelay = 0.05
            let started = ContinuousClock.now
            manager.incrementActivityCount()

            // Then a new timer shows the indicator after the short delay, not when the old one wakes
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })
            #expect(started.duration(to: .now) < .seconds(15))
            #expect(manager.timersStarted == 2)
            manager.decrementActivityCount()
            #expect(await eventually { log.all == [true, false] })
        }

        @Test func delaysOutOfRangeAreClamped() async {
            // Given a manager whose start delay is infinite
            let (manager, log) = makeManager(startDelay: .infinity, completionDelay: -1)

            // When a request starts and runs for a while
            manager.incrementActivityCount()
            try? await Task.sleep(for: .milliseconds(300))

            // Then the indicator waits (a year), it does not show at once
            #expect(!manager.isNetworkActivityIndicatorVisible)
            #expect(NetworkActivityIndicatorManager.clamped(.infinity) == NetworkActivityIndicatorManager.longestDelay)
            #expect(NetworkActivityIndicatorManager.clamped(-.infinity) == 0)
            #expect(NetworkActivityIndicatorManager.clamped(.nan) == 0)

            // When the delay becomes NaN and the next request starts
            manager.decrementActivityCount()
            manager.startDelay = .nan
            manager.incrementActivityCount()

            // Then it shows at once (NaN waits no time), and a negative completion delay hides it at once
            #expect(await eventually { manager.isNetworkActivityIndicatorVisible })
            manager.decrementActivityCount()
            #expect(await eventually { log.all == [true, false] })
        }

        @Test func countNeverGoesBelowZero() {
            // Given an idle manager
            let manager = NetworkActivityIndicatorManager()

            // When it is decremented more often than incremented
            manager.incrementActivityCount()
            manager.decrementActivityCount()
            manager.decrementActivityCount()

            // Then the count stays at zero and the next request counts from there
            #expect(manager.activityCount == 0)
            manager.incrementActivityCount()
            #expect(manager.activityCount == 1)
        }

        @Test func countIsExactAfterHundredConcurrentRequests() async {
            // Given an enabled manager with short delays, and 100 requests of 1 to 20 ms: every
            // fourth fails, every fifth is cancelled
            let (manager, log) = makeManager(startDelay: 0.005, completionDelay: 0.005)
            let peak = PeakGauge()
            var requests: [Task<Bool, Never>] = []

            // When they all run at once
            for index in 0..<100 {
                let request = Task {
                    let result = await observe(manager, HTTPRequest(method: .get, url: url("concurrent/\(index)"))) {
                        peak.record(manager.activityCount)
                        do {
                            try await Task.sleep(for: .milliseconds(1 + index % 20))
                        } catch {
                            return .failure(.cancelled)
                        }
                        return index % 4 == 0
                            ? .failure(.noNetworkConnection(TransportError(code: .connectionLost, message: "lost")))
                            : .success(response(200, "concurrent/\(index)"))
                    }
                    guard case .failure(.cancelled) = result else {
                        return false
                    }
                    return true
                }
                if index % 5 == 0 {
                    request.cancel()
                }
                requests.append(request)
            }
            var cancelled = 0
            for request in requests where await request.value {
                cancelled += 1
            }

            // Then every request was counted up and down exactly once
            #expect(cancelled >= 1)
            #expect(peak.value >= 2)
            #expect(manager.activityCount == 0)
            #expect(await eventually { !manager.isNetworkActivityIndicatorVisible })
            #expect(await eventually { log.all.last != true })  // empty if a loaded machine never showed it
            let changes = log.all
            #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 }, "callback fired without a change")
        }

        func makeManager(startDelay: TimeInterval, completionDelay: TimeInterval) -> (
            NetworkActivityIndicatorManager, VisibilityLog
        ) {
            let manager = NetworkActivityIndicatorManager()
            let log = VisibilityLog()
            manager.startDelay = startDelay
            manager.completionDelay = completionDelay
            manager.networkActivityIndicatorVisibilityChanged = log.callback
            manager.isEnabled = true
            return (manager, log)
        }

        /// Runs a request through the event-monitor calls with `manager`, its transport being `wait`.
        func observe(
            _ manager: NetworkActivityIndicatorManager, _ path: String, _ wait: @Sendable () async -> Void
        ) async -> Bool {
            let result = await observe(manager, request(path)) {
                await wait()
                return .success(response(200, path))
            }
            return (try? result.get()) != nil
        }
    }
}
