import CodableParsing
import CodablePipeline

/// The `--where` expression language: parser and evaluator.
///
/// Invariants: any text parses or gives a syntax error (no trap, bounded nesting); an
/// expression that parses is evaluated on sample records of every JSON shape, and on each one
/// either fails for `E` and `not (E)` alike, or exactly one of `E` and `not (E)` passes.
enum WhereExpressionTarget {
    static let target = FuzzTarget(
        name: "where-expression",
        summary: "Expression(parsing:) on any text; evaluation on sample records; E and not (E) never both pass",
        seedFolders: ["Tests/Fixtures", "docs"],
        run: run)

    static let samples = """
        {"id":1,"title":"Write the release notes","done":false,"createdAt":"2024-03-01T09:00:00Z","tags":["docs","release"],"owner":{"name":"Ana","since":730976400}}
        {"id":18446744073709551616,"title":"","done":true,"createdAt":1709283600,"tags":[],"owner":null,"score":1.5e300}
        {"id":-0.0,"title":"caf\\u00e9 \\ud83d\\ude00","done":null,"createdAt":"not a date","tags":[1,"1",[1],{"a":1}]}
        [1,2,3]
        "a string record"
        null
        """

    static let records: RecordBatch = {
        let reader = RecordReader(
            source: InMemoryByteSource(Array(samples.utf8)), options: RecordReaderOptions(framing: .jsonl))
        return try! reader.nextBatch()!
    }()

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count <= 4096 else { return }
        let text = String(decoding: input, as: UTF8.self)
        guard let expression = try? Expression(parsing: text) else { return }
        let passing = evaluate(expression)
        guard let negation = try? Expression(parsing: "not (\(text))") else { return }
        let negated = evaluate(negation)
        for index in 0..<records.count {
            switch (passing[index], negated[index]) {
            case (nil, nil): continue
            case (let a?, let b?):
                require(a != b, "record \(index): \(text) and its negation both \(a ? "pass" : "fail")")
            default:
                require(
                    false,
                    "record \(index): \(text) gives \(String(describing: passing[index])), its negation \(String(describing: negated[index]))"
                )
            }
        }
    }

    /// For each sample record: passes, fails, or nil when evaluating it is an error.
    static func evaluate(_ expression: Expression) -> [Bool?] {
        var plan = TransformPlan()
        plan.filter = expression
        let chain = TransformChain(plan: plan)
        var outcome = [Bool?](repeating: false, count: records.count)
        var roots: [Int: Int] = [:]
        for index in 0..<records.count { roots[records[index].root] = index }
        try? chain.process(
            records,
            onFailure: { _, record in
                outcome[roots[record.root]!] = nil
            },
            emit: { record, _ in
                outcome[roots[record.root]!] = true
            })
        _ = try? chain.finish { record, _ in outcome[roots[record.root]!] = true }
        return outcome
    }
}
