import Foundation
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: many tasks at once", .timeLimit(.minutes(2)))
struct SQLiteStoreConcurrencyTests {
    @Test("16 tasks saving and fetching at once all succeed and every save is kept", arguments: [true, false])
    func concurrentSavesAndFetches(inFile: Bool) async throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try inFile ? SQLiteStore(at: folder.file("books.sqlite")) : SQLiteStore.inMemory()
        var changes = store.changes(of: Book.self).makeAsyncIterator()
        #expect(await changes.next() == [])

        // When
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<20 {
                        let id = task * 100 + round
                        try store.save([Book(id: id, title: "Task \(task) round \(round)")])
                        #expect(try store.fetch(Book.self, id: id)?.title == "Task \(task) round \(round)")
                        let mine = try store.fetchAll(Book.self, where: .contains("title", "Task \(task) "))
                        #expect(mine.count == round + 1)
                        if round % 5 == 4 {
                            try store.delete(Book.self, id: id)
                            try store.save([Book(id: id, title: "Task \(task) round \(round)")])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        // Then
        #expect(try store.fetchAll(Book.self).count == 320)
        // The observer's fetches run after the commits: it reaches the final state (the suite's time limit bounds
        // the wait).
        var counts: [Int] = []
        while let rows = await changes.next() {
            counts.append(rows.count)
            if rows.count == 320 {
                break
            }
        }
        #expect(counts.last == 320)
    }

    @Test("in a file store, reads run on their own connections while a write transaction is open")
    func readsDuringAWrite() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(at: folder.file("books.sqlite"))
        try store.save(books(2))

        // When: the writer is held, inside a transaction that has written a row
        let seen = try store.withWriter { writer throws(StoreError) in
            try writer.execute("BEGIN IMMEDIATE", while: "test")
            try writer.execute("DELETE FROM persisted_models", while: "test")
            // A read that needed the writer would wait for it here forever (and the suite's time limit would fire).
            let seen = try store.fetchAll(Book.self).map(\.id)
            try writer.execute("ROLLBACK", while: "test")
            return seen
        }

        // Then: the reader saw the last commit
        #expect(seen == [1, 2])
    }
}
