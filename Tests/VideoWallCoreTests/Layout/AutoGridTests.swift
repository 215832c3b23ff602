import VideoWallCore
import XCTest

final class AutoGridTests: XCTestCase {
    private let wide = 16.0 / 9, tall = 9.0 / 16

    private func choose(_ count: Int, _ aspect: Double?, canvas: Double) -> String {
        AutoGrid.choose(aspects: Array(repeating: aspect, count: count), canvasAspect: canvas).description
    }

    func testTheNumberOfSourcesPicksTheGridSize() {
        let expected: [(ClosedRange<Int>, String)] = [(1...1, "1x1"), (2...2, "2x1"), (3...4, "2x2"), (5...6, "3x2"),
                                                      (7...9, "3x3"), (10...12, "4x3"), (13...16, "4x4")]
        for (counts, shape) in expected {
            for count in counts {
                XCTAssertEqual(choose(count, nil, canvas: wide), shape, "\(count) sources of unknown shape on a 16:9 window")
                XCTAssertEqual(choose(count, wide, canvas: wide), shape, "\(count) 16:9 sources on a 16:9 window")
            }
        }
    }

    func testEveryGridHoldsItsSources() {
        for count in 1...16 {
            for shape in AutoGrid.candidates(forCount: count) {
                XCTAssertGreaterThanOrEqual(shape.columns * shape.rows, count, "\(shape)")
                XCTAssertEqual(AutoGrid.layout(shape, count: count).regions.count, count)
            }
        }
    }

    func testTheShapesOfSourcesAndWindowTurnTheGrid() {
        // Portrait sources on a wide window: three columns of two show them larger.
        XCTAssertEqual(choose(6, tall, canvas: wide), "3x2")
        // Wide sources on a portrait screen (a signage monitor on its side): two columns of three.
        XCTAssertEqual(choose(6, wide, canvas: tall), "2x3")
        XCTAssertEqual(choose(5, wide, canvas: tall), "2x3")
        XCTAssertEqual(choose(12, wide, canvas: tall), "3x4")
        // Two wide sources on a portrait screen: stacked; on a wide window side by side (a tie).
        XCTAssertEqual(choose(2, wide, canvas: tall), "1x2")
        XCTAssertEqual(choose(2, wide, canvas: wide), "2x1")
        // Very wide sources (2.39:1) on a 16:9 window: 2x3 shows more than 3x2.
        XCTAssertEqual(choose(6, 2.39, canvas: wide), "2x3")
        // Square grids have no other way round.
        XCTAssertEqual(choose(9, tall, canvas: wide), "3x3")
    }

    func testTheAreaIsTheSumOfEachAspectFittedPicture() {
        let shape = AutoGrid.Shape(columns: 2, rows: 1)
        // Cells of 1 x 1 on a 2:1 canvas: a square source fills its cell, a 2:1 one half of it.
        XCTAssertEqual(AutoGrid.shownArea(shape, aspects: [1, 2], canvasAspect: 2), 1.5, accuracy: 1e-9)
        // Unknown or nonsense shapes count as 16:9.
        XCTAssertEqual(AutoGrid.shownArea(shape, aspects: [nil, .nan, -1], canvasAspect: 2),
                       3 * AutoGrid.shownArea(shape, aspects: [16.0 / 9], canvasAspect: 2), accuracy: 1e-9)
    }

    func testTheLayoutFillsRowByRow() {
        let layout = AutoGrid.layout(AutoGrid.Shape(columns: 3, rows: 2), count: 5)
        XCTAssertEqual(layout.name, "grid-3x2")
        XCTAssertEqual(layout.gap, 4)
        XCTAssertEqual(layout.regions[3].frame.x, 0, accuracy: 1e-9)
        XCTAssertEqual(layout.regions[3].frame.y, 0.5, accuracy: 1e-9)
        XCTAssertEqual(layout.regions[4].frame.x, 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(layout.regions[2].frame.width, 1.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(AutoGrid.layout(AutoGrid.Shape(columns: 4, rows: 4), count: 40).regions.count, 16, "never more than its cells")
    }
}
