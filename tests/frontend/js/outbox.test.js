// frontend/js/table/outbox.js: a move kept until the server answers it, tried again with
// the same body while there is no connection, and the words when the table moved on.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { deliver, retryDelay, retryable, movedOn } from '../../../frontend/js/table/outbox.js'
import { createTableState } from '../../../frontend/js/table/state.js'
import { ApiError } from '../../../frontend/js/api.js'
import { more } from '../../../frontend/js/i18n/index.js'
import { id, failOnConsoleError } from './helpers.js'

failOnConsoleError()
await more() // the outbox's words are among the strings loaded on demand

const offline = () => new TypeError('Failed to fetch')
const busy = () => new ApiError(503, 'busy', 'the table is busy; try again')

// A screen's context and a world whose server answers with `answers` in turn (an Error is
// thrown), recording what was sent, kept and waited for.
function setUp(answers) {
	const ctx = { id: 'T1', token: 'tok', state: createTableState({ seat: 0 }), redraws: 0 }
	ctx.redraw = () => ctx.redraws++
	const record = { sent: [], kept: null, dropped: 0, waits: [], connection: [] }
	const world = {
		send: async (_, move) => {
			record.sent.push(JSON.stringify(move))
			const answer = answers.shift()
			if (answer instanceof Error) throw answer
			return answer
		},
		wait: async ms => record.waits.push(ms),
		keep: (tableId, entry) => (record.kept = { tableId, entry }),
		drop: () => record.dropped++,
		connection: ok => record.connection.push(ok),
		strings: () => more(),
	}
	return { ctx, world, record }
}

const entry = () => ({
	move: { type: 'discard', tile: id('R7'), expected_version: 12, action_id: 'a-1', seat: 0 },
	prefer: null,
})

describe('retryDelay', () => {
	test('doubles from half a second and stops growing at 8 s', () => {
		const delays = [0, 1, 2, 3, 4, 5, 9].map(retryDelay)
		assert.deepEqual(delays, [500, 1000, 2000, 4000, 8000, 8000, 8000])
	})
})

describe('retryable', () => {
	test('no answer at all and a busy server are tried again', () => {
		assert.equal(retryable(offline()), true)
		assert.equal(retryable(busy()), true)
		assert.equal(retryable(new ApiError(429, 'slow_down')), true)
	})

	test('any other answer is the last word', () => {
		assert.equal(retryable(new ApiError(409, 'stale_version')), false)
		assert.equal(retryable(new ApiError(422, 'illegal_action')), false)
		assert.equal(retryable(new ApiError(401, 'unauthorized')), false)
	})
})

describe('deliver', () => {
	test('an answered move is kept until the answer comes, then dropped', async () => {
		const view = { version: 13 }
		const { ctx, world, record } = setUp([view])
		const answer = await deliver(ctx, entry(), world)
		assert.deepEqual(answer, { view, own: true, notice: null })
		assert.equal(record.kept.tableId, 'T1')
		assert.equal(record.kept.entry.move.action_id, 'a-1')
		assert.equal(record.dropped, 1)
		assert.equal(ctx.state.sync.pending, false)
	})

	test('offline, the same bytes go again after growing pauses, shown as pending', async () => {
		const view = { version: 13 }
		const { ctx, world, record } = setUp([offline(), busy(), offline(), view])
		const answer = await deliver(ctx, entry(), world)
		assert.equal(answer.own, true)
		assert.equal(record.sent.length, 4)
		assert.equal(new Set(record.sent).size, 1) // one action_id, one body
		assert.deepEqual(record.waits, [500, 1000, 2000])
		// Said once, not once per try: one redraw, one "connection lost".
		assert.deepEqual(record.connection, [false])
		assert.equal(ctx.redraws, 1)
		assert.equal(record.dropped, 1)
	})

	test('while it waits, the state says pending, in words', async () => {
		const { ctx, world } = setUp([offline()])
		let seen = null
		world.wait = async () => {
			seen = { ...ctx.state.sync, notice: ctx.state.screen.notice }
			ctx.state.sync.closed = true // the screen is left while it waits
		}
		assert.equal(await deliver(ctx, entry(), world), null)
		assert.equal(seen.pending, true)
		assert.match(seen.notice, /Not sent yet/)
	})

	test('a screen left while the move waits keeps it for the next visit', async () => {
		const { ctx, world, record } = setUp([offline(), offline()])
		world.wait = async () => (ctx.state.sync.closed = true)
		assert.equal(await deliver(ctx, entry(), world), null)
		assert.equal(record.sent.length, 1)
		assert.equal(record.dropped, 0)
		assert.ok(record.kept)
	})

	test('a 409 with the view: dropped, not made, and the words say what happened', async () => {
		const view = {
			version: 15,
			you: 0,
			okey: 0,
			players: [{ seat: 0, name: 'Ayşe' }],
			events: [
				{ v: 13, type: 'draw', seat: 0, auto: true },
				{ v: 14, type: 'discard', seat: 0, tile: id('B3'), auto: true },
			],
		}
		const conflict = new ApiError(409, 'stale_version', 'the game is at version 15', { view })
		const { ctx, world, record } = setUp([offline(), conflict])
		const answer = await deliver(ctx, entry(), world)
		assert.equal(answer.own, false)
		assert.equal(answer.view, view)
		assert.match(answer.notice, /^Your move was not made: the table moved on/)
		assert.match(answer.notice, /You discarded blue 3\./)
		assert.match(answer.notice, /time ran out/)
		assert.equal(record.dropped, 1)
	})

	test('a refusal is thrown, and the move dropped', async () => {
		const refusal = new ApiError(422, 'illegal_action', 'the hand is over')
		const { ctx, world, record } = setUp([offline(), refusal])
		await assert.rejects(deliver(ctx, entry(), world), refusal)
		assert.equal(record.dropped, 1)
		assert.equal(record.sent.length, 2)
	})
})

describe('movedOn', () => {
	const move = entry().move
	const view = events => ({ you: 0, okey: 0, players: [{ seat: 0, name: 'Ayşe' }], events })

	test('the move itself among the events (its answer lost): no words, it was made', () => {
		const made = [{ v: 13, type: 'discard', seat: 0, tile: move.tile }]
		assert.equal(movedOn(move, view(made)), null)
	})

	test('the same tile thrown by the computer for a timed-out turn is no move of ours', () => {
		const played = [{ v: 13, type: 'discard', seat: 0, tile: move.tile, auto: true }]
		assert.match(movedOn(move, view(played)), /not made/)
	})

	test('a next hand another seat dealt first needs no words', () => {
		const next = { type: 'next_hand', expected_version: 40, action_id: 'n', seat: 0 }
		assert.equal(movedOn(next, view([{ v: 41, type: 'deal', hand: 1 }])), null)
	})

	test('events of other seats, or from before the move, are not told as ours', () => {
		const events = [
			{ v: 12, type: 'discard', seat: 0, tile: id('K1') },
			{ v: 13, type: 'discard', seat: 1, tile: id('K2') },
		]
		const said = movedOn(move, view(events))
		assert.equal(said, 'Your move was not made: the table moved on while it waited.')
	})
})
