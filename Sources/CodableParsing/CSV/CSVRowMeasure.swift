/// Counts a row's fields and what they take, so that what holds the row is sized before it is
/// built: the header's names, or the record of a very wide row.
struct CSVRowMeasure: CSVFieldSink {
    /// Empty unquoted cells are written `null` (4 bytes), not `""` (2).
    let emptyAsNull: Bool
    /// Number of fields.
    private(set) var fields = 0
    /// The bytes of the fields' content (between the quotes, when quoted).
    private(set) var contentBytes = 0
    /// The bytes of the cells' JSON tokens as `CSVRecordBuilder` writes them: a cell read as a
    /// number or literal as it is, any other between quotes. Exact unless a cell needs escapes.
    private(set) var valueBytes = 0
    /// The row is one unquoted empty field: a blank line.
    var isBlank: Bool { fields == 1 && firstIsBlank }
    private var firstIsBlank = false

    init(emptyAsNull: Bool) {
        self.emptyAsNull = emptyAsNull
    }

    mutating func take(_ field: CSVField, in base: UnsafePointer<UInt8>) -> Bool {
        if fields == 0 { firstIsBlank = field.isBlank }
        fields += 1
        let count = field.contentEnd - field.contentStart
        contentBytes += count
        if field.quoted {
            valueBytes += count + 2
        } else if count == 0 {
            valueBytes += emptyAsNull ? 4 : 2
        } else {
            valueBytes += CSVCell.looksTyped(base + field.contentStart, count: count) ? count : count + 2
        }
        return true
    }
}
