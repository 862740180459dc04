import CodablePipeline
import Testing

struct LinkHeaderTests {
    @Test func findsTheNextLinkAmongOthers() {
        let header =
            #"<https://api.github.com/repositories/1/issues?page=1>; rel="prev", <https://api.github.com/repositories/1/issues?page=3>; rel="next", <https://api.github.com/repositories/1/issues?page=9>; rel="last""#
        #expect(LinkHeader.target(of: "next", in: header) == "https://api.github.com/repositories/1/issues?page=3")
    }

    @Test func relationListsCaseQuotesAndCommasInParameters() {
        #expect(LinkHeader.target(of: "next", in: #"</a>; title="x, y"; rel="prev", </b>; REL="last NEXT""#) == "/b")
        #expect(LinkHeader.target(of: "next", in: "</c>;rel=next") == "/c")
        #expect(LinkHeader.target(of: "next", in: #"</a>; rel="nextish", </b>; rel="prev""#) == nil)
        #expect(LinkHeader.target(of: "next", in: "") == nil)
        #expect(LinkHeader.target(of: "next", in: "<unclosed; rel=next") == nil)
    }
}
