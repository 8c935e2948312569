public import Foundation
import Networking

extension MockGOMServer {
    /// Puts a node in the tree, with explicit dates printed in a given offset, without notifying anyone.
    ///
    /// ```swift
    /// let berlin = TimeZone(secondsFromGMT: 3600)!
    /// gom.seed(node: "/areas/home", ctime: Date(timeIntervalSince1970: 1_388_335_732), timeZone: berlin)
    /// // GET /areas/home → {"node": {"uri": "/areas/home", "ctime": "2013-12-29T17:48:52+01:00", …}}
    /// ```
    /// Missing ancestors are created with the same dates; an existing node keeps its entries and takes the new
    /// dates.
    /// - Parameters:
    ///   - path: A node path such as `/areas/home`.
    ///   - ctime: The creation date; now when `nil`.
    ///   - mtime: The modification date; `ctime` when `nil`.
    ///   - timeZone: The zone whose offset (at each date) the dates are printed with; ``timeZone`` when `nil`.
    /// - Returns: false when `path` is not a node path (nothing changes).
    @discardableResult
    public func seed(node path: String, ctime: Date? = nil, mtime: Date? = nil, timeZone: TimeZone? = nil) -> Bool {
        guard let parsed = MockGOMPath(path), parsed.attribute == nil else { return false }
        store.withLock { store in
            let stamp = Self.stamp(ctime, mtime, timeZone, in: store)
            _ = store.tree.makeNode(parsed.node, stamp: stamp)
            store.tree.restamp(parsed.node, stamp)
        }
        return true
    }

    /// Sets an attribute, with explicit dates printed in a given offset, without notifying anyone.
    ///
    /// ```swift
    /// gom.seed(attribute: "/areas/home:volume", value: "11",
    ///          ctime: Date(timeIntervalSince1970: 1_388_335_732), mtime: Date(timeIntervalSince1970: 1_388_335_733.25),
    ///          timeZone: TimeZone(secondsFromGMT: 3600)!)
    /// // GET /areas/home:volume → {"attribute": {…, "ctime": "2013-12-29T17:48:52+01:00",
    /// //                                          "mtime": "2013-12-29T17:48:53.250+01:00"}}
    /// ```
    /// Its node and the node's missing ancestors are created with the same dates.
    /// - Parameters:
    ///   - path: An attribute path such as `/areas/home:volume`.
    ///   - value: The value.
    ///   - ctime: The creation date; now when `nil`.
    ///   - mtime: The modification date; `ctime` when `nil`.
    ///   - timeZone: The zone whose offset the dates are printed with; ``timeZone`` when `nil`.
    /// - Returns: false when `path` is not an attribute path (nothing changes).
    @discardableResult
    public func seed(
        attribute path: String, value: String, ctime: Date? = nil, mtime: Date? = nil, timeZone: TimeZone? = nil
    ) -> Bool {
        guard let parsed = MockGOMPath(path), let name = parsed.attribute else { return false }
        store.withLock { store in
            let stamp = Self.stamp(ctime, mtime, timeZone, in: store)
            _ = store.tree.makeNode(parsed.node, stamp: stamp)
            store.tree.setAttribute(
                parsed.node, name, MockGOMTree.Attribute(value: value, type: "string", stamp: stamp))
        }
        return true
    }

    /// Sets an attribute as a `PUT` would, now, creating its node and ancestors, and notifies the subscribers: a
    /// change made on the server's side.
    /// - Parameters:
    ///   - path: An attribute path.
    ///   - value: The value.
    /// - Returns: false when `path` is not an attribute path.
    @discardableResult
    public func update(attribute path: String, value: String) -> Bool {
        guard let parsed = MockGOMPath(path), let name = parsed.attribute else { return false }
        store.withLock { _ = $0.writeAttribute(parsed.node, name, value: value, type: "string") }
        return true
    }

    /// Removes an attribute, or a node with everything under it, as a `DELETE` would, and notifies the subscribers.
    /// - Parameter path: A node (not the root) or attribute path.
    /// - Returns: Whether something was removed.
    @discardableResult
    public func destroy(_ path: String) -> Bool {
        guard let parsed = MockGOMPath(path), parsed.node != "/" || parsed.attribute != nil else { return false }
        return store.withLock { $0.destroy(parsed) }
    }

    private static func stamp(_ ctime: Date?, _ mtime: Date?, _ zone: TimeZone?, in store: MockGOMStore)
        -> MockGOMStamp
    {
        let created = ctime ?? Date()
        return MockGOMStamp(ctime: created, mtime: mtime ?? created, timeZone: zone ?? store.timeZone)
    }
}
