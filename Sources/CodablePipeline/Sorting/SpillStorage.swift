import CodableParsing

/// Where `--sort-by` keeps sorted runs that do not fit in memory: temporary files
/// (`TemporarySpill`, removed at the end and on SIGINT/SIGTERM), or memory in tests.
public protocol SpillStorage: AnyObject {
    /// A new, empty run to write.
    func makeRun() throws -> any SpillRun
}

/// One sorted run: written once, then read back once.
public protocol SpillRun: AnyObject {
    /// Appends bytes to the run.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// The run's bytes, from the start (writing is over).
    func reader() throws -> any ByteSource
    /// Deletes the run.
    func remove()
}
