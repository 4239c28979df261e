// frontend/js/table/rack.js: the 2 × 15 rack layout (null: an empty slot) and its moves.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import {
	locate,
	place,
	reconcile,
	step,
	slotAt,
	rowUnits,
} from '../../../frontend/js/table/rack.js'
import { id, ids, rack, drawn, failOnConsoleError } from './helpers.js'

failOnConsoleError()

const FULL = 'R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2'

describe('locate', () => {
	test('gives the row and column of a tile', () => {
		assert.deepEqual(locate(rack('R1 R2', 'K5 K6'), id('K6')), [1, 1])
	})

	test('tells the two copies of a tile apart', () => {
		assert.deepEqual(locate(rack('R1 . R1'), id('R1', 1)), [0, 2])
	})

	test('gives nothing for a tile not on the rack', () => {
		assert.equal(locate(rack('R1 R2', 'K5'), id('B9')), undefined)
	})
})

describe('place', () => {
	test('puts a tile on an empty slot without moving the others', () => {
		assert.deepEqual(drawn(place(rack('R1 . R3'), id('R2'), 0, 1)), ['R1 R2 R3', ''])
	})

	test('changes the layout it is given and returns it', () => {
		const L = rack('R1')
		assert.equal(place(L, id('R2'), 0, 1), L)
		assert.deepEqual(drawn(L), ['R1 R2', ''])
	})

	test('on a taken slot, pushes the tiles on the right into the first gap there', () => {
		const L = place(rack('R1 R2 R3 . R5'), id('K9'), 0, 1)
		assert.deepEqual(drawn(L), ['R1 K9 R2 R3 R5', ''])
	})

	test('pushes the tiles on the left when the row has no gap on the right', () => {
		const L = place(rack('. Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 B1 B2'), id('K9'), 0, 5)
		assert.deepEqual(drawn(L), ['Y2 Y3 Y4 Y5 Y6 K9 Y7 Y8 Y9 Y10 Y11 Y12 Y13 B1 B2', ''])
	})

	test('moves a tile already on the rack, leaving a gap where it was', () => {
		const L = place(rack('R1 R2 R3', 'K5 K6'), id('K5'), 0, 3)
		assert.deepEqual(drawn(L), ['R1 R2 R3 K5', '. K6'])
	})

	test('moves a tile left past its neighbour', () => {
		const L = place(rack('R1 R2 R3 R4'), id('R4'), 0, 2)
		assert.deepEqual(drawn(L), ['R1 R2 R4 R3', ''])
	})

	// A tile moved one slot right (a drag onto its neighbour, or the arrow key while
	// moving it) passes the neighbour: the nearest gap is the slot it left.
	test('moves a tile right past its neighbour', () => {
		const L = place(rack('R1 R2 R3 R4'), id('R1'), 0, 1)
		assert.deepEqual(drawn(L), ['R2 R1 R3 R4', ''])
	})

	test('pushes toward the nearer gap, to the right on a tie', () => {
		assert.deepEqual(drawn(place(rack('. R1 R2 R3 R4 .'), id('B9'), 0, 2)), ['R1 R2 B9 R3 R4', ''])
		assert.deepEqual(drawn(place(rack('. R1 R2 R3 .'), id('B9'), 0, 2)), ['. R1 B9 R2 R3', ''])
	})

	test('a full row sends the tile after the last tile of the lower row', () => {
		const L = place(rack(FULL, 'K1 K2'), id('B9'), 0, 4)
		assert.deepEqual(drawn(L), [FULL, 'K1 K2 B9'])
	})

	test('a full lower row sends the tile to the first gap on the rack', () => {
		const L = place(rack('B1 . B3', FULL), id('K9'), 1, 4)
		assert.deepEqual(drawn(L), ['B1 K9 B3', FULL])
	})
})

describe('reconcile', () => {
	test('keeps the tiles still on the rack where they are', () => {
		const L = rack('R1 . R3', '. K5')
		assert.deepEqual(drawn(reconcile(L, ids('K5 R3 R1'))), ['R1 . R3', '. K5'])
	})

	test('returns a new layout and leaves the one it is given alone', () => {
		const L = rack('R1 R2 R3')
		const out = reconcile(L, ids('R1 R2'))
		assert.notEqual(out, L)
		assert.deepEqual(drawn(L), ['R1 R2 R3', ''])
	})

	test('drops the tiles that left the rack, leaving gaps', () => {
		const L = reconcile(rack('R1 R2 R3', 'K5'), ids('R1 R3'))
		assert.deepEqual(drawn(L), ['R1 . R3', ''])
	})

	test('adds a new tile after the last tile of the lower row', () => {
		const L = reconcile(rack('R1 R2', 'K5 . K7'), ids('R1 R2 K5 K7 B9'))
		assert.deepEqual(drawn(L), ['R1 R2', 'K5 . K7 B9'])
	})

	test('adds a new tile to the first gap when the lower row is full', () => {
		const full = ids(FULL)
		const L = reconcile(rack('B1 . B3', FULL), [...full, ...ids('B1 B3 K9')])
		assert.deepEqual(drawn(L), ['B1 K9 B3', FULL])
	})

	test('puts the first new tile on the preferred slot, pushing the tiles there', () => {
		const L = reconcile(rack('R1 R2 R3'), ids('R1 R2 R3 K9'), [0, 1])
		assert.deepEqual(drawn(L), ['R1 K9 R2 R3', ''])
	})

	test('uses the preferred slot for the first new tile only', () => {
		const L = reconcile(rack('R1 R2 R3'), ids('R1 R2 R3 K9 B4'), [0, 0])
		assert.deepEqual(drawn(L), ['K9 R1 R2 R3', 'B4'])
	})

	test('keeps one place for a tile the layout holds twice', () => {
		const L = rack('R1 R2')
		L[1][0] = id('R1')
		assert.deepEqual(drawn(reconcile(L, ids('R1 R2'))), ['R1 R2', ''])
	})

	test('tells two copies of a tile apart', () => {
		const L = reconcile(rack('R1 R1'), [id('R1', 1)])
		assert.deepEqual(L[0].slice(0, 2), [null, id('R1', 1)])
	})

	test('lays out the rack afresh when the saved layout has the wrong shape', () => {
		const dealt = ids('K2 R5 B7')
		const shortRow = [Array(14).fill(null), Array(15).fill(null)]
		for (const L of [null, undefined, [], [rack('R5')[0]], shortRow])
			assert.deepEqual(drawn(reconcile(L, dealt)), ['R5 B7 K2', ''])
	})

	test('a fresh layout is ordered by face (colour, then value) with eight on the top row', () => {
		const dealt = ids('K2 F R5 Y1 R1 B13 Y12 R5 B2 K13 Y3 R9 B4 K1')
		assert.deepEqual(drawn(reconcile(null, dealt)), [
			'R1 R5 R5 R9 Y1 Y3 Y12 B2',
			'B4 B13 K1 K2 K13 F',
		])
	})

	test('a fresh 101 layout puts half of the rack on the top row', () => {
		const dealt = ids('R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9')
		assert.deepEqual(drawn(reconcile(null, dealt)), [
			'R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11',
			'R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9',
		])
		assert.deepEqual(drawn(reconcile(null, dealt.slice(1))), [
			'R2 R3 R4 R5 R6 R7 R8 R9 R10 R11',
			'R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9',
		])
	})
})

describe('step', () => {
	const L = rack('R1 . . R4 R5', '. . K3 . . . K7')

	test('ArrowRight goes to the next tile, over the gaps', () => {
		assert.deepEqual(step(L, [0, 0], 'ArrowRight'), [0, 3])
	})

	test('ArrowLeft goes to the previous tile', () => {
		assert.deepEqual(step(L, [0, 3], 'ArrowLeft'), [0, 0])
	})

	test('gives nothing past the last tile of the row', () => {
		assert.equal(step(L, [0, 4], 'ArrowRight'), undefined)
		assert.equal(step(L, [1, 2], 'ArrowLeft'), undefined)
	})

	test('with any (a tile being moved), goes to the next slot, empty or not', () => {
		assert.deepEqual(step(L, [0, 0], 'ArrowRight', true), [0, 1])
	})

	test('with any, stops at the end of the row', () => {
		assert.equal(step(L, [0, 14], 'ArrowRight', true), undefined)
		assert.equal(step(L, [1, 0], 'ArrowLeft', true), undefined)
	})

	test('ArrowDown goes to the nearest tile of the lower row', () => {
		assert.deepEqual(step(L, [0, 4], 'ArrowDown'), [1, 2])
	})

	test('ArrowUp prefers the tile on the left of two as near', () => {
		assert.deepEqual(step(rack('R1 . R3'), [1, 1], 'ArrowUp'), [0, 0])
	})

	test('ArrowUp on the top row (or ArrowDown on the lower one) gives nothing', () => {
		assert.equal(step(L, [0, 0], 'ArrowUp'), undefined)
		assert.equal(step(L, [1, 2], 'ArrowDown'), undefined)
	})

	test('ArrowDown to an empty row gives nothing', () => {
		assert.equal(step(rack('R1 R2'), [0, 0], 'ArrowDown'), undefined)
	})

	test('with any, goes straight up or down, empty slot or not', () => {
		assert.deepEqual(step(L, [1, 6], 'ArrowUp', true), [0, 6])
		assert.deepEqual(step(L, [0, 0], 'ArrowDown', true), [1, 0])
	})
})

// slotAt reads only getBoundingClientRect() and children, so plain objects can stand in for
// a rendered rack: rows of 15 slots, 40 × 60 pixels each, the rack's top left at (100, 200).
describe('slotAt', () => {
	const box = (left, top, width, height) => ({
		getBoundingClientRect: () => ({
			left,
			top,
			width,
			height,
			right: left + width,
			bottom: top + height,
		}),
	})
	const el = {
		...box(100, 200, 600, 120),
		children: [0, 1].map(r => ({
			...box(100, 200 + 60 * r, 600, 60),
			children: Array.from({ length: 15 }, (_, c) => box(100 + 40 * c, 200 + 60 * r, 40, 60)),
		})),
	}
	const centre = c => 100 + 40 * c + 20

	test('gives the slot under a point', () => {
		assert.deepEqual(slotAt(el, centre(3), 230), [0, 3])
		assert.deepEqual(slotAt(el, centre(9), 290), [1, 9])
	})

	test('gives the nearest slot across a row', () => {
		assert.deepEqual(slotAt(el, 100 + 40 * 6 + 1, 230), [0, 6])
		assert.deepEqual(slotAt(el, 100 + 40 * 6 - 1, 230), [0, 5])
	})

	test('counts a point a little above the rack as the top row', () => {
		assert.deepEqual(slotAt(el, centre(0), 175), [0, 0])
	})

	test('switches to the lower row a few pixels above it', () => {
		assert.deepEqual(slotAt(el, centre(2), 257), [1, 2])
	})

	test('gives the end slot for a point just beside the rack', () => {
		assert.deepEqual(slotAt(el, 705, 290), [1, 14])
	})

	test('skips the 0 px slots of a run of empty ones (a portrait row on one line)', () => {
		const line = {
			...box(100, 200, 200, 60),
			children: [box(100, 200, 40, 60), box(140, 200, 12, 60), box(152, 200, 0, 60)],
		}
		const oneRow = { ...box(100, 200, 200, 60), children: [line] }
		assert.deepEqual(slotAt(oneRow, 153, 230), [0, 1])
	})

	test('gives nothing away from the rack', () => {
		const away = {
			left: [85, 230],
			right: [715, 230],
			above: [centre(3), 165],
			below: [centre(3), 335],
		}
		for (const [where, [x, y]] of Object.entries(away))
			assert.equal(slotAt(el, x, y), undefined, where)
	})
})

describe('rowUnits', () => {
	test('counts a tile as one and each run of empty slots as one narrow gap', () => {
		const [top, bottom] = rack('R1 R2 . . R5 R6 R7 . K1', '. Y1 Y2')
		assert.equal(rowUnits(top), 6 + 0.25 * 3)
		assert.equal(rowUnits(bottom), 2 + 0.25 * 2)
	})

	test('an empty row is one gap', () => {
		assert.equal(rowUnits(rack('', '')[0]), 0.25)
	})
})
