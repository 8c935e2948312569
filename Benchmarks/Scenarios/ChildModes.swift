import Foundation

/// What the child processes of the memory scenario do; each prints `key=value` lines for the parent.
enum ChildModes {
    /// The endpoint of the RSS-growth runs: pinned HTTPS with HTTP/2, the path with the most state.
    static let growthEndpoint = Endpoint.Kind.h2
    /// The endpoint of the 5 MB decode: plain HTTP, so that only buffers and decoding count.
    static let decodeEndpoint = Endpoint.Kind.http

    /// Sequential small GETs, reading VmRSS after a warm-up and at both checkpoints.
    static func rssGrowth(_ contender: Contender, options: Options) async throws {
        let clients = try Clients(options: options)
        let endpoint = Endpoint.of(growthEndpoint, options)
        guard clients.takesPart(contender, on: endpoint), let operation = try clients.smallGet(contender, on: endpoint)
        else {
            throw BenchmarkError("\(contender.title) cannot run on \(endpoint.title)")
        }
        let failures = FailureLog()
        let warmUp = 100
        let checkpoints = options.counts.rssCheckpoints
        let executor = clients.executor(contender, concurrent: false)
        var failed = await Runner.sequential(
            warmUp, label: "warm-up", failures: failures, executor: executor, operation
        ).failures
        print("rss_start_kib=\(ProcessMemory.residentKiB)")
        failed += await Runner.sequential(
            checkpoints.first - warmUp, label: "growth", failures: failures, executor: executor, operation
        ).failures
        print("rss_first_kib=\(ProcessMemory.residentKiB)")
        failed += await Runner.sequential(
            checkpoints.second - checkpoints.first, label: "growth", failures: failures, executor: executor, operation
        ).failures
        print("rss_second_kib=\(ProcessMemory.residentKiB)")
        print("failures=\(failed)")
        for line in failures.lines {
            FileHandle.standardError.write(Data("\(contender.title): \(line)\n".utf8))
        }
        clients.close()
    }

    /// One GET + decode of the 5 MB array after a warm-up GET of the small record; the peak is reset just
    /// before, so VmHWM minus the RSS before is what the request and its decoded result cost at most. With
    /// `--fetch-only` the body is fetched and kept but not decoded.
    static func peakDecode(_ contender: Contender, options: Options) async throws {
        let clients = try Clients(options: options)
        let endpoint = Endpoint.of(decodeEndpoint, options)
        let url = endpoint.url(Fixtures.largePath)
        let decoder = JSONDecoder()
        let fetchOnly = options.fetchOnly
        switch contender {
        case .networking:
            let repository = clients.repository(endpoint)
            _ = try await repository.small().get()
            let baseline = resetPeak()
            if fetchOnly {
                report(baseline: baseline, keeping: try await repository.largeBody().get())
            } else {
                report(baseline: baseline, keeping: try await repository.large().get())
            }
        case .curl:
            let client = try clients.curl(endpoint)
            _ = try decoder.decode(Record.self, from: client.get(endpoint.url(Fixtures.smallPath)))
            let baseline = resetPeak()
            let body = try client.get(url)
            report(baseline: baseline, keeping: fetchOnly ? [] : try decoder.decode([Record].self, from: body))
        case .urlsession:
            let session = clients.session(endpoint)
            _ = try decoder.decode(Record.self, from: await session.get(endpoint.url(Fixtures.smallPath)))
            let baseline = resetPeak()
            let body = try await session.get(url)
            report(baseline: baseline, keeping: fetchOnly ? [] : try decoder.decode([Record].self, from: body))
        case .networkingExecutor:
            throw BenchmarkError("the 5 MB decode is measured for networking, curl and urlsession only")
        case .wrk:
            throw BenchmarkError("wrk does not decode")
        }
        print("body_bytes=\(try Fixtures.large().count)")
        clients.close()
    }

    /// Resets VmHWM to the current RSS (see ``ProcessMemory/resetPeak()``).
    /// - Returns: The RSS now, in KiB.
    static func resetPeak() -> Int {
        guard ProcessMemory.resetPeak() else {
            FileHandle.standardError.write(Data("cannot reset VmHWM; the peak includes start-up\n".utf8))
            return ProcessMemory.residentKiB
        }
        return ProcessMemory.residentKiB
    }

    /// Prints the RSS before and the peak, while the body or the decoded records are still alive.
    private static func report<Value>(baseline: Int, keeping value: Value) {
        withExtendedLifetime(value) {
            print("rss_before_kib=\(baseline)")
            print("peak_kib=\(ProcessMemory.peakResidentKiB)")
        }
    }
}
