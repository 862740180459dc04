/// What a writer of one output format does as `EditedRecordWalk` visits a record with its
/// `RecordEdit` applied: the events of the record's text as the edit leaves it, in order. An
/// output format implements these and nothing of the edit: picking, dropping and renaming
/// members, sorting edited objects' keys, flattening and nesting keys back are the walk's.
///
/// The events of a value: `value`, `emptied` or `embedded` for one taken whole; else `begin`,
/// then for each member `key` (objects) or `element` (arrays) and its value's events, then
/// `end`.
public protocol RecordEventSink {
    /// An object's member starts: its key is the key node `key`, under its name as read.
    mutating func key(_ key: Int)
    /// An object's member starts, under the name `name` (unescaped UTF-8) the edit gives it: a
    /// new name, a flattened member's joined name, or a part of a key nested back. `key` is the
    /// key node the member's value follows; nil for an object nesting keys back makes.
    mutating func key(named name: UnsafeBufferPointer<UInt8>, of key: Int?)
    /// An array's element starts.
    mutating func element()
    /// Opens the container at node `container` (nil: an object that nesting keys back makes),
    /// which has a member or element left. Returns false when the sink takes the node whole
    /// instead (its members are not visited, and no `end` follows); an object nesting keys back
    /// makes is always opened.
    mutating func begin(_ container: Int?, isObject: Bool) -> Bool
    /// Closes the innermost container `begin` opened.
    mutating func end(isObject: Bool)
    /// A value the edit changes nothing inside: a scalar (written as its replacement, when it
    /// has one) or a container, written as it stands.
    mutating func value(_ index: Int)
    /// The container at node `container`, which the edit leaves without a member or element:
    /// written `{}` or `[]`.
    mutating func emptied(_ container: Int, isObject: Bool)
    /// The string at node `string` holds a JSON array or object, which nesting keys back writes
    /// as that value (`UnflattenedOrder.parsesJSONText`): its text scanned into `nodes` (root
    /// node 0) over `text`.
    mutating func embedded(_ string: Int, nodes: NodeTape, text: UnsafePointer<UInt8>)
}
