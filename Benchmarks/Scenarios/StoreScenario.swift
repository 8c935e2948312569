import CSQLite
import Foundation
import NetworkingStore

/// Scenario 8b: `SQLiteStore` saving 10,000 small models in one call and fetching them back, against the
/// `sqlite3` command-line tool importing the same rows (their JSON, as the store keeps them) in one
/// transaction: once as the tool is used (a process reading a script), once the same script run in this
/// process by `sqlite3_exec` (the tool without its start-up).
enum StoreScenario {
    static let models = 10_000

    /// A small model, as an app would persist.
    struct Small: Persistable {
        let id: Int
        var title: String
        var year: Int
        var rating: Double
    }

    /// One measured step.
    enum Variant: String, CaseIterable, Sendable {
        case save = "SQLiteStore.save (one call)"
        case fetch = "SQLiteStore.fetchAll"
        case saveAndFetch = "save + fetchAll"
        case cliProcess = "sqlite3 tool, script on stdin (process)"
        case cliInProcess = "the same script via sqlite3_exec (no start-up)"
    }

    /// Seconds per step, each variant's runs.
    static func run(rounds: Int) throws -> [Variant: Samples] {
        let rows = (0..<models).map {
            Small(id: $0, title: "Title number \($0)", year: 1900 + $0 % 120, rating: Double($0 % 50) / 10)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try importScript(rows)
        let scriptURL = folder.appendingPathComponent("import.sql")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)

        var results: [Variant: Samples] = [:]
        for round in 0...rounds {
            Progress.say("store: round \(round)/\(rounds)")
            let store = try SQLiteStore(at: folder.appendingPathComponent("store-\(round).sqlite"))
            let save = try seconds { try store.save(rows) }
            var fetched: [Small] = []
            let fetch = try seconds { fetched = try store.fetchAll(Small.self) }
            guard fetched.count == models else {
                throw BenchmarkError("fetched \(fetched.count) of \(models) models")
            }
            let process = try seconds {
                try runTool(database: folder.appendingPathComponent("cli-\(round).db"), scriptURL)
            }
            let inProcess = try seconds {
                try exec(script, database: folder.appendingPathComponent("exec-\(round).db"))
            }
            guard round > 0 else {  // round 0 warms up
                continue
            }
            results[.save, default: Samples()].append(save)
            results[.fetch, default: Samples()].append(fetch)
            results[.saveAndFetch, default: Samples()].append(save + fetch)
            results[.cliProcess, default: Samples()].append(process)
            results[.cliInProcess, default: Samples()].append(inProcess)
        }
        return results
    }

    /// The tool's input: the store's settings and table, then every row's JSON inserted in one transaction.
    private static func importScript(_ rows: [Small]) throws -> String {
        var script = """
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=NORMAL;
            CREATE TABLE models (store_name TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL,
                PRIMARY KEY (store_name, id));
            BEGIN;

            """
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for row in rows {
            let json = String(decoding: try encoder.encode(row), as: UTF8.self).replacingOccurrences(
                of: "'", with: "''")
            script += "INSERT INTO models VALUES ('Small', '\(row.id)', '\(json)');\n"
        }
        return script + "COMMIT;\n"
    }

    private static func runTool(database: URL, _ script: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database.path]
        process.standardInput = try FileHandle(forReadingFrom: script)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("sqlite3 exited with \(process.terminationStatus)")
        }
    }

    private static func exec(_ script: String, database: URL) throws {
        var connection: OpaquePointer?
        guard sqlite3_open(database.path, &connection) == SQLITE_OK else {
            throw BenchmarkError("sqlite3_open failed for \(database.path)")
        }
        defer { sqlite3_close(connection) }
        guard sqlite3_exec(connection, script, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError("sqlite3_exec failed: \(String(cString: sqlite3_errmsg(connection)))")
        }
    }

    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return Runner.seconds(start.duration(to: .now))
    }

    /// The report's section.
    static func render(_ results: [Variant: Samples], rounds: Int) -> String {
        var table = TextTable(["step", "ms", "min–max", "models/s"], rightAligned: [1, 2, 3])
        for variant in Variant.allCases {
            guard let samples = results[variant] else {
                continue
            }
            table.add([
                variant.rawValue, Format.fixed(samples.median * 1e3, 1),
                "\(Format.fixed(samples.minimum * 1e3, 1))–\(Format.fixed(samples.maximum * 1e3, 1))",
                Format.grouped(Double(models) / samples.median),
            ])
        }
        let ours = results[.saveAndFetch]?.median ?? .nan
        let process = (results[.cliProcess]?.median ?? .nan) / ours
        let inProcess = (results[.cliInProcess]?.median ?? .nan) / ours
        return "8b. Store: \(Format.grouped(Double(models))) small models saved in one call and fetched back, file "
            + "store (WAL), against the sqlite3 tool importing the same rows in one transaction; medians of "
            + "\(rounds) rounds; target: save + fetch ≥ 0.50 × the tool's rows per second\n" + table.render() + "\n"
            + "  save + fetch ÷ the tool: \(Format.fixed(process, 2)) (process), \(Format.fixed(inProcess, 2)) "
            + "(in process, no start-up)"
    }
}
