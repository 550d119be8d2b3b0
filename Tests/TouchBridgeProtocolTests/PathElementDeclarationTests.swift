import Foundation
import Testing
@testable import TouchBridgeProtocol

/// The drawing commands' path elements are declared once, kind by kind (`DisplayPathElement`'s
/// `tupleVariants`; `ServerDeclarationTests` holds the render writer's paths to it): the wire is the
/// compact arrays, the `Codable` reading reads back what the declaration writes, and what the
/// declaration does not allow is refused with an error that says what was expected.
@Suite struct PathElementDeclarationTests {
    static func decode(_ text: String) throws -> DisplayPathElement {
        try WireJSON.makeDecoder().decode(DisplayPathElement.self, from: Data(text.utf8))
    }

    @Test func theWireIsTheCompactArrays() {
        let path: [DisplayPathElement] = [.move(x: 1, y: 2.5), .line(x: -3, y: 0), .rect(x: 0, y: 1, width: 2, height: 3),
                                          .ellipse(x: 4, y: 5, width: 6, height: 7.125), .close]
        var writer = JSONWriter()
        path.write(to: &writer)
        #expect(writer.text == #"[["move",1,2.5],["line",-3,0],["rect",0,1,2,3],["ellipse",4,5,6,7.125],["close"]]"#)
        #expect(DisplayPathElement.tupleVariants.map(\.info.pattern)
            == [#"["move",x,y]"#, #"["line",x,y]"#, #"["rect",x,y,w,h]"#, #"["ellipse",x,y,w,h]"#, #"["close"]"#])
    }

    @Test func theReaderReadsWhatTheDeclarationWrites() throws {
        var read = 0
        for element in ServerDeclarationTests.pathElements {
            var writer = JSONWriter()
            element.write(to: &writer)
            guard !writer.text.contains("NaN"), !writer.text.contains("Infinity"), !writer.text.contains("e+") else { continue }
            #expect(try Self.decode(writer.text) == element, "\(writer.text)")
            read += 1
        }
        #expect(read > 500)
    }

    @Test func anyFiniteNumberIsReadAsTheServerMayWriteIt() throws {
        #expect(try Self.decode(#"["ellipse",0,1,2,1e300]"#) == .ellipse(x: 0, y: 1, width: 2, height: 1e300))
        #expect(try Self.decode(#"["line",-1.7976931348623157e308,5e-324]"#) == .line(x: -.greatestFiniteMagnitude, y: .leastNonzeroMagnitude))
    }

    @Test(arguments: [
        (#"["arc",1,2]"#, #"path element: unknown tag "arc" (expected one of "move", "line", "rect", "ellipse", "close")"#),
        (#"["move",1]"#, #"path element: "move" takes 2 numbers, got 1"#),
        (#"["rect",1,2,3,4,5]"#, #"path element: "rect" takes 4 numbers, got 5"#),
        (#"["close",0]"#, #"path element: "close" takes 0 numbers, got 1"#),
        (#"["move","NaN",0]"#, #"path element: "move"'s x is nan, expected a finite number"#),
        (#"["line",0,"-Infinity"]"#, #"path element: "line"'s y is -inf, expected a finite number"#),
    ])
    func theReaderRefusesWhatTheDeclarationDoesNotAllow(text: String, expected: String) {
        do {
            let element = try Self.decode(text)
            Issue.record("\(text) read as \(element)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == expected)
        } catch {
            Issue.record("\(text): \(error)")
        }
    }

    @Test(arguments: [#"["line","1",2]"#, #"[1,2]"#, #"[]"#, #"{"move":[1,2]}"#, #"["move",1,null]"#])
    func aTagThatIsNoStringOrAMemberThatIsNoNumberIsTheDecodersTypeError(text: String) {
        #expect(throws: DecodingError.self) { try Self.decode(text) }
    }

    @Test func theDeclarationChecksTheElementsOfAWrittenRender() throws {
        let kinds = DisplayPathElement.tupleDeclaration
        #expect(kinds.problem(in: try JSONParser.parse(#"["move",1,2]"#)) == nil)
        #expect(kinds.problem(in: try JSONParser.parse(#"["move","NaN",2]"#)) == #""NaN" in "move" is no number"#)
        #expect(kinds.problem(in: try JSONParser.parse(#"{"move":1}"#)) == #"{"move":1} is no [tag, numbers…] array"#)
        let render = try JSONParser.parse(
            ##"{"full":false,"ops":[{"op":"display","id":1,"displayList":[{"cmd":"fill","color":"#000000ff","path":[["move",1,2],["arc",1]]}]}]}"##)
        let fields = RenderMessage.writtenFields.map(\.info)
        #expect(WireCoverage.problems(in: render, fields: fields, at: "render")
            == [#"render.ops[i:display].displayList[i:fill].path[i]: unknown tag "arc" (expected one of "move", "line", "rect", "ellipse", "close")"#])
        var coverage = WireCoverage()
        coverage.note(render, fields: fields, at: "render")
        #expect(coverage.unwritten(kinds) == ["line", "rect", "ellipse", "close"])
        #expect(coverage.gaps(fields: fields, at: "render").contains(#"render.ops[i:display].displayList[i:fill].path[i]: "arc" is no declared kind"#))
    }
}
