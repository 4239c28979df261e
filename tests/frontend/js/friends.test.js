// Issue 24, the pure parts of the friends' screens: which reactions are new (table/social.js),
// the "while you were away" summary (table/away.js), the rematch offer (end.js), and "Your
// tables" (tables.js): rows that name the people, finished tables folded and expired.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { more } from '../../../frontend/js/i18n/index.js'
import * as social from '../../../frontend/js/table/reactions.js'
import { awaySummary } from '../../../frontend/js/table/away.js'
import { rematchOffer } from '../../../frontend/js/table/end.js'
import * as tables from '../../../frontend/js/home/tables.js'
import { logLines } from '../../../frontend/js/table/movelog.js'
import { id, failOnConsoleError, KIND_FLAGS } from './helpers.js'

failOnConsoleError()
await more() // these screens' words load on demand

const NOW = 1_800_000_000_000
const HOUR = 3_600_000
const DAY = 24 * HOUR

const players = [
	{ seat: 0, name: 'Ayşe', kind: 'human' },
	{ seat: 1, name: 'Computer 2', kind: 'bot' },
	{ seat: 2, name: 'Mehmet', kind: 'human' },
	{ seat: 3, name: 'Computer 4', kind: 'bot' },
]
const view = fields => ({ you: 0, players, seats: players, okey: 20, phase: 'play', ...fields })
const reaction = (seat, code, at) => ({ seat, reaction: code, at })

describe('reactions', () => {
	test('the view time is read as ISO, epoch ms or epoch seconds', () => {
		assert.equal(social.reactionTime(NOW), NOW)
		assert.equal(social.reactionTime(NOW / 1000), NOW)
		assert.equal(social.reactionTime(new Date(NOW).toISOString()), NOW)
	})

	test('only the ones not seen yet are new, oldest first; unknown codes are dropped', () => {
		const seen = [reaction(2, 'gg', NOW - 5000)]
		const list = [
			reaction(2, 'fire', NOW),
			reaction(2, 'gg', NOW - 5000),
			reaction(0, 'thumbs_up', NOW - 1000),
			reaction(2, 'free text', NOW - 500),
		]
		assert.deepEqual(
			social.newReactions(list, seen).map(r => r.reaction),
			['thumbs_up', 'fire'],
		)
		// The same code from the same seat at another time is another reaction.
		assert.equal(social.newReactions([reaction(2, 'gg', NOW)], seen).length, 1)
		assert.deepEqual(social.newReactions(null, seen), [])
	})

	test('emoji are shown as they are, phrases in words', () => {
		assert.equal(social.reactionText('thumbs_up'), '👍')
		assert.equal(social.reactionText('gg'), 'Good game')
		assert.equal(Object.keys(social.REACTIONS).length, 12)
	})

	test('the move log puts reactions among the moves, newest first', async () => {
		const moves = [
			{ event: { v: 1, type: 'discard', seat: 2, tile: id('R7') }, at: NOW - 3000 },
			{ event: { v: 2, type: 'draw', seat: 3 }, at: NOW - 1000 },
		]
		const lines = await logLines(moves, view({}), [reaction(2, 'gg', NOW - 2000)])
		assert.deepEqual(
			lines.map(line => line.text),
			['Computer 4 drew from the pile.', 'Mehmet: Good game', 'Mehmet discarded red 7.'],
		)
	})
})

describe('while you were away', () => {
	const take = { v: 11, type: 'take_discard', seat: 2, source: 0, tile: id('R7') }
	const discard = { v: 12, type: 'discard', seat: 2, tile: id('K3') }
	const bot = [
		{ v: 13, type: 'draw', seat: 3 },
		{ v: 14, type: 'discard', seat: 3, tile: id('B9') },
	]

	test('nothing to say when only the computers moved', () => {
		assert.equal(awaySummary(view({ turn: 0 }), bot, [], [0]), null)
	})

	test('counts the moves, says what touched you and whose turn it is', () => {
		const summary = awaySummary(view({ turn: 0 }), [take, discard, ...bot], [], [0])
		assert.equal(summary.moves, 4)
		assert.deepEqual(summary.lines, ['Mehmet took your red 7.'])
		assert.equal(summary.turn, 'It is your turn.')
		assert.deepEqual(summary.reactions, [])
	})

	test("another's indicator, opening and lay-off touch you; a turn played for you too", () => {
		const events = [
			{ v: 1, type: 'show_indicator', seat: 2 },
			{ v: 2, type: 'open', seat: 2 },
			{ v: 3, type: 'layoff', seat: 2, tile: id('Y5') },
			{ v: 4, type: 'discard', seat: 0, tile: id('R1'), auto: true },
		]
		const summary = awaySummary(view({ turn: 2 }), events, [], [0])
		assert.equal(summary.lines.length, 4)
		assert.match(summary.lines[1], /Mehmet opened/)
		assert.equal(summary.turn, "Mehmet's turn")
	})

	test('a reaction alone is worth a summary, and is said with its name', () => {
		const summary = awaySummary(view({ turn: 2 }), [], [reaction(2, 'hello', NOW)], [0])
		assert.deepEqual(summary.reactions, ['Mehmet: Hello'])
		assert.equal(summary.moves, 0)
	})

	test('a hand over says so', () => {
		const over = view({ phase: 'over', match_over: false, turn: null })
		assert.equal(awaySummary(over, [take], [], [0]).turn, 'The hand is over')
	})
})

describe('rematch offer', () => {
	const offer = { table_id: 'next', by: 2, by_name: 'Mehmet' }
	test('another seat asked: the offer names them', () => {
		assert.deepEqual(rematchOffer(view({ rematch: offer }), [0]), { by: 2, name: 'Mehmet' })
	})
	test('our own ask, or none, is no offer', () => {
		assert.equal(rematchOffer(view({ rematch: offer }), [2]), null)
		assert.equal(rematchOffer(view({ rematch: null }), [0]), null)
	})
	test('Your tables: an offer is its own row until this device is at the next table', () => {
		const entry = { table_id: 'old', players, held_seats: [0], rematch: offer }
		assert.equal(tables.rematchOffers([entry], () => false)[0].name, 'Mehmet')
		assert.deepEqual(
			tables.rematchOffers([entry], id => id === 'next'),
			[],
		)
		const mine = { ...entry, held_seats: [2] }
		assert.deepEqual(
			tables.rematchOffers([mine], () => false),
			[],
		)
	})
})

describe('Your tables', () => {
	const entry = fields => ({
		table_id: 't',
		status: 'playing',
		mode: 'friends',
		flags: KIND_FLAGS.friends,
		players,
		held_seats: [0],
		last_move: NOW - HOUR,
		...fields,
	})

	test('a row names the other people, then counts the computers', () => {
		assert.equal(tables.rowTitle(entry()), 'Mehmet · 2 computers')
		const alone = [players[0], ...players.slice(1).map(p => ({ ...p, kind: 'bot' }))]
		assert.equal(tables.rowTitle(entry({ players: alone })), 'Against 3 computers')
		const hotseat = players.map(p => ({ ...p, kind: 'human' }))
		assert.equal(
			tables.rowTitle(entry({ players: hotseat, held_seats: [0, 1, 2, 3] })),
			'Ayşe, Computer 2, Mehmet, Computer 4',
		)
		const waiting = [players[0], { seat: 1, name: null, kind: 'open' }]
		assert.equal(tables.rowTitle(entry({ players: waiting })), 'Waiting for friends')
	})

	test('finished matches and computer games left for a day are folded', () => {
		assert.equal(tables.isFinished(entry(), NOW), false)
		assert.equal(tables.isFinished(entry({ status: 'finished' }), NOW), true)
		assert.equal(tables.isFinished(entry({ match_over: true }), NOW), true)
		const computer = fields => entry({ mode: 'computer', flags: KIND_FLAGS.computer, ...fields })
		assert.equal(tables.isFinished(computer({ last_move: NOW - 2 * HOUR }), NOW), false)
		assert.equal(tables.isFinished(computer({ last_move: NOW - DAY - 1 }), NOW), true)
		// A friends table waits for a friend however long it takes.
		assert.equal(tables.isFinished(entry({ last_move: NOW - 5 * DAY }), NOW), false)
		assert.equal(tables.isFinished({ table_id: 'x', error: { code: 'gone' } }, NOW), false)
	})

	test('a folded table leaves the list a week after its last move', () => {
		const done = entry({ status: 'finished', last_move: NOW - 7 * DAY + 1000 })
		assert.equal(tables.expired(done, NOW), false)
		assert.equal(tables.expired({ ...done, last_move: NOW - 7 * DAY - 1000 }, NOW), true)
		assert.equal(tables.expired(entry({ last_move: NOW - 30 * DAY }), NOW), false)
	})
})
