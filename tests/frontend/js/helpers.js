// Shared by the frontend unit tests (not a test file itself: `node --test` runs *.test.js).
//
// Tiles are written as RULES.md writes them (R7, K13, F) and numbered as the engine numbers
// them (engine/tiles.py): id = colour * 26 + (value - 1) * 2 + copy for the coloured tiles,
// 104 and 105 for the two fake okeys; the face of a tile is id >> 1 (0..51, 52 for a fake).
// This is written out here, not taken from frontend/js/tiles.js, so the tests check it.
import { mock } from 'node:test'
import { readFileSync } from 'node:fs'

// Each kind of table's flags, as views and "Your tables" entries carry them
// (api/tables/kinds.py; tests/api/tables/test_table_kinds.py checks the file against it).
export const KIND_FLAGS = JSON.parse(
	readFileSync(new URL('./fixtures/table-kinds.json', import.meta.url), 'utf8'),
)

const COLOURS = 'RYBK'
const FAKE_FACE = 52

// The face of 'R8', 'K13' or 'F'.
export function face(name) {
	if (name === 'F') return FAKE_FACE
	const c = COLOURS.indexOf(name[0])
	const v = Number(name.slice(1))
	if (c < 0 || !Number.isInteger(v) || v < 1 || v > 13) throw new Error(`not a tile: ${name}`)
	return c * 13 + v - 1
}

// The id of one copy (0 or 1) of a tile.
export const id = (name, copy = 0) => face(name) * 2 + copy

// Ids of several tiles, 'R3 R4 F'; a tile written twice is its two copies.
export function ids(text) {
	const seen = new Map()
	return text
		.split(/\s+/)
		.filter(Boolean)
		.map(name => {
			const copy = seen.get(name) ?? 0
			if (copy > 1) throw new Error(`only two copies of ${name}`)
			seen.set(name, copy + 1)
			return id(name, copy)
		})
}

// An id written back as text (both copies of a tile read the same).
export function written(tileId) {
	const f = tileId >> 1
	return f === FAKE_FACE ? 'F' : COLOURS[(f / 13) | 0] + ((f % 13) + 1)
}

// A 2 × 15 rack layout from two rows of text, '.' for an empty slot: rack('R1 . R3', 'K5').
export function rack(top, bottom = '') {
	const rows = [top, bottom].map(text => text.split(/\s+/).filter(Boolean))
	const tiles = ids(
		rows
			.flat()
			.filter(name => name !== '.')
			.join(' '),
	)
	return rows.map(row => {
		if (row.length > 15) throw new Error('a rack row has 15 slots')
		const slots = row.map(name => (name === '.' ? null : tiles.shift()))
		return [...slots, ...Array(15 - slots.length).fill(null)]
	})
}

// A layout as two rows of text, trailing empty slots left out: the inverse of rack().
export const drawn = L =>
	L.map(row =>
		row
			.map(x => (x == null ? '.' : written(x)))
			.join(' ')
			.replace(/( \.)+$|^\.( \.)*$/, ''),
	)

// t() reports a missing string with console.error and shows the key instead; in a test
// that is a failure, not a log line.
export function failOnConsoleError() {
	mock.method(console, 'error', (...args) => {
		throw new Error(args.join(' '))
	})
}
