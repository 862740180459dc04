import CodablePipeline

/// What a run does, decided once from a command's options: the inputs, the stages every batch
/// goes through in order (reshaping, decoding, dates, transforms, key case, pages, or a check)
/// and the one sink the records end in. `RecordLoop` runs every plan the same way: `convert`,
/// `decode` and `validate` differ only in the plan they build, and a fast path is a choice
/// made here.
struct RunPlan {
    /// How the records of a batch reach the sink, once the batch has been reshaped and decoded,
    /// and the sink.
    enum Writing {
        /// As they are: the batch goes to the sink whole.
        case asRead(RecordSink)
        /// Record by record, by a writer that changes each one as it writes it and may fail on
        /// one (dates re-encoded, records decoded): on this thread, or batches on every core.
        case lane(any BatchLane<WrittenBatch>, into: RecordSink)
        /// Through the transform chain (`--where`, `--select`, `--exclude`, `--rename`,
        /// `--keys`, `--sort-by`, `--unique-by`, pages), with each record's dates re-encoded by
        /// `dates` on the way.
        case chain(TransformChain, dates: DateRewriter?, into: RecordSink)
        /// Checked against each input's schema or model (`validate`), batches on every core;
        /// the problems found go into the report.
        case check(CheckLane, into: ReportingSink)
    }

    /// How the inputs are read.
    let input: InputOptions
    /// The inputs, read one after another.
    let inputs: [RunInput]
    /// Each input's next batch is read on another thread while the current one is worked on.
    var readsAhead = false
    /// `--flatten` or `--unflatten`, first.
    var reshaping: Reshaping? = nil
    /// `decode` with transforms: each batch's records decoded into the model, then read back as
    /// a batch for the chain.
    var decoding: DecodeStage? = nil
    /// How the records reach the sink, and the sink.
    let writing: Writing
    /// `--on-error skip`: a record that fails is reported and left out, and the run goes on.
    var skipsFailures = false
    /// A malformed JSON Lines line, json-seq record or CSV row is skipped and the reading goes
    /// on (`--on-error skip`, and `validate`, which reports it).
    var readsPastMalformedRecords: Bool {
        if case .check = writing { true } else { skipsFailures }
    }
    /// The progress line, counting the batches read.
    var progress: ProgressLine? = nil

    /// Where the records end.
    var sink: any RunSink {
        switch writing {
        case .asRead(let sink), .lane(_, let sink), .chain(_, _, let sink): return sink
        case .check(_, let sink): return sink
        }
    }

    /// Whether the records a batch wrote before one that failed still go out. Not through the
    /// chain: its records are written out a batch at a time, and a failure ends the run with
    /// the batch it came in.
    var writesRecordsBeforeFailure: Bool {
        if case .chain = writing { false } else { true }
    }
}
