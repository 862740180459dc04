/// What `validate` checks an input's records with.
struct RecordCheck {
    let checker: any RecordChecker
    /// The elements of a top-level array (or a lone YAML document's sequence) are the records;
    /// otherwise each JSON text or YAML document is one.
    let arrayElementsAreRecords: Bool
}
