// The move log (table/state.js logEvents, restoreLog), the last discard marked on the felt
// (lastDiscard) and the log's "seen 2 min ago" (table/movelog.js).
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import * as table from '../../../frontend/js/table/state.js'
import { ago } from '../../../frontend/js/when.js'
import { id, failOnConsoleError } from './helpers.js'

failOnConsoleError()

const MIN = 60_000
const HOUR = 60 * MIN
const discard = (v, seat, tile) => ({ v, type: 'discard', seat, tile })
const draw = (v, seat) => ({ v, type: 'draw', seat })
const take = (v, seat, tile, source) => ({ v, type: 'take_discard', seat, tile, source })
// A view of hand `hand` at `version` carrying `events`.
const view = (version, events, hand = 0) => ({ version, hand, events })

describe('logEvents', () => {
	test('logs each event once, stamped with the time it was seen', () => {
		const state = table.createTableState({ seat: 0 })
		table.logEvents(state, view(2, [draw(1, 1), discard(2, 1, id('R7'))]), 1000)
		table.logEvents(state, view(3, [discard(2, 1, id('R7')), draw(3, 0)]), 5000)
		assert.deepEqual(
			state.log.moves.map(m => [m.event.v, m.at]),
			[
				[1, 1000],
				[2, 1000],
				[3, 5000],
			],
		)
		assert.equal(state.log.seen, 3)
	})

	test('a move the server timed keeps its own time, not when it was seen', () => {
		const state = table.createTableState({ seat: 0 })
		const made = { ...draw(1, 1), at: 1_700_000_000 } // epoch seconds, from the server
		table.logEvents(state, view(2, [made, discard(2, 1, id('R7'))]), 1_800_000_000_000)
		assert.deepEqual(
			state.log.moves.map(m => [m.at, m.seen]),
			[
				[1_700_000_000_000, false],
				[1_800_000_000_000, true],
			],
		)
	})

	test('keeps the last 20', () => {
		const state = table.createTableState({ seat: 0 })
		const events = Array.from({ length: 30 }, (_, i) => draw(i + 1, i % 4))
		table.logEvents(state, view(30, events), 0)
		assert.equal(state.log.moves.length, table.LOG_SIZE)
		assert.equal(state.log.moves[0].event.v, 11)
		assert.equal(state.log.moves.at(-1).event.v, 30)
	})

	test('a deal or another hand starts afresh', () => {
		const state = table.createTableState({ seat: 0 })
		table.logEvents(state, view(2, [draw(1, 1), discard(2, 1, id('R7'))]), 0)
		table.logEvents(state, view(4, [{ v: 3, type: 'deal', seat: 0, hand: 0 }, draw(4, 0)]), 0)
		assert.deepEqual(
			state.log.moves.map(m => m.event.type),
			['deal', 'draw'],
		)
		table.logEvents(state, view(9, [], 1), 0)
		assert.deepEqual(state.log.moves, [])
		assert.equal(state.log.hand, 1)
	})

	test('a view without events only moves the version seen', () => {
		const state = table.createTableState({ seat: 0 })
		table.logEvents(state, view(7), 0)
		assert.deepEqual(state.log.moves, [])
		assert.equal(state.log.seen, 7)
		table.logEvents(state, view(8, [draw(7, 1), draw(8, 2)]), 0)
		assert.deepEqual(
			state.log.moves.map(m => m.event.v),
			[8],
		)
	})
})

describe('restoreLog', () => {
	const saved = { hand: 2, seen: 40, moves: [{ event: draw(40, 1), at: 123 }] }

	test('takes back a log kept on the device for the same hand', () => {
		const state = table.createTableState({ seat: 0 })
		table.restoreLog(state, saved, 2)
		assert.equal(state.log.seen, 40)
		assert.equal(state.log.moves[0].at, 123)
		table.logEvents(state, view(41, [draw(40, 1), discard(41, 1, id('K3'))], 2), 999)
		assert.deepEqual(
			state.log.moves.map(m => m.at),
			[123, 999],
		)
	})

	test('ignores one of another hand, or none', () => {
		const state = table.createTableState({ seat: 0 })
		table.restoreLog(state, saved, 3)
		table.restoreLog(state, null, 2)
		assert.deepEqual(state.log.moves, [])
		assert.equal(state.log.seen, 0)
	})
})

describe('lastDiscard', () => {
	// Four seats; seat 1 threw R7 and seat 2 is on turn.
	const felt = (phase, fields = {}) => ({
		phase,
		turn: 2,
		seats: [0, 1, 2, 3].map(seat => ({ discard_top: seat === 1 ? id('R7') : null })),
		...fields,
	})
	const logged = (...events) => events.map(event => ({ event, at: 0 }))

	test('before the seat on turn takes: the previous seat’s top tile', () => {
		assert.deepEqual(table.lastDiscard(felt('take')), { seat: 1, tile: id('R7') })
	})

	test('after a draw from the pile it is still there; after a take it is gone', () => {
		const drew = logged(discard(5, 1, id('R7')), draw(6, 2))
		assert.deepEqual(table.lastDiscard(felt('discard'), drew), { seat: 1, tile: id('R7') })
		const took = logged(discard(5, 1, id('R7')), take(6, 2, id('R7'), 1))
		assert.equal(table.lastDiscard(felt('discard'), took), null)
	})

	test('without the log to tell, nothing is marked', () => {
		assert.equal(table.lastDiscard(felt('discard')), null)
		assert.equal(table.lastDiscard(felt('discard'), logged(draw(6, 2))), null)
	})

	test('nothing at the first turn, at the end of a hand or before the first view', () => {
		const empty = felt('take', { seats: [0, 1, 2, 3].map(() => ({ discard_top: null })) })
		assert.equal(table.lastDiscard(empty), null)
		assert.equal(table.lastDiscard(felt('over', { turn: null })), null)
		assert.equal(table.lastDiscard(null), null)
	})
})

describe('relative time (when.js, shared with Your tables)', () => {
	test('in words', () => {
		assert.equal(ago(0, 2 * MIN + 5000), '2 min ago')
		assert.equal(ago(0, 3 * HOUR + 59 * MIN), '3 h ago')
		assert.equal(ago(0, 50 * HOUR), '2 days ago')
		assert.equal(ago(0, 10), 'just now')
		assert.equal(ago(1000, 0), 'just now')
	})
})
