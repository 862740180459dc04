// swift-tools-version:6.1
import PackageDescription

/// `codable`: decode, validate and convert JSON records with the semantics of Swift's `Codable`.
///
/// Layers (arrows point down only):
/// `codable` (executable) -> `CodableCommands` (with `CodableReports`) -> `CodablePipeline` -> the parser
/// layer: `CodableParsing` (JSON, CSV), `CodableDates`, `CodableModels`, `CodableSwiftModels`,
/// `CodableSchemaModels`, `CodableDecoding`, `CodableSchema`, `CodableSchemaGeneration`, and
/// `CodableYAML` over `CYAML` (the system libyaml). `CSupport` holds the few helpers written in
/// C, each tested in `CSupportTests`.
let package = Package(
    name: "codable",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "codable", targets: ["codable"]),
        .library(name: "CodableParsing", targets: ["CodableParsing"]),
        .library(name: "CodablePipeline", targets: ["CodablePipeline"]),
        .library(name: "CodableDates", targets: ["CodableDates"]),
        .library(name: "CodableModels", targets: ["CodableModels"]),
        .library(name: "CodableDecoding", targets: ["CodableDecoding"]),
        .library(name: "CodableSwiftModels", targets: ["CodableSwiftModels"]),
        .library(name: "CodableYAML", targets: ["CodableYAML"]),
        .library(name: "CodableReports", targets: ["CodableReports"]),
        .library(name: "CodableSchema", targets: ["CodableSchema"]),
        .library(name: "CodableSchemaModels", targets: ["CodableSchemaModels"]),
        .library(name: "CodableSchemaGeneration", targets: ["CodableSchemaGeneration"]),
        .library(name: "CodableInference", targets: ["CodableInference"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // Parser layer: bytes -> values (with source offsets) -> bytes. No printing, no flags.
        .target(name: "CodableParsing", dependencies: ["CSupport"]),
        // Parser layer: date strategies (Foundation's exact semantics), hand-written ISO-8601.
        .target(name: "CodableDates", dependencies: ["CodableParsing"]),
        // Parser layer: Codable model types (from Swift source or JSON Schema), resolved.
        .target(name: "CodableModels", dependencies: ["CodableDates"]),
        // Parser layer: records decoded into a model with Codable's exact rules, re-encoded.
        .target(name: "CodableDecoding", dependencies: ["CodableParsing", "CodableDates", "CodableModels"]),
        // Parser layer: Codable models read from Swift source (swift-syntax), to a `ModelSet`.
        .target(
            name: "CodableSwiftModels",
            dependencies: [
                "CodableModels",
                "CodableParsing",
                "CSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // Parser layer: models inferred from sample records (`infer`), and their Swift source.
        .target(
            name: "CodableInference",
            dependencies: ["CodableParsing", "CodableDates", "CodableModels", "CodableDecoding"]),
        // Parser layer: JSON Schema (2020-12, draft-07) compiled once, applied to records' tapes.
        .target(name: "CodableSchema", dependencies: ["CodableParsing"]),
        // JSON-Schema-Test-Suite runner: `Scripts/conformance-schema.sh`.
        .executableTarget(name: "codable-schema-suite", dependencies: ["CodableSchema", "CodableParsing"]),
        // Validation throughput: `swift run -c release codable-schema-bench FILE.jsonl SCHEMA.json`.
        .executableTarget(name: "codable-schema-bench", dependencies: ["CodableSchema", "CodableParsing"]),
        // Parser layer: Codable models read from a JSON Schema (`--schema`), to a `ModelSet`.
        .target(name: "CodableSchemaModels", dependencies: ["CodableModels", "CodableParsing", "CodableDates"]),
        // Parser layer: the JSON Schema that accepts what the decoder accepts for a model type.
        .target(
            name: "CodableSchemaGeneration",
            dependencies: ["CodableModels", "CodableDates", "CodableDecoding", "CodableParsing"]),
        // Benchmark for reading a 2 000-line model file: `swift run -c release codable-model-bench`.
        .executableTarget(
            name: "codable-model-bench",
            dependencies: [
                "CodableSwiftModels", "CodableModels", .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Benchmark for the ISO-8601 parser: `swift run -c release codable-date-bench`.
        .executableTarget(name: "codable-date-bench", dependencies: ["CodableDates"]),
        // The system libyaml; only CodableYAML imports it.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // Parser layer: YAML in (libyaml's parser, to the JSON tape) and out (a block writer).
        .target(name: "CodableYAML", dependencies: ["CodableParsing", "CYAML"]),
        // Pipeline layer: record streams, transforms, pages, parallel batch writers, temporary
        // files (sort spills, removed on SIGINT/SIGTERM).
        .target(
            name: "CodablePipeline",
            dependencies: [
                "CodableParsing", "CodableDates", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // Validation reports (text, JSON, GitHub commands, JUnit, SARIF): problems in, text out.
        .target(name: "CodableReports", dependencies: ["CodableParsing"]),
        // Commands library: argument parsing, files, terminals, and the one diagnostics printer.
        .target(
            name: "CodableCommands",
            dependencies: [
                "CodableSchemaModels",
                "CodableSchemaGeneration",
                "CodableSchema",
                "CodableParsing",
                "CodablePipeline",
                "CodableDates",
                "CodableModels",
                "CodableDecoding",
                "CodableSwiftModels",
                "CodableInference",
                "CodableYAML",
                "CodableReports",
                "CSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Fuzz targets for every reader and parser (replayed by FuzzRegressionTests, run under
        // libFuzzer by Scripts/fuzz.sh, which builds `codable-fuzz` with -sanitize=fuzzer).
        .target(
            name: "CodableFuzzTargets",
            dependencies: [
                "CodableParsing", "CodableDates", "CodablePipeline", "CodableYAML", "CodableSchema", "CodableModels",
                "CodableSwiftModels",
            ]
        ),
        .target(name: "CLibFuzzer"),
        // The helpers written in C, a file each: the blocks RawMemory grows (RawBlocks.c), closed
        // standard descriptors filled before main (StandardDescriptors.c), HTTP through the system
        // libcurl, loaded only when a URL is read (HTTPClient.c), swift-syntax's protocol
        // conformances made known to the runtime when a Swift model is first read
        // (DeferredConformances.c), the pre-scan that cuts a top-level JSON array into chunks
        // (ArrayStructureScan.c), and, unless CODABLE_YAML_ALLOCATOR=0 (see the end of this
        // file), libyaml's string buffers moved to mappings of their own (YAMLAllocation.c).
        .target(name: "CSupport"),
        .executableTarget(name: "codable-fuzz", dependencies: ["CodableFuzzTargets", "CLibFuzzer"]),
        // The executable: one line.
        .executableTarget(name: "codable", dependencies: ["CodableCommands"]),

        .testTarget(name: "CSupportTests", dependencies: ["CSupport", "CYAML"]),
        .testTarget(name: "CodableParsingTests", dependencies: ["CodableParsing"]),
        .testTarget(name: "CodableDatesTests", dependencies: ["CodableDates"]),
        .testTarget(
            name: "CodableDecodingTests",
            dependencies: [
                "CodableDecoding", "CodableModels", "CodableSwiftModels", "CodableParsing", "CodableDates",
                "CodableSchemaGeneration", "CodableSchema",
            ]),
        .testTarget(name: "CodableSwiftModelsTests", dependencies: ["CodableSwiftModels", "CodableModels"]),
        .testTarget(
            name: "CodableInferenceTests",
            dependencies: [
                "CodableInference", "CodableModels", "CodableDecoding", "CodableParsing", "CodableDates",
                "CodableSwiftModels",
            ]),
        .testTarget(name: "CodableYAMLTests", dependencies: ["CodableYAML", "CodableParsing"]),
        .testTarget(name: "CodableReportsTests", dependencies: ["CodableReports", "CodableParsing"]),
        .testTarget(name: "CodableSchemaTests", dependencies: ["CodableSchema", "CodableParsing"]),
        .testTarget(
            name: "CodableSchemaModelsTests", dependencies: ["CodableSchemaModels", "CodableModels", "CodableDates"]),
        .testTarget(
            name: "CodablePipelineTests",
            dependencies: ["CodablePipeline", "CodableParsing", "CodableDates", "CodableYAML"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["CodableFuzzTargets"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["codable", "CodableCommands", "CodablePipeline"],
            exclude: []
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// `Scripts/fuzz.sh` builds `codable-fuzz` with `CODABLE_FUZZ_SANITIZERS` set to the sanitizers
/// it wants (`fuzzer,address` or `fuzzer`). They instrument codable's own modules only, not its
/// dependencies: the fuzzers test codable's code, and swift-syntax instrumented made the Swift
/// model target spend most of each run in coverage callbacks for the parser. The fuzz targets'
/// own checks (`CodableFuzzTargets`) get no coverage callbacks either (only AddressSanitizer,
/// when asked for): their branches are not what is being explored, and locating every value
/// took half of each CSV run.
if let sanitizers = Context.environment["CODABLE_FUZZ_SANITIZERS"] {
    for target in package.targets where target.type == .regular || target.type == .executable {
        let instrumented =
            target.name == "CodableFuzzTargets"
            ? sanitizers.split(separator: ",").filter { $0 != "fuzzer" }.joined(separator: ",")
            : sanitizers
        let flags: [SwiftSetting] = instrumented.isEmpty ? [] : [.unsafeFlags(["-sanitize=\(instrumented)"])]
        target.swiftSettings = (target.swiftSettings ?? []) + flags + [.define("FUZZING")]
    }
    // RawMemory's blocks come from malloc as they are, so AddressSanitizer sees their exact bounds.
    for target in package.targets where target.name == "CSupport" {
        target.cSettings = (target.cSettings ?? []) + [.define("CODABLE_FUZZING")]
    }
    for target in package.targets where target.name == "codable-fuzz" {
        target.linkerSettings =
            (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizers)", "-use-ld=lld"])]
    }
}

/// `Sources/CSupport/YAMLAllocation.c` is built unless `CODABLE_YAML_ALLOCATOR=0`: codable's own
/// `yaml_malloc`, `yaml_free`, `yaml_realloc` and `yaml_string_extend`, which take the place of the
/// system libyaml's (ELF interposition), move a scalar's growing buffer to a mapping of its own and
/// hand the small blocks libyaml frees back to its next allocations.
/// Without them a YAML scalar of 1 to 4 MiB peaks over 4 times its size (docs/development.md). A
/// libyaml linked statically, or with -Bsymbolic-functions, never calls them, whatever this says:
/// `CSupportTests` checks that libyaml's calls reach them exactly when they are built.
if Context.environment["CODABLE_YAML_ALLOCATOR"] != "0" {
    for target in package.targets where target.name == "CSupport" {
        target.cSettings = (target.cSettings ?? []) + [.define("CODABLE_YAML_ALLOCATOR")]
    }
    for target in package.targets where target.name == "CSupportTests" {
        target.swiftSettings = (target.swiftSettings ?? []) + [.define("CODABLE_YAML_ALLOCATOR")]
    }
}

/// `Scripts/build-release.sh` sets `CODABLE_DEFERRED_CONFORMANCES=1` on Linux: executables are
/// then linked by lld with `Scripts/deferred-conformances.ld`, which sets swift-syntax's protocol
/// conformance records apart (CSupport's DeferredConformances.c registers them when a Swift model
/// is first read). The Swift runtime scans every record it knows on each first lookup of a (type,
/// protocol) pair, and swift-argument-parser makes about 90 of them at each start: without
/// swift-syntax's 5 000 records, `codable convert` of `{}` runs about a third fewer instructions.
/// Linking only: no module is compiled differently.
if Context.environment["CODABLE_DEFERRED_CONFORMANCES"] == "1" {
    let script = "\(Context.packageDirectory)/Scripts/deferred-conformances.ld"
    for target in package.targets where target.type == .executable {
        target.linkerSettings =
            (target.linkerSettings ?? []) + [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-T", "-Xlinker", script])]
    }
}
