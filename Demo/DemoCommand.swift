import Foundation
import Networking
import NetworkingTestKit

/// `swift run Demo [gom] [--serve] [--verbose] [--help]`: the tour of Networking on an embedded pinned API, or of
/// the GOM client on an embedded GOM.
@main
enum DemoCommand {
    static let usage = """
        Usage: swift run Demo [gom] [--serve] [--verbose] [--help]

        Starts an HTTPS books API on 127.0.0.1 with the certificate in Demo/Resources/books-api.der,
        then tours Networking against it with pinning on: decoding, parameters, sessions, custom errors,
        manual decoding, polling, retries, token refresh, transfers, envelopes and offline storage, caching,
        cookies, logging, live updates over a pinned WebSocket, the GOM client, and an impostor server that
        pinning refuses.
        No network access is needed.

          gom         tour the GOM client instead: a MockGOMServer over pinned TLS, nodes created and changed,
                      observed live across a dropped connection (reconnect and re-subscription)
          --serve     keep the API running after the tour and print curl commands to try it by hand
          --verbose   log every request and response in full (.debug) instead of one line each (.info)
          --help      show this text
        """

    static func main() async {
        let arguments = Set(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let unknown = arguments.subtracting(["gom", "--serve", "--verbose"])
        if !unknown.isEmpty {
            FileHandle.standardError.write(
                Data("Unknown option: \(unknown.sorted().joined(separator: " "))\n\n\(usage)\n".utf8))
            exit(2)
        }
        let console = Console()
        let servers: DemoServers
        do {
            servers = try DemoServers.start()
        } catch {
            FileHandle.standardError.write(Data("Could not start the demo API: \(error)\n".utf8))
            exit(1)
        }
        configureLogging(console: console, verbose: arguments.contains("--verbose"))
        let spinner = Spinner()
        if console.isTerminal {
            NetworkActivityIndicatorManager.shared.startDelay = 0.3
            NetworkActivityIndicatorManager.shared.networkActivityIndicatorVisibilityChanged = {
                spinner.setVisible($0)
            }
            NetworkActivityIndicatorManager.shared.isEnabled = true
        }

        console.line(console.bold("Networking demo"))
        console.line(
            "Books API on https://localhost:\(servers.api.port)/api/v1, pinned to books-api.der (Bundle.module)")
        let tour = Tour(servers: servers, console: console)
        let results = arguments.contains("gom") ? await tour.gomTour() : await tour.run()
        NetworkActivityIndicatorManager.shared.isEnabled = false
        spinner.setVisible(false)

        let failed = results.filter { !$0.passed }
        console.line()
        console.line(
            console.bold(
                failed.isEmpty
                    ? "All \(results.count) steps behaved as expected."
                    : "\(failed.count) of \(results.count) steps did not behave as expected: "
                        + failed.map(\.name).joined(separator: ", ")))
        if arguments.contains("--serve") {
            serve(servers, console: console)
        }
        servers.shutdown()
        exit(failed.isEmpty ? 0 : 1)
    }

    /// Routes the logger into the console, indented, at `.info` (or `.debug` with `--verbose`).
    static func configureLogging(console: Console, verbose: Bool) {
        let logger = NetworkActivityLogger.shared
        logger.level = verbose ? .debug : .info
        logger.output = { message in
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                console.line(console.dim("      log │ \(line)"))
            }
        }
        logger.startLogging()
    }

    /// Keeps the API up and prints commands to try it, until the process is interrupted.
    static func serve(_ servers: DemoServers, console: Console) -> Never {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("networking-demo-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pemURL = directory.appendingPathComponent("books-api.pem")
        let pem = (try? DemoCertificate.load().pem) ?? ""
        try? Data(pem.utf8).write(to: pemURL)
        let stop: @Sendable () -> Void = {
            try? FileManager.default.removeItem(at: directory)
            servers.shutdown()
            exit(0)
        }
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
        let base = "https://localhost:\(servers.api.port)/api/v1"
        let curl = "curl --cacert \(pemURL.path)"
        console.line()
        console.line(console.bold("Serving the books API at \(base) — press Ctrl-C to stop."))
        console.line("   \(curl) '\(base)/books?page=1'")
        console.line("   \(curl) '\(base)/books/3'")
        console.line("   \(curl) -X POST -H 'Content-Type: application/json' \\")
        console.line(
            #"        -d '{"title":"Kindred","author":"Octavia E. Butler","year":1979,"genre":"SF"}' '\#(base)/books'"#)
        console.line(
            "   \(curl) -X POST -H 'Content-Type: application/json' "
                + #"-d '{"username":"reader","password":"correct horse battery staple"}' '\#(base)/users/login'"#)
        console.line("   \(curl) -H 'Authorization: \(servers.books.currentToken)' '\(base)/users/me'")
        while true {
            withExtendedLifetime(sources) { _ = sleep(3600) }
        }
    }
}
