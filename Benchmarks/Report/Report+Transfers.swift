import Foundation

extension Report {
    /// Sections 6 and 7: the transfers against the curl tool, and the progress closure's cost.
    func transferSections(_ transfers: TransferScenario.Result) -> [String] {
        let rounds = options.counts.transferRounds
        var table = TextTable(
            ["transfer", "client", "MiB/s", "min–max", "N ÷", "CPU s/GiB", "RSS rise: median", "max"],
            rightAligned: [2, 3, 4, 5, 6, 7])
        for direction in TransferDirection.allCases {
            guard let runs = transfers.runs[direction] else {
                continue
            }
            let networking = runs[.networking].map { Self.throughput($0).median }
            for (index, client) in TransferScenario.Client.allCases.enumerated() {
                guard let samples = runs[client], !samples.isEmpty else {
                    continue
                }
                let rate = Self.throughput(samples)
                let rises = samples.compactMap(\.rssRiseKiB).map(Double.init)
                table.add([
                    index == 0 ? Self.transferTitle(direction, bytes: samples[0].bytes) : "", client.rawValue,
                    Format.grouped(rate.median), Format.range(rate),
                    networking.map { Format.ratio($0 / rate.median) } ?? "",
                    Format.fixed(Samples(samples.map(\.cpuSecondsPerGibibyte)).median, 2),
                    rises.isEmpty ? "" : Format.mebibytes(kib: Samples(rises).median),
                    rises.isEmpty ? "" : Format.mebibytes(kib: Samples(rises).maximum),
                ])
            }
        }
        var uploads = ""
        if let read = transfers.uploadsRead {
            uploads =
                "\nnginx read the whole body before answering 204 for \(read.complete) of the \(read.logged) uploads "
                + "it logged ($request_length ≥ the body's size)"
        }
        let transferSection =
            "6. Transfers over http, one connection each: a file uploaded with PUT (Networking: "
            + "performUpload(file:); curl -T file -H 'Expect:') and a served file downloaded to a file (Networking: "
            + "performDownload; curl -o file); \(rounds) rounds, alternating; each Networking transfer in a fresh "
            + "child process after a warm-up GET, RSS rise = peak (VmHWM reset just before) minus RSS before; curl's "
            + "time is its time_total\n" + table.render() + uploads
        return [transferSection, progressSection(transfers)]
    }

    private func progressSection(_ transfers: TransferScenario.Result) -> String {
        var table = TextTable(
            ["download", "MiB/s", "min–max", "CPU s/GiB", "progress reports"], rightAligned: [1, 2, 3, 4])
        for withProgress in [false, true] {
            guard let samples = transfers.progress[withProgress], !samples.isEmpty else {
                continue
            }
            let rate = Self.throughput(samples)
            let reports = samples.compactMap(\.progressReports).map(Double.init)
            table.add([
                withProgress ? "with a progress closure" : "without", Format.grouped(rate.median), Format.range(rate),
                Format.fixed(Samples(samples.map(\.cpuSecondsPerGibibyte)).median, 2),
                reports.isEmpty ? "" : Format.grouped(Samples(reports).median),
            ])
        }
        let size = transfers.progress[false]?.first.map { Format.binarySize($0.bytes) } ?? "?"
        var text =
            "7. Progress overhead: a \(size) download by Networking (each in a fresh child process) without and with "
            + "a progress closure, \(options.counts.progressRounds) rounds, alternating\n" + table.render()
        if let slowdown = Self.progressSlowdown(transfers) {
            text += "\nslower with the closure: \(Format.fixed((slowdown - 1) * 100, 1)) % (ratio of the medians)"
        }
        return text
    }

    /// Throughputs in MiB/s.
    static func throughput(_ samples: [TransferSample]) -> Samples {
        Samples(samples.map(\.mebibytesPerSecond))
    }

    /// The median throughput without a progress closure over the median with one.
    static func progressSlowdown(_ transfers: TransferScenario.Result) -> Double? {
        guard let without = transfers.progress[false], let with = transfers.progress[true], !without.isEmpty,
            !with.isEmpty
        else {
            return nil
        }
        return throughput(without).median / throughput(with).median
    }

    /// "1 GiB upload (PUT from a file)" and the like.
    static func transferTitle(_ direction: TransferDirection, bytes: Int64) -> String {
        switch direction {
        case .upload: "\(Format.binarySize(bytes)) upload from a file"
        case .download: "\(Format.binarySize(bytes)) download to a file"
        }
    }
}
