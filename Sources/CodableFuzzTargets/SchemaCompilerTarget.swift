import CodableParsing
import CodableSchema

/// The JSON Schema compiler and validator.
///
/// Invariants: any bytes compile or give a located `SchemaError` (no trap, no endless `$ref`
/// chase); a schema that compiles validates records of every JSON shape without trapping, and
/// reports no more violations than asked for, each on a node of the record.
enum SchemaCompilerTarget {
    static let target = FuzzTarget(
        name: "schema-compiler",
        summary:
            "CompiledSchema(bytes:) on any bytes; a compiled schema applied to records of every shape, with a violation limit",
        seedFolders: ["Samples", "Scripts/bench", "../shared/conformance/JSON-Schema-Test-Suite/remotes"],
        run: run)

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count <= 16 << 10 else { return }
        for assertFormats in [false, true] {
            guard
                let schema = try? CompiledSchema(
                    bytes: Array(input), name: "fuzz.schema.json",
                    options: SchemaOptions(assertFormats: assertFormats, schemaDirectory: "/nonexistent"))
            else { continue }
            let records = WhereExpressionTarget.records
            for index in 0..<records.count {
                let record = records[index]
                let violations = schema.validate(record, limit: 3)
                require(violations.count <= 3, "\(violations.count) violations with a limit of 3")
                let span = record.root..<(record.root + records.nodes[record.root].span)
                for violation in violations {
                    require(
                        span.contains(violation.node), "violation at node \(violation.node), outside record \(span)")
                }
            }
        }
    }
}
