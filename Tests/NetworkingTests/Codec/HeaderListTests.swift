import Testing

@testable import Networking

/// The one RFC 9110 §5.6.1 list tokenizer: quoted strings, escapes, empty members, whitespace, repeated fields.
@Suite(.timeLimit(.minutes(1))) struct HeaderListTests {
    @Test(arguments: [
        ("a,b,c", ["a", "b", "c"]), (" a ,\tb\t, c ", ["a", "b", "c"]), ("a, , b,,", ["a", "b"]), (",", []),
        ("", []), (" \t ", []), ("gzip", ["gzip"]),
        (
            #"no-cache="Set-Cookie, Authorization", max-age=60"#,
            [#"no-cache="Set-Cookie, Authorization""#, "max-age=60"]
        ),
        (#"a="x \" , y", b"#, [#"a="x \" , y""#, "b"]), (#"a="x\\", b"#, [#"a="x\\""#, "b"]),
        (#"foo="a, b"bar, baz"#, [#"foo="a, b"bar"#, "baz"]),
    ])
    func splitsOnCommasOutsideQuotedStrings(value: String, expected: [String]) {
        #expect(HeaderList.members(value) == expected)
    }

    @Test func repeatedFieldsAreOneListAndMembersCanBeLowercased() {
        // Given a field sent twice, mixed case
        let values = ["Keep-Alive, Upgrade", "", " CLOSE "]

        // Then its members in order, lowercased only when asked
        #expect(HeaderList.members(values, lowercased: true) == ["keep-alive", "upgrade", "close"])
        #expect(HeaderList.members(values) == ["Keep-Alive", "Upgrade", "CLOSE"])
    }

    @Test(arguments: [("5, 5", ["5", "5"]), ("5,", ["5", ""]), (" , 5", ["", "5"]), ("", [""])])
    func keepingEmptyMembersIsAParameter(value: String, expected: [String]) {
        #expect(HeaderList.members(value, keepingEmpty: true) == expected)
        #expect(HeaderList.members(value) == expected.filter { !$0.isEmpty })
    }

    @Test(arguments: [
        (#""a, b""#, "a, b"), (#""say \"hi\"""#, #"say "hi""#), (#""back\\slash""#, #"back\slash"#), ("token", "token"),
        (#""""#, ""), (#"""#, #"""#),
    ])
    func unquotedReadsAQuotedString(text: String, expected: String) {
        #expect(HeaderList.unquoted(text) == expected)
    }

    @Test func cacheControlReadsQuotedValuesWithCommas() {
        // Given a Cache-Control whose quoted no-cache value holds a comma
        var headers = HTTPHeaders()
        headers["Cache-Control"] = #"no-cache="Set-Cookie, X-Token", max-age=60, private"#

        // When parsed
        let control = CacheControl(headers)

        // Then max-age and private are read as directives, not as parts of the quoted value
        #expect(control.seconds("max-age") == 60)
        #expect(control.has("private"))
        #expect(!control.has("x-token\""))
    }
}
