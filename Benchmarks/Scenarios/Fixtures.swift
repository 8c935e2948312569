import Foundation

/// The JSON the server serves and the contenders decode: one record of about 100 bytes (`small.json`), and an
/// array of such records of about 5 MB (`large.json`).
struct Record: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var author: String
    var year: Int
    var available: Bool
    var rating: Double
}

/// Writes the served files.
enum Fixtures {
    /// The path of the small record.
    static let smallPath = "small.json"
    /// The path of the large array.
    static let largePath = "large.json"
    /// The file the transfer scenario downloads (1 GiB, or less with `--quick`; written by script/bench).
    static let transferPath = "transfer.bin"
    /// The file the progress-overhead scenario downloads (256 MiB, or less with `--quick`; script/bench).
    static let progressPath = "progress.bin"
    /// The nginx location that reads a PUT or POST body to its end, drops it and answers 204.
    static let uploadPath = "upload"
    /// The size the large array reaches, at least.
    static let largeTargetBytes = 5_000_000

    /// The small record, encoded.
    static func small() throws -> Data {
        try encoder.encode(
            Record(
                id: 1, title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", year: 1969, available: true,
                rating: 4.25))
    }

    /// The large array, encoded: records with varied values until it passes ``largeTargetBytes``.
    static func large() throws -> Data {
        let titles = ["Dune", "Solaris", "The Dispossessed", "Roadside Picnic", "Hyperion", "Kindred", "Neuromancer"]
        let authors = ["Frank Herbert", "Stanislaw Lem", "Ursula K. Le Guin", "Arkady Strugatsky", "Dan Simmons"]
        var records: [Record] = []
        var size = 2
        var index = 0
        while size < largeTargetBytes {
            let record = Record(
                id: index, title: "\(titles[index % titles.count]), volume \(index)",
                author: authors[index % authors.count], year: 1900 + index % 125, available: index % 3 != 0,
                rating: Double(index % 500) / 100)
            size += try encoder.encode(record).count + 1
            records.append(record)
            index += 1
        }
        return try encoder.encode(records)
    }

    /// Writes both files into `directory`.
    /// - Parameter directory: An existing directory.
    static func write(into directory: String) throws {
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        let small = try small()
        let large = try large()
        try small.write(to: base.appendingPathComponent(smallPath))
        try large.write(to: base.appendingPathComponent(largePath))
        print("wrote \(smallPath) (\(small.count) bytes) and \(largePath) (\(large.count) bytes) to \(directory)")
    }

    /// The size of a file in bytes, or `nil` when it cannot be read.
    static func size(of path: String) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
