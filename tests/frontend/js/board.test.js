// frontend/js/table/board.js: the pure parts of the felt: seats around the table, the turn clock,
// the status line, legal actions and names. The rendering (renderFelt, dock...) needs a DOM.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { place, clock, status, legal, nameOf, seatNames } from '../../../frontend/js/table/board.js'
import { KIND_FLAGS, failOnConsoleError } from './helpers.js'

failOnConsoleError()

// A view as GET /tables/{id} sends it (api/tables/views.py), with only the fields board.js reads:
// seat 0 (Ayşe) looking at a classic table of four, her turn.
const NAMES = ['Ayşe', 'Mehmet', 'Zeynep', 'Can']
function view({ seats = 4, legal = [], mode = 'computer', ...fields } = {}) {
	return {
		status: 'playing',
		mode,
		flags: KIND_FLAGS[mode],
		variant: 'classic',
		phase: 'take',
		match_over: false,
		deadline: null,
		turn: 0,
		you: 0,
		players: NAMES.slice(0, seats).map((name, seat) => ({ seat, name, kind: 'human' })),
		seats: NAMES.slice(0, seats).map(() => ({ tiles: 14, opened: null })),
		legal: legal.map(type => ({ type })),
		...fields,
	}
}

describe('place', () => {
	test('two seats: the other one sits at the top, its discards on my left', () => {
		assert.deepEqual(place(2, 1, 0), { rel: 1, side: 'top', corner: 'bl' })
		assert.deepEqual(place(2, 0, 1), { rel: 1, side: 'top', corner: 'bl' })
	})

	test('three seats: the next seat on the right, the previous on the left', () => {
		assert.deepEqual(place(3, 2, 1), { rel: 1, side: 'right', corner: 'tr' })
		assert.deepEqual(place(3, 0, 1), { rel: 2, side: 'left', corner: 'bl' })
	})

	test('four seats: right, top, left, counting on from my seat', () => {
		assert.deepEqual(place(4, 3, 2), { rel: 1, side: 'right', corner: 'tr' })
		assert.deepEqual(place(4, 0, 2), { rel: 2, side: 'top', corner: 'tl' })
		assert.deepEqual(place(4, 1, 2), { rel: 3, side: 'left', corner: 'bl' })
	})

	test('my own seat is relative seat 0, my discards at the bottom right', () => {
		for (const n of [2, 3, 4]) {
			const { rel, corner } = place(n, n - 1, n - 1)
			assert.deepEqual({ rel, corner }, { rel: 0, corner: 'br' }, `${n} seats`)
		}
	})
})

describe('clock', () => {
	const NOW = Date.UTC(2025, 0, 1, 12)
	const friends = seconds => view({ mode: 'friends', pace: 'live', deadline: NOW + seconds * 1000 })
	const relaxed = (seconds, fields = { pace: 'relaxed', turn_seconds: 86400 }) =>
		view({ mode: 'friends', deadline: NOW + seconds * 1000, ...fields })

	test('shows minutes and seconds under an hour', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(friends(90)), '1:30')
		assert.equal(clock(friends(5)), '0:05')
		assert.equal(clock(friends(59 * 60 + 59)), '59:59')
	})

	test('shows hours and minutes from an hour on', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(friends(3600)), '1h00')
		assert.equal(clock(friends(24 * 3600 - 1)), '23h59')
		assert.equal(clock(friends(7 * 24 * 3600)), '168h00')
	})

	test('rounds to the nearest second', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(friends(89.6)), '1:30')
		assert.equal(clock(friends(89.4)), '1:29')
	})

	test('stops at 0:00 once the deadline has passed', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(friends(-30)), '0:00')
	})

	test('on a relaxed table: the time left in days, hours, minutes or seconds', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(relaxed(7 * 86400)), '7 days left')
		assert.equal(clock(relaxed(2 * 86400 + 5)), '2 days left')
		assert.equal(clock(relaxed(2 * 86400 - 1)), '47 h left')
		assert.equal(clock(relaxed(6 * 3600 + 59 * 60)), '6 h left')
		assert.equal(clock(relaxed(3600)), '1 h left')
		assert.equal(clock(relaxed(3600 - 1)), '59 min left')
		assert.equal(clock(relaxed(45 * 60)), '45 min left')
		assert.equal(clock(relaxed(20)), '20 s left')
		assert.equal(clock(relaxed(-30)), 'Time is up') // past: the sweep plays it shortly
	})

	test('without a pace (an older server) an hour-long turn counts as relaxed', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(relaxed(6 * 3600, { turn_seconds: 3600 })), '6 h left')
		assert.equal(clock(relaxed(90, { turn_seconds: 600 })), '1:30')
		assert.equal(clock(relaxed(90, { pace: 'live', turn_seconds: 3600 })), '1:30')
	})

	test('is empty without a deadline, after the hand, or away from a friends table', t => {
		t.mock.method(Date, 'now', () => NOW)
		assert.equal(clock(view({ mode: 'friends' })), '')
		assert.equal(clock({ ...friends(90), phase: 'over' }), '')
		assert.equal(clock({ ...friends(90), mode: 'hotseat', flags: KIND_FLAGS.hotseat }), '')
		assert.equal(clock(undefined), '')
	})
})

describe('status', () => {
	test('before the start: waiting for players', () => {
		assert.equal(status(view({ status: 'waiting' }), 0), 'Waiting for players')
	})

	test('after a hand, and after the last hand of the match', () => {
		assert.equal(status(view({ phase: 'over', turn: null }), 0), 'The hand is over')
		assert.equal(status(view({ phase: 'over', match_over: true }), 0), 'The match is over')
	})

	test("on another seat's turn: who is playing", () => {
		assert.equal(status(view({ turn: 2 }), 0), 'Zeynep is playing…')
	})

	test("a spectator is told who is playing, even on that seat's turn", () => {
		assert.equal(status(view({ turn: 0, you: null }), 0, true), 'Ayşe is playing…')
	})

	test("taking: from the pile or the left neighbour's discard (the previous seat)", () => {
		const v = view({ legal: ['draw', 'take_discard'] })
		assert.equal(status(v, 0), "Take a tile from the pile or Can's discard")
	})

	test('taking when there is no discard to take: the pile only', () => {
		assert.equal(status(view({ legal: ['draw'] }), 0), 'Take a tile from the pile')
	})

	test('discarding: to the next seat', () => {
		const v = view({ phase: 'discard', turn: 3, legal: ['discard'] })
		assert.equal(status(v, 3), 'Discard a tile to Ayşe')
	})

	test('a hand that can finish says so, and names the next seat', () => {
		const v = view({ phase: 'discard', legal: ['discard', 'finish'] })
		assert.equal(
			status(v, 0),
			'You can finish! Put your 15th tile on the centre, or discard to Mehmet',
		)
	})

	test("an empty pile: take the left neighbour's discard or end the hand", () => {
		assert.equal(
			status(view({ legal: ['end_hand', 'take_discard'] }), 0),
			"The pile is empty: take Can's discard or end the hand",
		)
		assert.equal(status(view({ legal: ['end_hand'] }), 0), 'The pile is empty: end the hand')
	})

	test('the indicator that may be shown is mentioned after the move', () => {
		const v = view({ seats: 2, phase: 'discard', legal: ['discard', 'show_indicator'] })
		assert.equal(status(v, 0), 'Discard a tile to Mehmet · You may show the indicator.')
	})

	test('101: a seat that may open is told how', () => {
		const v = view({ variant: '101', phase: 'play', legal: ['discard', 'open'] })
		assert.equal(status(v, 0), 'Tap Groups, then tiles, to open (el açmak): 101 points or 5 pairs.')
	})

	test('101: a seat that has opened is told to lay melds', () => {
		const v = view({ variant: '101', phase: 'play', legal: ['discard'] })
		v.seats[0].opened = 'melds'
		assert.equal(status(v, 0), 'Lay melds or drag tiles onto them (işlemek), then discard.')
	})

	test('101: a taken discard must be used or given back', () => {
		const v = view({ variant: '101', phase: 'play', legal: ['return_discard', 'open'] })
		assert.equal(status(v, 0), 'Use the taken discard or give it back.')
	})

	test('101: taking is worded as in classic', () => {
		const v = view({ variant: '101', phase: 'take', legal: ['draw', 'take_discard'] })
		assert.equal(status(v, 0), "Take a tile from the pile or Can's discard")
	})
})

describe('legal', () => {
	const v = view({ phase: 'discard' })
	v.legal = [{ type: 'discard' }, { type: 'finish', tiles: [12, 40] }]

	test('gives the legal action of a type, with its fields', () => {
		assert.deepEqual(legal(v, 'finish'), { type: 'finish', tiles: [12, 40] })
	})

	test('gives nothing for an action that is not legal, or without a view', () => {
		assert.equal(legal(v, 'draw'), undefined)
		assert.equal(legal(undefined, 'draw'), undefined)
	})
})

describe('nameOf', () => {
	test("gives the seat's player name", () => {
		assert.equal(nameOf(view(), 1), 'Mehmet')
	})

	test('names a seat without a name, or without a player, "Player n" counting from 1', () => {
		const v = view({ seats: 2 })
		v.players[1].name = ''
		assert.equal(nameOf(v, 1), 'Player 2')
		assert.equal(nameOf(v, 3), 'Player 4')
	})
})

describe('seatNames', () => {
	const named = names => {
		const v = view({ seats: names.length })
		names.forEach((name, seat) => (v.players[seat].name = name))
		return v
	}

	test('gives every seat the same form: whole, first word with numbers kept, initials', () => {
		const v = named(['Ayşe Yılmaz', 'Computer 2', 'Computer 3', 'Computer 4'])
		assert.deepEqual(seatNames(v, 'whole'), [
			'Ayşe Yılmaz',
			'Computer 2',
			'Computer 3',
			'Computer 4',
		])
		assert.deepEqual(seatNames(v, 'word'), ['Ayşe', 'Computer 2', 'Computer 3', 'Computer 4'])
		assert.deepEqual(seatNames(v, 'short'), ['AY', 'C2', 'C3', 'C4'])
	})

	test('tells two seats that would read alike apart by their seat number', () => {
		const v = named(['Ali Kaya', 'Ali Demir', 'Ayşe'])
		assert.deepEqual(seatNames(v, 'word'), ['Ali1', 'Ali2', 'Ayşe'])
		assert.deepEqual(seatNames(v, 'short'), ['AK', 'AD', 'A'])
	})
})
