import Testing

@testable import CodableInference

/// How keys become names, and which keys name an instant.
@Suite struct NamingTests {
    @Test func typeNamesAreUpperCamelCaseOfTheKey() {
        #expect(InferredNames.typeName(for: "created_at") == "CreatedAt")
        #expect(InferredNames.typeName(for: "userID") == "UserID")
        #expect(InferredNames.typeName(for: "first-name") == "FirstName")
        #expect(InferredNames.typeName(for: "2fa") == "_2fa")
        #expect(InferredNames.typeName(for: "@@") == "Value")
    }

    @Test func arrayElementsAreSingular() {
        #expect(InferredNames.singular("Items") == "Item")
        #expect(InferredNames.singular("Categories") == "Category")
        #expect(InferredNames.singular("Addresses") == "Address")
        #expect(InferredNames.singular("Boxes") == "Box")
        #expect(InferredNames.singular("Status") == "StatusElement")
        #expect(InferredNames.singular("Data") == "DataElement")
    }

    @Test func madeUpPropertyNames() {
        #expect(InferredNames.propertyName(madeFrom: "first-name") == "firstName")
        #expect(InferredNames.propertyName(madeFrom: "Content-Type") == "contentType")
        #expect(InferredNames.propertyName(madeFrom: "2fa") == "_2fa")
        #expect(InferredNames.propertyName(madeFrom: "") == "field")
        #expect(InferredNames.unique("Item", in: ["Item", "Item2"]) == "Item3")
    }

    @Test func onlyKeysThatNameAnInstantMakeNumbersDates() {
        for key in ["createdAt", "updated_at", "due", "at", "expiry_date", "lastSeenTime", "timestamp", "createdOn"] {
            #expect(DateNames.suggestsDate(key), "\(key)")
        }
        for key in ["count", "duration", "timeout", "format", "id", "priority", "seconds", "date_format"] {
            #expect(!DateNames.suggestsDate(key), "\(key)")
        }
    }
}
