/// Every fuzz target, by name.
public enum FuzzTargets {
    /// All targets, in the order `Scripts/fuzz.sh all` runs them.
    public static let all: [FuzzTarget] = [
        JSONReaderTarget.target,
        DateStrategyTarget.target,
        FieldPathTarget.target,
        WhereExpressionTarget.target,
        YAMLReaderTarget.target,
        CSVReaderTarget.target,
        SchemaCompilerTarget.target,
        SwiftModelReaderTarget.target,
        NodeBufferTarget.target,
    ]

    /// The target with this name.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
