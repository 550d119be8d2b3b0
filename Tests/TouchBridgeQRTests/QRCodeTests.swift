import Testing
import TouchBridgeQR

/// The QR code of the server's LAN address: libqrencode's modules, drawn as an SVG path and as
/// terminal text that say the same thing.
@Suite struct QRCodeTests {
    @Test func aURLEncodesToAVersionedGridWithFinderPatterns() throws {
        let code = try #require(QRCode("http://192.168.1.23:8080/?token=0123456789abcdef0123456789abcdef"))
        #expect((code.size - 17) % 4 == 0 && code.size >= 21, "a QR version's size is 17 + 4·version")
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect((0..<7).allSatisfy { code.isDark(x: x + $0, y: y) && code.isDark(x: x, y: y + $0) }, "finder pattern at \(x),\(y)")
            #expect(!code.isDark(x: x + 1, y: y + 1) && code.isDark(x: x + 3, y: y + 3))
        }
    }

    @Test func theSVGPathCoversExactlyTheDarkModules() throws {
        let code = try #require(QRCode("http://10.0.0.2:8080/"))
        var covered = Set<Int>()
        let pattern = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/
        for match in code.svgPath.matches(of: pattern) {
            let (x, y, run) = (Int(match.1)!, Int(match.2)!, Int(match.3)!)
            #expect(Int(match.4)! == run)
            for dx in 0..<run { covered.insert(y * code.size + x + dx) }
        }
        let dark = Set(code.modules.indices.filter { code.modules[$0] })
        #expect(covered == dark)
    }

    @Test func terminalTextHasTwoModuleRowsPerLineAndAQuietZone() throws {
        let code = try #require(QRCode("http://10.0.0.2:8080/"))
        let lines = code.terminalText(margin: 2).split(separator: "\n")
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 4 })
        #expect(lines.first!.allSatisfy { $0 == "█" }, "the quiet zone is light")
    }
}
