/// A sales report the demo API prepares asynchronously (202 while pending).
struct Report: Decodable, Equatable, Sendable {
    var id: Int
    var status: String
    var totalSales: Int

    enum CodingKeys: String, CodingKey {
        case id, status
        case totalSales = "total_sales"
    }
}
