import CodableReports

extension RunPlan {
    /// `validate`: each input's records through its check (the `--schema`, the `--model`, or
    /// the rule of `.codable.yaml` that covers it), batches on every core, and the problems
    /// into `report`, in input order.
    static func validating(input: InputOptions, inputs: [RunInput], report: ReportingSink, maxErrors: Int?)
        -> RunPlan
    {
        RunPlan(input: input, inputs: inputs, writing: .check(CheckLane(limit: maxErrors), into: report))
    }
}
