/// What the keywords applied to one value evaluated, for `unevaluatedProperties` and
/// `unevaluatedItems`. Only gathered when the schema uses those keywords.
struct Annotations {
    /// Key nodes of the members some keyword evaluated. (Optional arrays: an empty
    /// `Annotations`, made for every subschema applied, costs no reference counting.)
    var properties: [Int]?
    /// Items `0..<itemsPrefix` were evaluated (`prefixItems`).
    var itemsPrefix = 0
    /// Every item was evaluated (`items`, `unevaluatedItems`).
    var allItems = false
    /// Items `contains` matched.
    var items: [Int]?

    mutating func merge(_ other: Annotations) {
        if let more = other.properties { properties = (properties ?? []) + more }
        itemsPrefix = max(itemsPrefix, other.itemsPrefix)
        allItems = allItems || other.allItems
        if let more = other.items { items = (items ?? []) + more }
    }

    mutating func evaluated(property key: Int) {
        if properties == nil { properties = [] }
        properties!.append(key)
    }

    mutating func evaluated(item index: Int) {
        if items == nil { items = [] }
        items!.append(index)
    }

    func wasEvaluated(property key: Int) -> Bool { properties?.contains(key) ?? false }

    func wasEvaluated(item index: Int) -> Bool { items?.contains(index) ?? false }
}
