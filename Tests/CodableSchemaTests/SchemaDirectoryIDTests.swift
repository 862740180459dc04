import CodableSchema
import Foundation
import Testing

/// A `$ref` finds a file of the schema folder by the `$id` it declares, not only by its name.
@Suite struct SchemaDirectoryIDTests {
    @Test func refResolvesToTheFileDeclaringThatID() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"$id": "https://example.org/base", "type": "object", "required": ["name"]}"#.write(
            toFile: folder + "/base.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/nested", withIntermediateDirectories: true)
        try #"{"$id": "https://example.org/schemas/count#", "type": "integer"}"#.write(
            toFile: folder + "/nested/counter.json", atomically: true, encoding: .utf8)
        try #"{"$schema": "http://json-schema.org/draft-04/schema#", "id": "https://example.org/old", "minimum": 0}"#
            .write(toFile: folder + "/old.json", atomically: true, encoding: .utf8)
        try "not json".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        let options = SchemaOptions(schemaDirectory: folder)
        let schema =
            #"{"$ref": "https://example.org/base", "properties": {"n": {"$ref": "https://example.org/schemas/count"}}}"#
        #expect(try violations(schema, #"{"name": "a", "n": 1}"#, options: options).isEmpty)
        #expect(try violations(schema, #"{"n": 1}"#, options: options).count == 1)
        #expect(try violations(schema, #"{"name": "a", "n": "one"}"#, options: options).count == 1)
        #expect(try violations(#"{"$ref": "https://example.org/old"}"#, "-1", options: options).count == 1)
    }

    @Test func aMissStillSaysWhereItLooked() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"$id": "https://example.org/other"}"#.write(
            toFile: folder + "/base.json", atomically: true, encoding: .utf8)
        let error = try #require(
            schemaError(#"{"$ref": "https://example.org/base"}"#, options: SchemaOptions(schemaDirectory: folder)))
        #expect(error.message.contains("resolves nowhere"))
        #expect(error.message.contains("with that $id"))
    }
}
