import CodableParsing

/// `--select a,b.c`: keeps only the named fields, nested paths included, in the order the list
/// names them (as jq's `{a, b}`): `--select title,id` writes `title` first. A parent named
/// through several paths (`owner.name,owner.email`) appears once, where it is first named.
/// Fields a record lacks are left out (never written as `null`); records that are not objects
/// pass unchanged.
public struct FieldSelection: Sendable {
    /// One selected field and what is selected inside it (nothing: the whole value).
    struct Field: Sendable {
        var name: [UInt8]
        var inner: [Field]
    }

    let fields: [Field]

    /// Builds a selection from paths made of field names only (`a`, `owner.name`).
    public init(paths: [FieldPath]) throws(FieldPath.ParseError) {
        var fields: [Field] = []
        for path in paths {
            var names: [[UInt8]] = []
            for component in path.components {
                guard case .key(let name) = component else {
                    throw FieldPath.ParseError(
                        message: "--select and --exclude paths for arrays are not supported here; name fields only",
                        column: 1)
                }
                names.append(Array(name.utf8))
            }
            Self.insert(names[...], into: &fields)
        }
        self.fields = fields
    }

    private static func insert(_ names: ArraySlice<[UInt8]>, into fields: inout [Field]) {
        guard let first = names.first else { return }
        if let existing = fields.firstIndex(where: { $0.name == first }) {
            if fields[existing].inner.isEmpty { return }  // the whole value is selected already
            if names.count == 1 {
                fields[existing].inner = []
                return
            }
            insert(names.dropFirst(), into: &fields[existing].inner)
        } else {
            var field = Field(name: first, inner: [])
            insert(names.dropFirst(), into: &field.inner)
            fields.append(field)
        }
    }

    /// Writes the selected part of the record at `root` of the builder's source. (It picks what
    /// `members(of:in:)` lists, without building the list: a record is copied faster so.)
    func apply(root: Int, replacements: NodeReplacements, to builder: inout TapeBuilder) {
        guard builder.source.nodes[root].kind == .object else {
            return builder.copy(root, replacements: replacements)
        }
        project(root, fields, replacements, &builder)
    }

    private func project(
        _ object: Int, _ fields: [Field], _ replacements: NodeReplacements, _ builder: inout TapeBuilder
    ) {
        builder.openContainer(.object, like: object)
        for field in fields {
            guard let key = TapeKeys.find(field.name, in: object, of: builder.source) else { continue }
            let value = key + 1
            if field.inner.isEmpty {
                builder.key(key)
                builder.copy(value, replacements: replacements)
            } else if builder.source.nodes[value].kind == .object {
                builder.key(key)
                project(value, field.inner, replacements, &builder)
            }
        }
        builder.close()
    }

    /// The selected part of the record at `root` of `batch`, as the members written of each
    /// object in it (`RecordEdit.members`, for a writer that picks them as it writes): none for
    /// a record that is not an object.
    func members(of root: Int, in batch: RecordBatch) -> [Int: [Int]] {
        var members: [Int: [Int]] = [:]
        if batch.nodes[root].kind == .object { pick(fields, of: root, in: batch, into: &members) }
        return members
    }

    /// Adds the key nodes of `object`'s selected members, and those picked inside them.
    private func pick(_ fields: [Field], of object: Int, in batch: RecordBatch, into members: inout [Int: [Int]]) {
        var keys: [Int] = []
        for field in fields {
            guard let key = TapeKeys.find(field.name, in: object, of: batch) else { continue }
            if field.inner.isEmpty {
                keys.append(key)
            } else if batch.nodes[key + 1].kind == .object {
                keys.append(key)
                pick(field.inner, of: key + 1, in: batch, into: &members)
            }
        }
        members[object] = keys
    }
}

/// Finding members of an object on a tape by name.
enum TapeKeys {
    /// The key node of the first member of `object` named `name`.
    static func find(_ name: [UInt8], in object: Int, of batch: RecordBatch) -> Int? {
        batch.bytes.withUnsafeBufferPointer { bytes in
            batch.nodes.withNodes { nodes in
                var child = object + 1
                let end = child + nodes[object].size
                while child < end {
                    if nodes[child].spells(name, in: bytes.baseAddress!) { return child }
                    child += 1 + nodes[child + 1].span
                }
                return nil
            }
        }
    }
}
