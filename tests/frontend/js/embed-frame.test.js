// frontend/js/hosts/embed-frame.js: the frame's address read into settings, and the messages to
// the host page each new view calls for (docs/EMBED.md).
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { failOnConsoleError } from './helpers.js'

globalThis.document ??= { baseURI: 'http://localhost/' } // api.js reads it when it loads
const { settings, messagesFor } = await import('../../../frontend/js/hosts/embed-frame.js')

failOnConsoleError()

const q = text => new URLSearchParams(text)

describe('settings', () => {
	test('the defaults: classic, easy, four seats, the classic theme', () => {
		const s = settings(q('play=computer'))
		assert.deepEqual(
			[s.play, s.variant, s.level, s.seats, s.theme, s.slot],
			[true, 'classic', 'easy', 4, 'classic', 0],
		)
	})

	test('what the address asks for, when it is allowed', () => {
		const s = settings(q('play=computer&variant=101&level=hard&seats=2&theme=candy&slot=3'))
		assert.deepEqual([s.variant, s.level, s.seats, s.theme, s.slot], ['101', 'hard', 2, 'candy', 3])
	})

	test('anything else falls back to the default', () => {
		const s = settings(q('play=people&variant=x&level=god&seats=9&theme=neon&slot=-2'))
		assert.deepEqual(
			[s.play, s.variant, s.level, s.seats, s.theme, s.slot],
			[false, 'classic', 'easy', 4, 'classic', 0],
		)
	})

	test('a table to watch, with or without an invite', () => {
		assert.deepEqual(
			[settings(q('table=abc')).table, settings(q('table=abc')).invite],
			['abc', null],
		)
		assert.equal(settings(q('table=abc&invite=K7')).invite, 'K7')
	})
})

// A seat-0 view: our turn with `legal`, or another seat's.
const view = (fields = {}) => ({
	table_id: 't1',
	status: 'playing',
	phase: 'take',
	hand: 0,
	turn: 0,
	held_seats: [0],
	legal: [{ type: 'draw' }, { type: 'take_discard' }],
	match_over: false,
	players: [{ name: 'Player 1' }, { name: 'Computer 2' }],
	scores: [0, 0],
	...fields,
})
const types = (v, prev) => messagesFor(v, prev).map(([type]) => type)
const discarding = view({ phase: 'play', legal: [{ type: 'discard' }] })

describe('messagesFor', () => {
	test('the first view: ready, and your_turn when it is ours', () => {
		assert.deepEqual(types(view(), null), ['ready', 'your_turn'])
		assert.deepEqual(messagesFor(view(), null)[0], ['ready', { table_id: 't1' }])
		assert.deepEqual(types(view({ turn: 1 }), null), ['ready'])
	})

	test('no your_turn within one turn (a draw), a new one after the computers played', () => {
		assert.deepEqual(types(discarding, view()), [])
		assert.deepEqual(types(view(), discarding), ['your_turn'])
		assert.deepEqual(types(view(), view({ turn: 1 })), ['your_turn'])
	})

	test('a spectator is never told it is their turn', () => {
		assert.deepEqual(types(view({ held_seats: [] }), null), ['ready'])
	})

	test('the end of the hand and of the match, once each, with no tile', () => {
		const over = view({
			phase: 'over',
			turn: null,
			match_over: true,
			match_winners: [1],
			scores: [0, 2],
			result: { winner: 1, groups: [[1, 2, 3]], deltas: [0, 2] },
		})
		const messages = messagesFor(over, discarding)
		assert.deepEqual(
			messages.map(([type]) => type),
			['hand_over', 'match_over'],
		)
		assert.deepEqual(messages[0][1], { table_id: 't1', hand: 0, winner: 1 })
		assert.deepEqual(messages[1][1].result, {
			winners: [1],
			names: ['Player 1', 'Computer 2'],
			scores: [0, 2],
			you: 0,
			won: false,
		})
		assert.doesNotMatch(JSON.stringify(messages), /groups|rack/)
		assert.deepEqual(types(over, over), [])
	})

	test('101: the finisher wins the hand, totals are the scores', () => {
		const over = view({
			variant: '101',
			phase: 'over',
			finisher: 0,
			scores: undefined,
			seats: [{ total: -101 }, { total: 60 }],
			match_over: true,
			match_winners: [0],
		})
		const [hand, match] = messagesFor(over, discarding)
		assert.equal(hand[1].winner, 0)
		assert.deepEqual(match[1].result.scores, [-101, 60])
		assert.equal(match[1].result.won, true)
	})
})
