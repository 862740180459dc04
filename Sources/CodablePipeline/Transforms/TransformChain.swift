import CodableParsing

/// The transform chain between reading and writing, for `convert` and `decode` alike: takes
/// batches of records, gives records (each with the replacements to write it with).
///
/// Records flow through the plan's stages in order. Edited records are written to a new tape
/// (`TapeBuilder`) that points into the input's bytes: nothing is re-parsed. Stops wanting
/// input (`isSatisfied`) as soon as the window's last record (or, with look-ahead, the one
/// after it) is out, unless a sort needs every record first.
public final class TransformChain {
    /// A record and the JSON text to write in place of some of its nodes.
    public typealias Emit = (Record, NodeReplacements) throws -> Void
    /// Called with a record that failed a stage; throw to stop, return to skip the record.
    public typealias OnFailure = (RecordFailure, Record) throws -> Void
    /// Writes a record with its picks, drops, renames and replacements applied as it is written
    /// (`RecordFormatter.write(_:edit:)`), so that a huge record is not copied to be edited.
    public typealias EmitEdited = (Record, RecordEdit) throws -> Void

    /// With `--select`, records of at least this many nodes go to `EmitEdited`, when given, with
    /// their edits rather than edited on a new tape: they would be held twice. Smaller ones are
    /// selected a batch at a time on one new tape, which is faster for them than the writer's
    /// edits. Without `--select` every edited record goes to the writer: it drops and renames
    /// faster than a copy does, and `--unique-by` finds its key through the edits
    /// (`SortKey(_:in:edit:)`).
    public static let nodesWrittenWithEdits = 1 << 16

    private let plan: TransformPlan
    private let evaluator: ExpressionEvaluator
    private let keyCase: KeyCase?
    private let sorter: RecordSorter?
    private var seen: Set<SortKey> = []
    /// Records that reached the window stage.
    private var position = 0
    private var sawMore = false

    /// Creates a chain; `spill` holds `--sort-by`'s runs beyond the plan's memory limit.
    public init(plan: TransformPlan, spill: (any SpillStorage)? = nil) {
        self.plan = plan
        self.evaluator = ExpressionEvaluator(dates: plan.whereDates)
        self.keyCase = plan.keys.map(KeyCase.init)
        self.sorter =
            plan.sortBy.isEmpty ? nil : RecordSorter(fields: plan.sortBy, memoryLimit: plan.memoryLimit, spill: spill)
    }

    /// No more input is needed: the window is full (and, with look-ahead, a record after it was seen).
    public var isSatisfied: Bool {
        guard sorter == nil, let end = plan.window.end else { return false }
        return position >= end
    }

    /// Sends a batch through the chain. `replacements(i)` gives record `i`'s replacements.
    /// A `RecordFailure` thrown by `replacements` is the record's, as a failing stage's is.
    /// `emitEdited`, when given, takes the records that `--exclude`, `--rename` or `--keys` edit,
    /// and those of them `--select` picks from that are huge (see `nodesWrittenWithEdits`),
    /// unless a sort must read them edited.
    public func process(
        _ batch: RecordBatch, replacements: ((Int) throws -> NodeReplacements)? = nil,
        onFailure: OnFailure, emit: Emit, emitEdited: EmitEdited? = nil
    ) throws {
        var passing: [Int] = []
        var passingReplacements: [NodeReplacements] = []
        passing.reserveCapacity(batch.count)
        for index in 0..<batch.count {
            if isSatisfied { return }
            var found = NodeReplacements()
            do {
                if let filter = plan.filter, try !evaluator.test(filter, on: batch[index]) { continue }
                if let replacements { found = try replacements(index) }
            } catch let failure as RecordFailure {
                try onFailure(failure, batch[index])
                continue
            }
            // Without edits records go on one by one, so a full window stops the work at once.
            if plan.select == nil && !plan.edits {
                try forward(batch[index], found, emit)
                continue
            }
            passing.append(index)
            passingReplacements.append(found)
        }
        guard !passing.isEmpty else { return }
        // Records go with their edits to a writer that applies them as it writes (with --select,
        // huge ones only): a copy would hold them twice. The others are copied with the edits
        // applied, a batch at a time.
        var withEdits: [Int: RecordEdit] = [:]  // by position among the passing records
        if emitEdited != nil && sorter == nil {
            for (position, index) in passing.enumerated()
            where plan.select == nil || batch.nodes[Int(batch.roots[index])].span >= Self.nodesWrittenWithEdits {
                withEdits[position] = edit(batch[index], replacements: passingReplacements[position])
            }
        }
        var copied = passing
        var copiedReplacements = passingReplacements
        if !withEdits.isEmpty {
            let positions = passing.indices.filter { withEdits[$0] == nil }
            copied = positions.map { passing[$0] }
            copiedReplacements = positions.map { passingReplacements[$0] }
        }
        var current = batch
        var currentReplacements: (Int) -> NodeReplacements = { copiedReplacements[$0] }
        var roots = copied.map { Int(batch.roots[$0]) }
        if let select = plan.select, !roots.isEmpty {
            var builder = TapeBuilder(source: current)
            for (position, root) in roots.enumerated() {
                builder.beginRecord()
                select.apply(root: root, replacements: currentReplacements(position), to: &builder)
            }
            current = builder.finish()
            roots = current.roots.map(Int.init)
            currentReplacements = { _ in [:] }
        }
        if plan.edits && !roots.isEmpty {
            var builder = TapeBuilder(source: current)
            for (position, root) in roots.enumerated() {
                var edit = self.edit(Record(batch: current, root: root))
                edit.replacements = currentReplacements(position)
                builder.beginRecord()
                edit.apply(root, to: &builder)
            }
            current = builder.finish()
            roots = current.roots.map(Int.init)
            currentReplacements = { _ in [:] }
        }
        if let emitEdited, !withEdits.isEmpty {
            var next = 0  // the next copied record
            for position in passing.indices {
                if let edit = withEdits[position] {
                    try forwardSorted(batch[passing[position]], [:], edit: edit) { record, _ in
                        try emitEdited(record, edit)
                    }
                } else {
                    try forward(Record(batch: current, root: roots[next]), currentReplacements(next), emit)
                    next += 1
                }
                if isSatisfied { return }
            }
            return
        }
        for (position, root) in roots.enumerated() {
            try forward(Record(batch: current, root: root), currentReplacements(position), emit)
            if isSatisfied { return }
        }
    }

    /// Ends the input: emits what a sort held back. Returns what is known about the page.
    public func finish(emit: Emit) throws -> PageFacts {
        // With look-ahead (an envelope) the sorted records are all counted, for the totals.
        try sorter?.finish { record, replacements in
            try forwardSorted(record, replacements, emit)
            return plan.window.lookAhead || !(plan.window.end.map { position >= $0 } ?? false)
        }
        let complete =
            sorter != nil ? (plan.window.lookAhead || plan.window.end.map { position < $0 } ?? true) : !isSatisfied
        let end = plan.window.limit.map { plan.window.offset + $0 } ?? .max
        let written = max(0, min(position, end) - plan.window.offset)
        return PageFacts(written: written, hasMore: sawMore, total: complete ? position : nil)
    }

    // MARK: Stages after editing

    private func forward(_ record: Record, _ replacements: NodeReplacements, _ emit: Emit) throws {
        if let sorter { return try sorter.add(record, replacements: replacements) }
        try forwardSorted(record, replacements, emit)
    }

    /// Emits a record unless `--unique-by` saw its key before or the page window leaves it out;
    /// `edit`, the edit it is written with (its key is the edited record's).
    private func forwardSorted(
        _ record: Record, _ replacements: NodeReplacements, edit: RecordEdit? = nil, _ emit: Emit
    ) throws {
        if let path = plan.uniqueBy {
            let key = edit.map { SortKey(path, in: record, edit: $0) } ?? SortKey(path, in: record)
            guard seen.insert(key).inserted else { return }
        }
        defer { position += 1 }
        guard position >= plan.window.offset else { return }
        if let limit = plan.window.limit, position >= plan.window.offset + limit {
            sawMore = true
            return
        }
        try emit(record, replacements)
    }

    /// The drops and renames `--exclude`, `--rename` and `--keys` make in a record.
    private func edit(_ record: Record) -> RecordEdit {
        var edit = RecordEdit(root: record.root)
        for path in plan.exclude {
            path.forEachMatch(in: record) { edit.dropped.insert($0) }
        }
        for rename in plan.renames {
            guard case .key = rename.path.components.last else { continue }
            var keys = NodeSet(from: record.root)
            path(rename.path, record) { keys.insert($0 - 1) }
            if !keys.isEmpty { edit.renamedByRule.append((keys, Array(rename.name.utf8))) }
        }
        if let keyCase {
            let batch = record.batch
            // A huge record's keys are converted as they are written or copied, not listed: a
            // list of a million keys would take ten times their size. A smaller record's are
            // listed, so that a record whose keys all stay is copied whole.
            if batch.nodes[record.root].span >= Self.nodesWrittenWithEdits {
                edit.renameKey = keyCase.convert
                return edit
            }
            for index in record.root..<(record.root + batch.nodes[record.root].span)
            where batch.nodes[index].kind == .object {
                for key in batch.nodes.children(of: index) {
                    let name =
                        edit.newName(ofKey: key) { JSONValueOrder.stringBytes(key, in: batch) }
                        ?? JSONValueOrder.stringBytes(key, in: batch)
                    if let converted = keyCase.convert(name) { edit.renamed[key] = converted }
                }
            }
        }
        return edit
    }

    /// Everything `--select`, `--exclude`, `--rename` and `--keys` do to a record, found on the
    /// record as read, with its `replacements`: for a writer that applies it as it writes. (A
    /// copied record is selected first, then edited; the paths find the same members.)
    private func edit(_ record: Record, replacements: NodeReplacements) -> RecordEdit {
        var edit = plan.edits ? edit(record) : RecordEdit(root: record.root)
        if let select = plan.select { edit.members = select.members(of: record.root, in: record.batch) }
        edit.replacements = replacements
        return edit
    }

    private func path(_ path: FieldPath, _ record: Record, _ body: (Int) -> Void) {
        path.forEachMatch(in: record, body)
    }
}
