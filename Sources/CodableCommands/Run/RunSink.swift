import CodablePipeline

/// Where a run's batches end, whatever its stages: records written in a format (`RecordSink`)
/// or the problems found in them reported (`ReportingSink`). `RecordLoop` tells it where each
/// input starts and ends, and finishes it.
protocol RunSink: AnyObject {
    /// Where the output goes.
    var target: OutputTarget { get }
    /// Whether the sink wants no more records: the run stops reading.
    var isSatisfied: Bool { get }
    /// An input is about to be read.
    func startInput(_ input: RunInput)
    /// `input` cannot be read (`failure`): thrown to stop the run, or reported and the run
    /// goes on with the next input.
    func cannotRead(_ input: RunInput, _ failure: CommandFailure) throws
    /// Every batch of `input` went through; `readError` stopped its reading early. Throws what
    /// stops the run.
    func endInput(_ input: RunInput, readError: (any Error)?) throws
    /// Ends the output: `facts` (what the transform chain knows about the page) go into the
    /// envelope or `--split`'s index.
    func finish(facts: PageFacts, lastInput: InputFile?) throws
    /// When a run stops: what came before the failure still goes out, if the sink writes it.
    func writeWhatCameBefore()
    /// Removes files the sink wrote besides the target, when the run fails.
    func discardPages()
}

/// A failure reading an input, thrown by `RunSink.endInput` once the batches read before it
/// went through.
struct InputReadFailure: Error {
    let error: any Error
}
