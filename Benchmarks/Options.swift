import Foundation

/// What `script/bench` tells the benchmark binary: where the servers are, the certificate to pin, wrk, and
/// how long to run.
struct Options: Sendable {
    /// What the process does.
    enum Mode: Sendable, Equatable {
        /// Every scenario, then the table.
        case all
        /// Writes `small.json` and `large.json` into a directory and exits.
        case writeFixtures(String)
        /// Child process: one 5 MB GET + decode by a contender, reporting its memory.
        case peakDecode(Contender)
        /// Child process: many sequential small GETs by a contender, reporting RSS along the way.
        case rssGrowth(Contender)
        /// Child process: one large upload or download by Networking, reporting its time, CPU and memory.
        case transfer(TransferDirection)
        /// Only one loop, for a profiler (perf): sequential small GETs by one contender (`--contender`, default
        /// Networking) on an endpoint, or stub calls.
        case profile(ProfileTarget)
        /// Only the in-process envelope and store scenario (no servers needed).
        case mapping
        /// Only the WebSocket echo scenario (its servers run in this process).
        case webSocket
        /// Only the GOM notification scenario (its servers run in this process).
        case gom
        /// Draws the SVG chart of a saved report (`--after`), against an earlier one (`--before`) when given, into
        /// `--output`; needs no servers.
        case chart
    }

    var mode = Mode.all
    var quick = false
    var httpPort = 0
    var httpsPort = 0
    var h2Port = 0
    var certificateDERPath = ""
    var certificatePEMPath = ""
    /// The SPKI pin in curl's form, `sha256//<base64>`.
    var publicKeyPin = ""
    var wrkPath = ""
    /// Whether the certificate is in the system CA store, so that URLSession can take part over HTTPS.
    var urlSessionHTTPS = false
    /// `swift --version`'s first line and `nginx -v`'s, for the report's heading.
    var swiftVersion: String?
    var nginxVersion: String?
    /// `--peak-rss-decode` only fetches the body, without decoding it (to tell buffers from decoding).
    var fetchOnly = false
    /// The contender of a `--profile` run.
    var profiledContender = Contender.networking
    /// How much of Networking's call a `--profile http|https|h2` run of a Networking contender measures.
    var profiledLayer = ProfileLayer.call
    /// Overrides the request count of `--profile` and `--rss-growth` runs.
    var requests: Int?
    /// `--in-flight N`: a `--profile http|https|h2` run keeps N requests in flight on the concurrent scenario's
    /// repositories (at most 16 connections), as scenario 2 does (`--contender curl`: its one-thread multi loop);
    /// `nil` for one at a time.
    var profiledInFlight: Int?
    /// `--threads N`: a `--profile … --contender curl --in-flight M` run splits raw libcurl's multi loop over N
    /// threads, each with its own multi handle, M/N easy handles and 16/N connections per host.
    var profiledThreads = 1
    /// The file the transfer scenario uploads (real data, written by script/bench).
    var uploadFilePath = ""
    /// Where downloads go (deleted after each run).
    var scratchDirectory = ""
    /// nginx's log of the upload location (`$status $request_length` per line), to check every body was read.
    var uploadLogPath = ""
    /// The curl command-line tool, the transfer scenario's baseline.
    var curlToolPath = ""
    /// The served file a `--transfer download` child fetches.
    var servedFile = Fixtures.transferPath
    /// Whether a `--transfer` child passes a progress closure.
    var withProgress = false
    /// Whether `--profile ws|wss` echoes the 1 MB binary message instead of the small text one.
    var largeMessages = false
    /// `--chart`: the report (a saved standard output of a run) whose numbers the chart shows.
    var chartAfterPath = ""
    /// `--chart`: an earlier report, drawn as the lighter "before" bars; empty for none.
    var chartBeforePath = ""
    /// `--chart`: the SVG file to write.
    var chartOutputPath = ""

    /// The scale of the run: the full counts, or small ones for `--quick`.
    var counts: Counts {
        quick ? .quick : .full
    }

    /// Parses the command line (without the program name).
    /// - Parameter arguments: The arguments.
    /// - Throws: ``BenchmarkError`` naming an unknown or incomplete argument.
    init(arguments: [String]) throws(BenchmarkError) {
        var iterator = arguments.makeIterator()
        func value(_ name: String) throws(BenchmarkError) -> String {
            guard let next = iterator.next() else {
                throw BenchmarkError("\(name) needs a value")
            }
            return next
        }
        func number(_ name: String) throws(BenchmarkError) -> Int {
            let text = try value(name)
            guard let parsed = Int(text) else {
                throw BenchmarkError("\(name) needs a number, got \"\(text)\"")
            }
            return parsed
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": quick = true
            case "--urlsession-https": urlSessionHTTPS = true
            case "--http-port": httpPort = try number(argument)
            case "--https-port": httpsPort = try number(argument)
            case "--h2-port": h2Port = try number(argument)
            case "--cert-der": certificateDERPath = try value(argument)
            case "--cert-pem": certificatePEMPath = try value(argument)
            case "--pin": publicKeyPin = try value(argument)
            case "--wrk": wrkPath = try value(argument)
            case "--requests": requests = try number(argument)
            case "--swift-version": swiftVersion = try value(argument)
            case "--nginx-version": nginxVersion = try value(argument)
            case "--write-fixtures": mode = .writeFixtures(try value(argument))
            case "--peak-rss-decode": mode = .peakDecode(try Self.contender(try value(argument)))
            case "--rss-growth": mode = .rssGrowth(try Self.contender(try value(argument)))
            case "--fetch-only": fetchOnly = true
            case "--upload-file": uploadFilePath = try value(argument)
            case "--scratch-dir": scratchDirectory = try value(argument)
            case "--upload-log": uploadLogPath = try value(argument)
            case "--curl": curlToolPath = try value(argument)
            case "--served-file": servedFile = try value(argument)
            case "--progress": withProgress = true
            case "--large": largeMessages = true
            case "--transfer":
                let name = try value(argument)
                guard let direction = TransferDirection(rawValue: name) else {
                    throw BenchmarkError("--transfer takes upload or download, not \"\(name)\"")
                }
                mode = .transfer(direction)
            case "--mapping": mode = .mapping
            case "--websocket": mode = .webSocket
            case "--gom": mode = .gom
            case "--chart": mode = .chart
            case "--after": chartAfterPath = try value(argument)
            case "--before": chartBeforePath = try value(argument)
            case "--output": chartOutputPath = try value(argument)
            case "--contender": profiledContender = try Self.contender(try value(argument))
            case "--layer":
                let name = try value(argument)
                guard let layer = ProfileLayer(rawValue: name) else {
                    throw BenchmarkError("--layer takes call, raw or transport, not \"\(name)\"")
                }
                profiledLayer = layer
            case "--in-flight":
                let text = try value(argument)
                guard let count = Int(text), count > 0 else {
                    throw BenchmarkError("--in-flight takes a positive count, not \"\(text)\"")
                }
                profiledInFlight = count
            case "--threads":
                let text = try value(argument)
                guard let count = Int(text), (1...16).contains(count) else {
                    throw BenchmarkError("--threads takes a count from 1 to 16, not \"\(text)\"")
                }
                profiledThreads = count
            case "--profile":
                let name = try value(argument)
                guard let target = ProfileTarget(rawValue: name) else {
                    throw BenchmarkError("--profile takes http, https, h2, stub, ws or wss, not \"\(name)\"")
                }
                mode = .profile(target)
            default: throw BenchmarkError("unknown argument \"\(argument)\" (run it through script/bench)")
            }
        }
    }

    /// The arguments that give a child process the same servers and certificate.
    var childArguments: [String] {
        var arguments = [
            "--http-port", String(httpPort), "--https-port", String(httpsPort), "--h2-port", String(h2Port),
            "--cert-der", certificateDERPath, "--cert-pem", certificatePEMPath, "--pin", publicKeyPin,
        ]
        if quick {
            arguments.append("--quick")
        }
        if urlSessionHTTPS {
            arguments.append("--urlsession-https")
        }
        if !uploadFilePath.isEmpty {
            arguments += ["--upload-file", uploadFilePath]
        }
        if !scratchDirectory.isEmpty {
            arguments += ["--scratch-dir", scratchDirectory]
        }
        return arguments
    }

    /// Whether script/bench set up the transfer scenario (the files, the upload location and the curl tool).
    var runsTransfers: Bool {
        !uploadFilePath.isEmpty && !scratchDirectory.isEmpty && !curlToolPath.isEmpty
    }

    /// Checks that the servers and the certificate were given.
    func validateForNetworkRuns() throws(BenchmarkError) {
        guard httpPort > 0, httpsPort > 0, h2Port > 0 else {
            throw BenchmarkError("--http-port, --https-port and --h2-port are required (run it through script/bench)")
        }
        guard !certificateDERPath.isEmpty, !certificatePEMPath.isEmpty, !publicKeyPin.isEmpty else {
            throw BenchmarkError("--cert-der, --cert-pem and --pin are required (run it through script/bench)")
        }
    }

    private static func contender(_ name: String) throws(BenchmarkError) -> Contender {
        guard let contender = Contender(rawValue: name) else {
            let names = Contender.allCases.map(\.rawValue).joined(separator: ", ")
            throw BenchmarkError("unknown contender \"\(name)\"; one of \(names)")
        }
        return contender
    }
}

/// Which way a `--transfer` child moves the data.
enum TransferDirection: String, Sendable, CaseIterable {
    case upload, download
}

/// What `--profile` runs.
enum ProfileTarget: String, Sendable {
    case http, https, h2, stub
    /// WebSocket echo round trips of the small message (`--contender networking` or `curl`, the C baseline) against
    /// an echo server in the process: no nginx needed.
    case ws, wss
}

/// How much of a Networking call a `--profile` loop runs, to tell where its time goes layer by layer.
enum ProfileLayer: String, Sendable {
    /// `performRequest` decoding a `Record`: what an app calls (the default).
    case call
    /// `performRawRequest`, then the same `JSONDecoder` decode as raw libcurl's loop: the pipeline without
    /// `ResponseDecoding`.
    case raw
    /// `CurlTransport.send` of a request built once, then the same decode: the transport alone.
    case transport
}

/// A failure of the harness itself (bad arguments, a server that does not answer), not a measurement.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
