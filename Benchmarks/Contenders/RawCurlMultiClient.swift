import CCurl
import CNetworkingShim
import Foundation

/// The concurrent scenario's in-process ceiling for a libcurl client on one thread: one multi handle limited to
/// ``ConcurrentScenario/connectionsPerHost`` connections per host, with as many easy handles as requests in flight,
/// driven by one thread of its own with `curl_multi_perform`, `curl_multi_info_read` and `curl_multi_poll` (what
/// Networking's event loop does, with nothing around it). Each easy handle is configured once like
/// ``RawCurlClient``'s and put back into the multi handle as soon as its response is decoded, on the same thread,
/// with one `JSONDecoder`. The multi handle keeps its connections from one run to the next.
final class RawCurlMultiClient: @unchecked Sendable {
    // @unchecked Sendable: a run holds the client's lock for its whole length; its handles are touched only there.
    private let multi: UnsafeMutableRawPointer
    private var transfers: [Transfer] = []
    private let lock = NSLock()

    /// One easy handle and its body.
    private final class Transfer {
        let handle: UnsafeMutableRawPointer
        let sink = RawCurlClient.Sink()

        init(handle: UnsafeMutableRawPointer) {
            self.handle = handle
        }

        deinit {
            curl_easy_cleanup(handle)
        }
    }

    /// Creates the multi handle and `inFlight` easy handles for `url`.
    /// - Throws: ``BenchmarkError`` when libcurl cannot create or configure a handle.
    init(
        url: URL, inFlight: Int, pemCertificate: Data, publicKeyPin: String,
        connectionsPerHost: Int = ConcurrentScenario.connectionsPerHost
    ) throws {
        _ = ns_curl_global_init()
        guard let multi = curl_multi_init() else {
            throw BenchmarkError("curl_multi_init failed")
        }
        self.multi = multi
        guard
            ns_curl_multi_setopt_long(
                multi, CURLMOPT_MAX_HOST_CONNECTIONS, connectionsPerHost) == CURLM_OK
        else {
            throw BenchmarkError("raw libcurl: CURLMOPT_MAX_HOST_CONNECTIONS refused")
        }
        for _ in 0..<inFlight {
            guard let handle = curl_easy_init() else {
                throw BenchmarkError("curl_easy_init failed")
            }
            let transfer = Transfer(handle: handle)
            transfers.append(transfer)
            try RawCurlClient.configure(
                handle, sink: transfer.sink, pemCertificate: pemCertificate, publicKeyPin: publicKeyPin)
            try RawCurlClient.check(ns_curl_easy_setopt_string(handle, CURLOPT_URL, url.absoluteString))
        }
    }

    deinit {
        for transfer in transfers {
            curl_multi_remove_handle(multi, transfer.handle)
        }
        transfers = []
        curl_multi_cleanup(multi)
    }

    /// Runs `total` GETs, ``transfers``.count in flight, on a new thread, and waits for them without blocking the
    /// caller's thread.
    /// - Returns: The run: completed requests, failures, wall-clock time and this process's resource usage.
    func run(total: Int, label: String, failures: FailureLog) async -> RunSample {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: runOnThisThread(total: total, label: label, failures: failures))
            }
            thread.name = "raw libcurl multi"
            thread.start()
        }
    }

    /// Runs `total` GETs split evenly over `clients`, each on a thread of its own, at the same time (the profile's
    /// `--threads N`: N event loops).
    /// - Returns: The whole run: every client's requests and failures, wall-clock time until the last finished,
    ///   and this process's resource usage over it.
    static func run(_ clients: [RawCurlMultiClient], total: Int, label: String, failures: FailureLog) async -> RunSample
    {
        let usage = ResourceUsage.current()
        let start = ContinuousClock.now
        let runs = await withTaskGroup(of: RunSample.self) { group in
            for (index, client) in clients.enumerated() {
                let share = total / clients.count + (index < total % clients.count ? 1 : 0)
                group.addTask { await client.run(total: share, label: label, failures: failures) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        return RunSample(
            requests: runs.reduce(0) { $0 + $1.requests }, failures: runs.reduce(0) { $0 + $1.failures },
            seconds: Runner.seconds(start.duration(to: .now)), usage: ResourceUsage.current() - usage)
    }

    private func runOnThisThread(total: Int, label: String, failures: FailureLog) -> RunSample {
        lock.lock()
        defer { lock.unlock() }
        let decoder = JSONDecoder()
        var byHandle: [UnsafeMutableRawPointer: Transfer] = [:]
        let usage = ResourceUsage.current()
        let start = ContinuousClock.now
        var started = 0
        var completed = 0
        var failed = 0
        // Starts the next request on `transfer`; a refused handle ends the run: every request not yet started fails.
        func begin(_ transfer: Transfer) {
            transfer.sink.body.removeAll(keepingCapacity: true)
            let code = curl_multi_add_handle(multi, transfer.handle)
            guard code == CURLM_OK else {
                failures.record(
                    BenchmarkError("raw libcurl: curl_multi_add_handle: \(String(cString: curl_multi_strerror(code)))"),
                    label: label)
                failed += total - started
                started = total
                return
            }
            started += 1
        }
        for transfer in transfers where started < total {
            byHandle[transfer.handle] = transfer
            begin(transfer)
        }
        while completed + failed < total {
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let transfer = byHandle[handle]
                else {
                    continue
                }
                let result = message.pointee.data.result
                curl_multi_remove_handle(multi, handle)
                do {
                    try RawCurlClient.check(result)
                    var status = 0
                    ns_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
                    guard status == 200 else {
                        throw BenchmarkError("raw libcurl: answered \(status)")
                    }
                    _ = try decoder.decode(Record.self, from: transfer.sink.body)
                    completed += 1
                } catch {
                    failures.record(error, label: label)
                    failed += 1
                }
                if started < total {
                    begin(transfer)
                }
            }
            if completed + failed < total {
                curl_multi_poll(multi, nil, 0, 1000, nil)
            }
        }
        let elapsed = start.duration(to: .now)
        return RunSample(
            requests: completed, failures: failed, seconds: Runner.seconds(elapsed),
            usage: ResourceUsage.current() - usage)
    }
}
