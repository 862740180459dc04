// The small model of the bad-input matrix (docs/bad-input.md): `codable decode` and
// `codable validate --model` read it as `--type Record`.
struct Record: Codable {
    var a: Int?
    var b: String?
}
