import CodableFuzzTargets
import Foundation

#if FUZZING
    import CLibFuzzer

    /// Under libFuzzer (`Scripts/fuzz.sh`): `CODABLE_FUZZ_TARGET` names the target, the
    /// arguments are libFuzzer's.
    @main
    enum FuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    }

    /// One input; also exported under libFuzzer's name, which its runtime references.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        selectedTarget.fuzzOne(UnsafeBufferPointer(start: data, count: size))
        return 0
    }

    private let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CODABLE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTargets.named(name) else {
            fatalError("CODABLE_FUZZ_TARGET=\(name): not a target; one of \(FuzzTargets.all.map(\.name))")
        }
        return target
    }()
#else
    /// Without the fuzzer: `codable-fuzz TARGET FILE...` replays inputs through a target (in
    /// every configuration), and `codable-fuzz --list` names the targets.
    @main
    enum FuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, name != "--list" else {
                for target in FuzzTargets.all {
                    let ways =
                        target.configurations.count > 1
                        ? " (an execution reads it one way: \(target.configurations.joined(separator: ", ")))" : ""
                    print("\(target.name)\t\(target.summary)\(ways)")
                }
                return
            }
            guard let target = FuzzTargets.named(name) else {
                print("codable-fuzz: no target \(name); see --list")
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    print("codable-fuzz: cannot read \(path)")
                    exit(3)
                }
                target.run(Array(bytes))
                print("ok \(path)")
            }
        }
    }
#endif
