/// A 128-bit hash of byte strings that is the same on every run, platform and version (Swift's
/// `Hasher` is seeded per process): two 64-bit FNV-1a hashes from different offset bases. For
/// names that must stay put (a report's fingerprints, a cache's file names and checks), not a
/// defence against forgery.
public enum StableHash {
    /// 32 lowercase hex digits for `parts`, a NUL between parts so that `["ab", "c"]` and
    /// `["a", "bc"]` differ.
    public static func hex<Bytes: Sequence<UInt8>>(_ parts: [Bytes]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for (index, part) in parts.enumerated() {
            if index > 0 {
                first = first &* prime
                second = second &* prime
            }
            for byte in part {
                first = (first ^ UInt64(byte)) &* prime
                second = (second ^ UInt64(byte)) &* prime
            }
        }
        return [first, second].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// The FNV-1a 64-bit prime.
    private static let prime: UInt64 = 0x0000_0100_0000_01B3
}
