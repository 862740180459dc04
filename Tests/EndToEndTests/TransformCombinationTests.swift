import Foundation
import Testing

/// Transforms in pairs, with a sort or a uniqueness check on an object after them, through the
/// binary, from JSON Lines, CSV and YAML: every run ends with success or a data error (never a
/// crash), and what it writes is JSON Lines. Among them, objects whose last member a transform
/// rewrites (`--date o.t`) sorted by `--sort-by o`, which must not cut their text out of the
/// input's bytes.
@Suite struct TransformCombinationTests {
    static let records = """
        {"id":1,"o":{"tags":["a","b"],"u":"2024-01-01T00:00:00Z","t":0},"n":"x","a.b":2,"arr":[{"k":1},{"k":2}]}
        {"id":2,"o":{"tags":[],"u":"2024-01-02T00:00:00Z","t":60},"n":"y","a.b":3,"arr":[]}
        {"id":2,"o": {"tags": [ ], "u": "2024-01-02T00:00:00Z", "t": 60},"n":"y","a.b":3,"arr":[]}

        """
    static let transforms: [[String]] = [
        ["--select", "o,id"], ["--select", "o.tags,id"], ["--exclude", "o.u"], ["--exclude", "o.tags[0]"],
        ["--rename", "o=p"], ["--keys", "snake_case"], ["--unflatten"], ["--date", "o.t"], ["--date", "o.u=iso8601"],
        ["--where", ".o.t > 10"], ["--offset", "1"], ["--envelope"],
    ]
    static let lastSteps: [[String]] = [["--sort-by", "o"], ["--unique-by", "o"]]

    @Test(.releaseCheck, arguments: ["jsonl", "csv", "yaml"])
    func pairsOfTransformsNeverCrash(format: String) throws {
        let input: String
        if format == "jsonl" {
            input = Self.records
        } else {
            let converted = try CodableBinary.run(["convert", "--from", "jsonl", "--to", format], stdin: Self.records)
            try #require(converted.status == 0, "\(converted.stderr)")
            input = converted.stdout
        }
        var runs = 0
        for first in Self.transforms.indices {
            for second in Self.transforms.indices where first < second {
                for last in Self.lastSteps {
                    let arguments =
                        ["convert", "--from", format, "--to", "jsonl"] + Self.transforms[first]
                        + Self.transforms[second] + last
                    let result = try CodableBinary.run(arguments, stdin: input)
                    runs += 1
                    #expect(
                        result.status == 0 || result.status == 1,
                        "\(arguments.joined(separator: " ")): status \(result.status)\n\(result.stderr.prefix(400))")
                    guard result.status == 0 else { continue }
                    for line in result.stdout.split(separator: "\n") {
                        #expect(
                            (try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]))
                                != nil, "\(arguments.joined(separator: " ")): \(line)")
                    }
                }
            }
        }
        #expect(runs == 66 * 2)
    }
}
