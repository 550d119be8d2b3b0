/// The declaration of the drawing commands' path elements (docs/protocol.md §5.2): each kind's tag and
/// numbers. It writes them (the generic writer; the render writer's own, `ServerMessageWriting.swift`,
/// is held to it by `ServerDeclarationTests`), reads them (`Codable`), and makes the document's table
/// and the fixture's `elements`.
extension DisplayPathElement: WireTuple {
    /// The kinds, each with its numbers in wire order.
    package static let tupleVariants: [TupleVariant<DisplayPathElement>] = [
        TupleVariant("move", "Starts a subpath at (`x`, `y`).", numbers: ["x": "The point's x.", "y": "Its y."]) { element in
            guard case .move(let x, let y) = element else { return nil }
            return [x, y]
        } make: { .move(x: $0[0], y: $0[1]) },
        TupleVariant("line", "A straight line from the current point to (`x`, `y`).", numbers: ["x": "The point's x.", "y": "Its y."]) { element in
            guard case .line(let x, let y) = element else { return nil }
            return [x, y]
        } make: { .line(x: $0[0], y: $0[1]) },
        TupleVariant("rect", "A rectangle, a closed subpath.", numbers: rectangle) { element in
            guard case .rect(let x, let y, let width, let height) = element else { return nil }
            return [x, y, width, height]
        } make: { .rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
        TupleVariant("ellipse", "The ellipse inscribed in the rectangle, a closed subpath.", numbers: rectangle) { element in
            guard case .ellipse(let x, let y, let width, let height) = element else { return nil }
            return [x, y, width, height]
        } make: { .ellipse(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
        TupleVariant("close", "Closes the current subpath (a line back to its start).", numbers: [:]) { element in
            guard case .close = element else { return nil }
            return []
        } make: { _ in .close },
    ]

    /// The numbers of `rect` and `ellipse`.
    private static let rectangle: KeyValuePairs<String, String> = [
        "x": "The rectangle's origin x.", "y": "Its origin y.", "w": "Its width.", "h": "Its height.",
    ]

    /// The document's name for one, in the drawing commands' table.
    package static var documentedType: String { "path element" }
}
