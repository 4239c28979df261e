// frontend/js/home/tables.js: the home screen's "Your tables": order, coarse times, labels.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as tables from '../../../frontend/js/home/tables.js'
import { more } from '../../../frontend/js/i18n/index.js'
import { KIND_FLAGS, failOnConsoleError } from './helpers.js'

failOnConsoleError()
await more() // the list's own words load with it

const S = 1000
const MIN = 60 * S
const H = 60 * MIN
const NOW = 1_800_000_000_000

test('time left is coarse: seconds, minutes, hours up to two days, then days', () => {
	const left = ms => tables.timeLeft(NOW + ms, NOW)
	assert.equal(left(45 * S), '45 s left')
	assert.equal(left(59 * S + 999), '59 s left')
	assert.equal(left(60 * S), '1 min left')
	assert.equal(left(59 * MIN + 59 * S), '59 min left')
	assert.equal(left(6 * H + 59 * MIN), '6 h left')
	assert.equal(left(47 * H), '47 h left')
	assert.equal(left(48 * H), '2 days left')
	assert.equal(left(7 * 24 * H), '7 days left')
	assert.equal(left(0), 'Time is up')
	assert.equal(left(-5 * MIN), 'Time is up')
})

test('the last move is said as a time ago', () => {
	const ago = ms => tables.ago(NOW - ms, NOW)
	assert.equal(ago(0), 'just now')
	assert.equal(ago(59 * S), 'just now')
	assert.equal(ago(3 * MIN + 20 * S), '3 min ago')
	assert.equal(ago(5 * H), '5 h ago')
	assert.equal(ago(24 * H), '24 h ago')
	assert.equal(ago(48 * H), '2 days ago')
	assert.equal(ago(-10 * S), 'just now') // a device clock a little ahead
})

// An entry carries its kind's flags, as "Your tables" entries do (api/tables/kinds.py).
const table = (id, fields) => ({
	flags: KIND_FLAGS[fields?.mode ?? 'friends'],
	table_id: id,
	status: 'playing',
	turn: 1,
	turn_name: 'Mehmet',
	your_turn: false,
	deadline: null,
	last_move: NOW,
	...fields,
})

test('what each table waits for', () => {
	const label = tables.stateLabel
	assert.equal(label(table('a', { your_turn: true, turn: 0, turn_name: 'Ayşe' })), 'Your turn')
	assert.equal(label(table('a')), "Mehmet's turn")
	assert.equal(label(table('a', { status: 'waiting', turn: null })), 'Waiting for players')
	assert.equal(label(table('a', { status: 'finished', turn: null })), 'Finished')
	assert.equal(label(table('a', { turn: null, your_turn: true })), 'Hand over: deal the next')
	const error = code => ({ table_id: 'a', error: { code, message: '…' } })
	assert.equal(label(error('table_not_found')), 'Expired or gone')
	assert.equal(label(error('unauthorized')), 'This device no longer holds a seat here')
	assert.equal(label(error('busy')), 'Cannot be shown now')
})

test('yours first (the closest deadline first), then the others by last move, errors last', () => {
	const entries = [
		{ table_id: 'gone', error: { code: 'table_not_found', message: '' } },
		table('old', { last_move: NOW - 5 * H }),
		table('mine-later', { your_turn: true, deadline: NOW + 6 * H, last_move: NOW - H }),
		table('recent', { last_move: NOW - MIN }),
		table('mine-soon', { your_turn: true, deadline: NOW + 45 * S, last_move: NOW - 2 * H }),
		table('mine-no-clock', { your_turn: true, deadline: null, last_move: NOW }),
		table('unknown-time', { last_move: null }),
	]
	assert.deepEqual(
		tables.order(entries).map(e => e.table_id),
		['mine-soon', 'mine-later', 'mine-no-clock', 'recent', 'old', 'unknown-time', 'gone'],
	)
	assert.equal(tables.waitingForYou(entries), 3)
	assert.equal(entries[0].table_id, 'gone') // order() sorts a copy
})

const bot = (seat, level) => ({ seat, kind: 'bot', level, name: null, auto: false })
const human = (seat, name) => ({ seat, kind: 'human', level: null, name, auto: false })

test('a row says which game it is: the variant, the computers level, the seats', () => {
	const vsThree = table('a', {
		variant: 'classic',
		players: [human(0, 'Ayşe'), ...[1, 2, 3].map(s => bot(s, 'hard'))],
	})
	assert.equal(tables.kindOf(vsThree), 'Classic Okey · Hard · 4 seats')
	const vsOne = table('b', { variant: '101', players: [human(0, 'Ayşe'), bot(1, 'easy')] })
	assert.equal(tables.kindOf(vsOne), '101 Okey · Easy · 2 seats')
	const friends = table('c', {
		variant: 'classic',
		players: [human(0, 'Ayşe'), human(1, 'Cem'), human(2, 'Bora')],
	})
	assert.equal(tables.kindOf(friends), 'Classic Okey · 3 seats')
})

test('only a friends table shows a clock; a table not moved yet says when it was opened', () => {
	const due = { deadline: NOW + 23 * H, last_move: NOW - 3 * MIN }
	assert.equal(
		tables.detail(table('a', { mode: 'friends', ...due }), NOW),
		'23 h left · last move 3 min ago',
	)
	assert.equal(tables.detail(table('b', { mode: 'computer', ...due }), NOW), 'last move 3 min ago')
	assert.equal(tables.detail(table('c', { mode: 'hotseat', ...due }), NOW), 'last move 3 min ago')
	const fresh = table('d', { mode: 'computer', last_move: null })
	assert.equal(tables.detail(fresh, NOW, NOW - 2 * H), 'opened 2 h ago')
})
