import Foundation
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: changes(of:)", .timeLimit(.minutes(2)))
struct SQLiteStoreChangesTests {
    /// Waits (a bound, not a measurement: up to 30 s on a loaded machine) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                return false
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test("the stream gives the current rows at once, then the rows after each save and delete, in order")
    func initialThenAfterEachCommit() async throws {
        // Given
        let store = try SQLiteStore.inMemory()
        try store.save(books(2))
        var changes = store.changes(of: Book.self).makeAsyncIterator()

        // Then: the current rows
        #expect(await changes.next()?.map(\.id) == [1, 2])

        // When / Then: each commit is delivered before the call returns
        try store.save([Book(id: 3, title: "Third")])
        #expect(await changes.next()?.map(\.id) == [1, 2, 3])
        try store.save([Book(id: 1, title: "Renamed")])
        #expect(await changes.next()?.map(\.title) == ["Renamed", "Book 2", "Third"])
        try store.delete(Book.self, id: 2)
        #expect(await changes.next()?.map(\.id) == [1, 3])
        try store.deleteAll(Book.self)
        #expect(await changes.next()?.map(\.id) == [])
    }

    @Test("commits that change no row of the type, or rows of another type, deliver nothing")
    func otherTypesDoNotEmit() async throws {
        // Given
        let store = try SQLiteStore.inMemory()
        try store.save(books(1))
        var changes = store.changes(of: Book.self).makeAsyncIterator()
        #expect(await changes.next()?.count == 1)

        // When
        try store.save([Tag(id: "a", label: "A")])
        try store.save([Shelf(id: 1, name: "Hall")])
        try store.delete(Book.self, id: 42)
        try store.deleteAll(Tag.self)
        try store.save([Book]())

        // Then
        #expect(store.observers.deliveries == 0)

        // When
        try store.save([Book(id: 2, title: "Second")])

        // Then
        #expect(store.observers.deliveries == 1)
        #expect(await changes.next()?.map(\.id) == [1, 2])
    }

    @Test("a slow consumer gets the newest rows, not every state")
    func newestOnly() async throws {
        let store = try SQLiteStore.inMemory()
        var changes = store.changes(of: Book.self).makeAsyncIterator()

        // When: 50 commits before the consumer reads anything
        for id in 1...50 {
            try store.save([Book(id: id, title: "Book \(id)")])
        }
        var counts: [Int] = []
        while let rows = await changes.next() {
            counts.append(rows.count)
            if rows.count == 50 {
                break
            }
        }

        // Then: the latest state arrives, never an older one after a newer; the consumer sees at most the one
        // buffered state plus the refreshes still running or scheduled when it started (one each), not 51 states
        #expect(counts.last == 50)
        #expect(counts == counts.sorted())
        #expect(counts.count <= 3)
        #expect(store.observers.deliveries == 50)
    }

    @Test("the stream does not keep the store alive, and ends when the store is released")
    func endsWithTheStore() async throws {
        // Given
        var store: SQLiteStore? = try SQLiteStore.inMemory()
        try store?.save(books(3))
        let stream = try #require(store).changes(of: Book.self)
        weak let released = store

        // When
        store = nil

        // Then: the buffered current rows, then the end
        #expect(released == nil)
        var received: [[Int]] = []
        for await books in stream {
            received.append(books.map(\.id))
        }
        #expect(received == [[1, 2, 3]])
    }

    @Test("a consumer that stops iterating removes its observer")
    func terminationRemovesTheObserver() async throws {
        // Given
        let store = try SQLiteStore.inMemory()
        let consumer = Task {
            for await _ in store.changes(of: Book.self) {}
        }
        #expect(await eventually { store.observers.count == 1 })

        // When
        consumer.cancel()

        // Then
        #expect(await eventually { store.observers.count == 0 })
        try store.save(books(1))
        #expect(store.observers.deliveries == 0)
    }

    @Test("a stream dropped without being iterated removes its observer")
    func droppedStreamRemovesTheObserver() throws {
        let store = try SQLiteStore.inMemory()

        do {
            let stream = store.changes(of: Book.self)
            #expect(store.observers.count == 1)
            _ = stream
        }

        #expect(store.observers.count == 0)
    }

    @Test("two types under one store name both see its commits")
    func sharedStoreName() async throws {
        let store = try SQLiteStore.inMemory()
        var shelves = store.changes(of: Shelf.self).makeAsyncIterator()
        var renamed = store.changes(of: RenamedShelf.self).makeAsyncIterator()
        #expect(await shelves.next() == [])
        #expect(await renamed.next() == [])

        try store.save([Shelf(id: 1, name: "Hall")])

        #expect(await shelves.next() == [Shelf(id: 1, name: "Hall")])
        #expect(await renamed.next() == [RenamedShelf(id: 1, name: "Hall")])
    }
}
