import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

@Suite("Progress relay", .timeLimit(.minutes(1)))
struct ProgressRelayTests {
    func progress(_ completed: Int64, _ total: Int64?) -> TransferProgress {
        TransferProgress(completedBytes: completed, totalBytes: total)
    }

    @Test("a retried attempt's reports resume only past the furthest point; the last report is completed == total")
    func monotonicAcrossAttempts() async {
        let log = ProgressLog()
        let relay = ProgressRelay(log.handler)

        for report in [progress(10, 100), progress(50, 100), progress(0, 100), progress(30, 100), progress(60, 100)] {
            relay.receive(report)
        }
        await relay.finish(bytes: 100)

        #expect(log.all == [progress(10, 100), progress(50, 100), progress(60, 100), progress(100, 100)])
    }

    @Test("a total learned later is passed on; a transport's own final report is not repeated")
    func totals() async {
        let log = ProgressLog()
        let relay = ProgressRelay(log.handler)

        for report in [progress(0, nil), progress(0, 40), progress(40, 40)] {
            relay.receive(report)
        }
        await relay.finish(bytes: 99)

        #expect(log.all == [progress(0, nil), progress(0, 40), progress(40, 40)])
    }

    @Test("with nothing reported (a stub transport) the final report is the size given")
    func fallback() async {
        let log = ProgressLog()
        let relay = ProgressRelay(log.handler)

        await relay.finish(bytes: 7)

        #expect(log.all == [progress(7, 7)])
    }

    @Test("without a total the final report closes at the furthest point reached")
    func unknownTotal() async {
        let log = ProgressLog()
        let relay = ProgressRelay(log.handler)

        relay.receive(progress(500, nil))
        relay.receive(progress(900, nil))
        await relay.finish(bytes: 900)

        #expect(log.all == [progress(500, nil), progress(900, nil), progress(900, 900)])
    }
}
