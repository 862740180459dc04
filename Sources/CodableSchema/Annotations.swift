/// What the keywords applied to one value evaluated, for `unevaluatedProperties` and
/// `unevaluatedItems`. Only gathered when the schema uses those keywords.
struct Annotations {
    /// Key nodes of the members some keyword evaluated.
    var properties: [Int] = []
    /// Items `0..<itemsPrefix` were evaluated (`prefixItems`).
    var itemsPrefix = 0
    /// Every item was evaluated (`items`, `unevaluatedItems`).
    var allItems = false
    /// Items `contains` matched.
    var items: [Int] = []

    mutating func merge(_ other: Annotations) {
        properties.append(contentsOf: other.properties)
        itemsPrefix = max(itemsPrefix, other.itemsPrefix)
        allItems = allItems || other.allItems
        items.append(contentsOf: other.items)
    }
}
