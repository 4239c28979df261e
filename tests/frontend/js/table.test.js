// frontend/js/table/: the table screen's declared state and the changes made to it
// (state.js), the polling pace (sync.js) and the sentences said for moves (anim.js).
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import * as table from '../../../frontend/js/table/state.js'
import { paceFor } from '../../../frontend/js/table/sync.js'
import { describe as sentence } from '../../../frontend/js/table/anim.js'
import { setLang } from '../../../frontend/js/i18n/index.js'
import { id, ids, rack, drawn, failOnConsoleError } from './helpers.js'

failOnConsoleError()

// A view of seat 0 holding `tiles`, as GET /tables/{id} sends it (fields the state reads).
const view = (tiles, fields = {}) => ({
	version: 1,
	variant: 'classic',
	you: 0,
	rack: ids(tiles),
	rack_layout: null,
	...fields,
})
const playing = (tiles, layout) => {
	const state = table.createTableState({ seat: 0 })
	table.acceptView(state, view(tiles, { rack_layout: layout }))
	return state
}

describe('createTableState', () => {
	test('a seat token gives a player, none a spectator', () => {
		assert.equal(table.createTableState({ seat: 2 }).seat, 2)
		assert.equal(table.createTableState({ seat: 2 }).spectator, false)
		assert.equal(table.createTableState(null).spectator, true)
	})

	test('nothing is picked, covered or on its way at first', () => {
		const state = table.createTableState({ seat: 0 })
		assert.equal(state.sync.view, null)
		assert.equal(state.sync.busy, false)
		assert.equal(state.selection.tile, null)
		assert.deepEqual(state.meld101, { current: [], groups: [], building: false })
		assert.equal(state.screen.covered, false)
	})
})

describe('acceptView', () => {
	test('the first view keeps the layout the server stored', () => {
		const state = playing('R1 R2 K5', rack('R1 . R2', 'K5'))
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 . R2', 'K5'])
	})

	test('a tile that left the rack is no longer picked up', () => {
		const state = playing('R1 R2 K5', rack('R1 R2', 'K5'))
		table.toggleSelection(state, id('K5'))
		table.acceptView(state, view('R1 R2'))
		assert.equal(state.selection.tile, null)
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R2', ''])
	})

	test('the tile a move brings lands on the slot it was dropped on, marked fresh', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		table.beginMove(state, 'draw', null)
		table.moveAccepted(state, [0, 5])
		table.acceptView(state, view('R1 R2 B9'))
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R2 . . . B9', ''])
		assert.equal(state.rack.fresh, id('B9'))
		assert.equal(state.rack.prefer, null)
	})

	test('101 picks lose the tiles that left the rack, and empty groups go', () => {
		const state = playing('R1 R2 R3 K5', rack('R1 R2 R3 K5'))
		table.pickForMeld(state, id('K5'))
		table.closeGroup(state)
		table.pickForMeld(state, id('R1'))
		table.acceptView(state, view('R1 R2 R3'))
		assert.deepEqual(state.meld101, { current: [id('R1')], groups: [], building: false })
	})
})

describe('a new hand', () => {
	// Seat 0 arranged hand 1 by hand, with a tile picked up and a tile on the top row alone.
	const afterHand1 = () => {
		const state = table.createTableState({ seat: 0 })
		table.acceptView(state, view('K5 R1 B2', { hand: 1, rack_layout: rack('K5', 'B2 R1') }))
		table.toggleSelection(state, id('R1'))
		return state
	}

	test("a new hand does not keep the last hand's positions: sorted by face", () => {
		const state = afterHand1()
		assert.equal(state.rack.unsorted, false)
		table.acceptView(state, view('K5 R1 B2 R7', { hand: 2 }))
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R7 B2 K5', ''])
		assert.equal(state.rack.unsorted, true, "the player's own sort is still to come")
		assert.equal(state.selection.tile, null, 'ids repeat across hands: no pick carries over')
	})

	test('the layout the server kept for the new hand is taken, and not sorted again', () => {
		const state = afterHand1()
		table.acceptView(state, view('K5 R1', { hand: 2, rack_layout: rack('. K5', 'R1') }))
		assert.deepEqual(drawn(table.myLayout(state)), ['. K5', 'R1'])
		assert.equal(state.rack.unsorted, false)
	})

	test('the sort asked for replaces the face order; it is asked for once', () => {
		const state = afterHand1()
		table.acceptView(state, view('K5 R1 B2', { hand: 2 }))
		table.sortAsked(state)
		assert.equal(state.rack.unsorted, false)
		table.arrangeRack(state, { layout: rack('B2 K5', 'R1'), discard: null }, 'runs')
		table.acceptView(state, view('K5 R1 B2 R3', { hand: 2 }))
		assert.deepEqual(drawn(table.myLayout(state)), ['B2 K5', 'R1 R3'])
		assert.equal(state.rack.unsorted, false)
	})

	test('the first view of a hand with no kept layout wants a sort', () => {
		assert.equal(playing('R1 R2', null).rack.unsorted, true)
		assert.equal(playing('R1 R2', rack('R1 R2')).rack.unsorted, false)
	})
})

describe('moves', () => {
	test('a discard leaves the rack at once and shows as on its way', () => {
		const state = playing('R1 R2 K5', rack('R1 R2', 'K5'))
		table.beginMove(state, 'discard', id('K5'))
		assert.equal(state.sync.busy, true)
		assert.equal(state.sync.discarding, id('K5'))
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R2', ''])
	})

	test('a failed move frees the screen and forgets the discard on its way', () => {
		const state = playing('R1 K5', rack('R1 K5'))
		table.beginMove(state, 'discard', id('K5'))
		table.moveFailed(state)
		assert.equal(state.sync.busy, false)
		assert.equal(state.sync.discarding, null)
	})

	test('an accepted move spends the 101 picks', () => {
		const state = playing('R1 R2 R3', rack('R1 R2 R3'))
		table.toggleBuilding(state)
		for (const tile of ids('R1 R2 R3')) table.tapTile101(state, tile)
		table.beginMove(state, 'open', null)
		table.moveAccepted(state, null)
		assert.deepEqual(state.meld101, { current: [], groups: [], building: false })
	})
})

describe('selection and rack', () => {
	test('a second tap on the picked-up tile puts it down', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		table.toggleSelection(state, id('R2'))
		assert.equal(state.selection.tile, id('R2'))
		table.toggleSelection(state, id('R2'))
		assert.equal(state.selection.tile, null)
	})

	test('a tap on an empty slot moves the picked-up tile there', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		table.toggleSelection(state, id('R1'))
		assert.equal(table.dropSelectionOn(state, [1, 3]), id('R1'))
		assert.deepEqual(drawn(table.myLayout(state)), ['. R2', '. . . R1'])
		assert.equal(state.selection.tile, null)
	})

	test('a tap on a slot with nothing picked up moves nothing', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		assert.equal(table.dropSelectionOn(state, [1, 3]), null)
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R2', ''])
	})

	test('a sort takes the server layout and its discard advice', () => {
		const state = playing('R1 R2 K5', rack('R1 R2 K5'))
		const advice = { layout: rack('K5', 'R1 R2'), discard: id('K5') }
		table.arrangeRack(state, advice, 'runs')
		assert.deepEqual(drawn(table.myLayout(state)), ['K5', 'R1 R2'])
		assert.equal(state.selection.hint, id('K5'))
	})

	test("a new rack's own sort keeps the tile picked up meanwhile; a chosen sort drops it", () => {
		const state = playing('R1 R2 K5', rack('R1 R2 K5'))
		const advice = { layout: rack('K5', 'R1 R2'), discard: null }
		table.toggleSelection(state, id('R2'))
		assert.equal(table.arrangeRack(state, advice, 'runs', false), true)
		assert.equal(state.selection.tile, id('R2'))
		table.arrangeRack(state, advice, 'runs')
		assert.equal(state.selection.tile, null)
	})

	test('a sort of a rack the server has moved on from waits for the next view', () => {
		const state = playing('R1 R2 K5', rack('R1 R2 K5'))
		// A turn timed out meanwhile: the server drew B9 for the seat and discarded K5.
		const advice = { layout: rack('B9', 'R1 R2'), discard: null }
		assert.equal(table.arrangeRack(state, advice, 'runs'), false)
		assert.deepEqual(drawn(table.myLayout(state)), ['R1 R2 K5', ''])
		assert.equal(state.rack.unsorted, true)
		table.acceptView(state, view('R1 R2 B9', { version: 3 }))
		assert.equal(state.rack.unsorted, true)
		assert.equal(table.arrangeRack(state, advice, 'runs'), true)
		assert.deepEqual(drawn(table.myLayout(state)), ['B9', 'R1 R2'])
		assert.equal(state.rack.unsorted, false)
	})

	test('"best" in 101 also takes the groups the server found', () => {
		const state = table.createTableState({ seat: 0 })
		table.acceptView(state, view('R1 R2 R3', { variant: '101' }))
		const advice = { layout: rack('R1 R2 R3'), discard: null, groups: [ids('R1 R2 R3')] }
		table.arrangeRack(state, advice, 'best')
		assert.deepEqual(state.meld101.groups, [ids('R1 R2 R3')])
	})

	test('a full redraw asked for during a drag is owed at its end, once', () => {
		const state = playing('R1', rack('R1'))
		table.startDrag(state, id('R1'))
		assert.equal(state.selection.tile, id('R1'))
		table.deferRedraw(state)
		assert.equal(table.endDrag(state), true)
		assert.equal(state.selection.tile, null)
		table.startDrag(state, null)
		assert.equal(table.endDrag(state), false)
	})
})

describe('101 picking', () => {
	test('with Groups on, tiles join the open group and none is picked up', () => {
		const state = playing('R1 R2 R3', rack('R1 R2 R3'))
		table.toggleBuilding(state)
		table.tapTile101(state, id('R1'))
		assert.deepEqual(state.meld101.current, ids('R1'))
		assert.equal(state.selection.tile, null)
		table.tapTile101(state, id('R2'))
		assert.deepEqual(state.meld101.current, ids('R1 R2'))
		assert.equal(state.selection.tile, null)
	})

	test('with Groups off, a tap picks the tile up and leaves every group as it was', () => {
		const state = playing('R1 R2 R3 K5', rack('R1 R2 R3 K5'))
		table.toggleBuilding(state)
		for (const tile of ids('R1 R2')) table.tapTile101(state, tile)
		table.closeGroup(state)
		table.tapTile101(state, id('R3'))
		table.toggleBuilding(state)
		const before = structuredClone(state.meld101)
		table.tapTile101(state, id('K5'))
		assert.equal(state.selection.tile, id('K5'))
		table.tapTile101(state, id('R1')) // a grouped tile: picked up, still in its group
		assert.equal(state.selection.tile, id('R1'))
		table.tapTile101(state, id('R1'))
		assert.equal(state.selection.tile, null)
		assert.deepEqual(state.meld101, before)
	})

	test('turning Groups on puts the picked-up tile down', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		table.tapTile101(state, id('R1'))
		table.toggleBuilding(state)
		assert.equal(state.selection.tile, null)
		assert.equal(state.meld101.building, true)
	})

	test('a tap on a picked tile takes it out again', () => {
		const state = playing('R1 R2 R3', rack('R1 R2 R3'))
		table.pickForMeld(state, id('R1'))
		table.pickForMeld(state, id('R2'))
		table.pickForMeld(state, id('R1'))
		assert.deepEqual(state.meld101.current, ids('R2'))
	})

	test('"+" closes the group; a tap on one of its tiles takes it out of that group', () => {
		const state = playing('R1 R2 R3 K5', rack('R1 R2 R3 K5'))
		for (const tile of ids('R1 R2 R3')) table.pickForMeld(state, tile)
		table.closeGroup(state)
		assert.deepEqual(state.meld101.groups, [ids('R1 R2 R3')])
		table.pickForMeld(state, id('R3'))
		assert.deepEqual(state.meld101.groups, [ids('R1 R2')])
	})

	test('after a pairs opening a group is a pair at most: nothing the server refuses', () => {
		const tiles = 'R1 R1 R2 R3'
		const state = playing(tiles, rack(tiles))
		const pairsWith = (a, b) => a >> 1 === b >> 1
		const [r1, r1b, r2, r3] = ids(tiles)
		table.pickForMeld(state, r1, pairsWith)
		table.pickForMeld(state, r1b, pairsWith)
		// A third tile closes the pair and starts the next group.
		table.pickForMeld(state, r2, pairsWith)
		assert.deepEqual(state.meld101, { current: [r2], groups: [[r1, r1b]], building: false })
		// A tile that does not pair with the open one takes its place.
		table.pickForMeld(state, r3, pairsWith)
		assert.deepEqual(state.meld101, { current: [r3], groups: [[r1, r1b]], building: false })
	})

	test('"×" drops every pick', () => {
		const state = playing('R1 R2', rack('R1 R2'))
		table.pickForMeld(state, id('R1'))
		table.closeGroup(state)
		table.pickForMeld(state, id('R2'))
		table.clearGroups(state)
		assert.deepEqual(state.meld101, { current: [], groups: [], building: false })
	})
})

describe('passDevice', () => {
	test('the rack goes to the seat on turn, behind the cover, nothing picked up', () => {
		const state = playing('R1', rack('R1'))
		table.toggleSelection(state, id('R1'))
		table.passDevice(state, 2)
		assert.equal(state.seat, 2)
		assert.equal(state.screen.covered, true)
		assert.equal(state.selection.tile, null)
		table.uncover(state)
		assert.equal(state.screen.covered, false)
	})
})

describe('heldSeats', () => {
	test('before the first view, the seats of the token record; then the view says', () => {
		const auth = { seat: 0, seats: [0, 1] }
		const state = table.createTableState(auth)
		assert.deepEqual(table.heldSeats(state, auth), [0, 1])
		table.acceptView(state, view('R1', { held_seats: [0, 1, 2, 3] }))
		assert.deepEqual(table.heldSeats(state, auth), [0, 1, 2, 3])
	})

	test('a spectator holds none', () => {
		assert.deepEqual(table.heldSeats(table.createTableState(null), null), [])
	})
})

describe('paceFor', () => {
	const live = { turn_seconds: 30, pace: 'live', status: 'playing', phase: 'take' }
	const relaxed = { turn_seconds: 86400, pace: 'relaxed', status: 'playing', phase: 'take' }
	// The polls an idle tab makes in `ms`, following paceFor from its first poll on.
	const pollsIn = (view, hidden, ms) => {
		let idle = 0
		let n = 0
		for (let at = 0; at < ms; at += paceFor(view, false, hidden, idle++)) n++
		return n
	}

	test('a hidden tab polls every 30 s on a live table, every 5 minutes on a relaxed one', () => {
		assert.equal(paceFor(live, false, true, 0), 30000)
		assert.equal(paceFor(relaxed, false, true, 0), 300000)
		assert.equal(paceFor({ ...relaxed, status: 'waiting' }, false, true, 0), 300000)
		assert.equal(pollsIn(relaxed, true, 3600000), 12)
	})

	test('a live table polls every second while the others play, less on your turn', () => {
		assert.equal(paceFor(live, false, false, 0), 1000)
		assert.equal(paceFor(live, true, false, 0), 2500)
		assert.equal(paceFor(live, false, false, 50), 1000) // no backing off while live
		// A 10-minute turn is still live.
		assert.equal(paceFor({ ...live, turn_seconds: 600 }, false, false, 9), 1000)
	})

	test('a relaxed table backs off while nothing happens, to twice a minute', () => {
		assert.equal(paceFor(relaxed, false, false, 0), 2000)
		assert.equal(paceFor(relaxed, false, false, 1), 3200)
		assert.equal(paceFor(relaxed, true, false, 20), 30000)
		assert.equal(paceFor(relaxed, false, false, 20), 30000)
		// After the first minute of backing off, an idle hour is 2 polls a minute at most.
		assert.ok(pollsIn(relaxed, false, 3600000) <= 120 + 10)
	})

	test('a relaxed table polls as a live one while another person has it open', () => {
		const both = { ...relaxed, others_here: true }
		assert.equal(paceFor(both, false, false, 50), 1000)
		assert.equal(paceFor(both, true, false, 50), 2500)
		assert.equal(paceFor({ ...both, phase: 'over' }, false, false, 0), 3000)
		// Hidden, it keeps the relaxed rate: a push calls its player back.
		assert.equal(paceFor(both, false, true, 0), 300000)
	})

	test('without a pace (an older server), an hour-long turn is relaxed', () => {
		const old = { status: 'playing', phase: 'take' }
		assert.equal(paceFor({ ...old, turn_seconds: 3600 }, false, true, 0), 300000)
		assert.equal(paceFor({ ...old, turn_seconds: 600 }, false, false, 9), 1000)
	})

	test('a table waiting for players polls every 2 s; a relaxed one backs off after a minute', () => {
		assert.equal(paceFor({ ...live, status: 'waiting' }, false, false, 5), 2000)
		assert.equal(paceFor({ ...live, status: 'waiting' }, false, false, 100), 2000)
		assert.equal(paceFor({ ...relaxed, status: 'waiting' }, false, false, 29), 2000)
		assert.equal(paceFor({ ...relaxed, status: 'waiting' }, false, false, 30), 30000)
		assert.equal(paceFor(null, false, false, 0), 2000)
	})

	test('a finished hand polls every 3 s on a live table, 15 s on a relaxed one', () => {
		assert.equal(paceFor({ ...live, phase: 'over' }, false, false, 0), 3000)
		assert.equal(paceFor({ ...relaxed, phase: 'over' }, false, false, 0), 15000)
	})
})

describe('the sentence for a move', () => {
	const seen = { okey: null, players: [{ seat: 1, name: 'Mehmet' }] }

	test('a discard names the player and the tile', () => {
		const said = sentence({ type: 'discard', seat: 1, tile: id('R7') }, seen)
		assert.match(said, /Mehmet/)
		assert.match(said, /red 7/)
	})

	test('a hand cut off by the turn limit says why', () => {
		const said = sentence({ type: 'end_hand', reason: 'turn_limit' }, seen)
		assert.notEqual(said, sentence({ type: 'end_hand' }, seen))
	})

	test('an event nobody needs to hear says nothing', () => {
		assert.equal(sentence({ type: 'rack_layout', seat: 1 }, seen), '')
	})

	// Seat 0 watches its own table: its moves and its discards are said to it.
	const mine = {
		okey: null,
		you: 0,
		players: [
			{ seat: 0, name: 'Ayşe' },
			{ seat: 1, name: 'Mehmet' },
		],
	}

	test("the viewer's own move is said in the second person", () => {
		const drew = sentence({ type: 'draw', seat: 0 }, mine)
		assert.equal(drew, 'You drew from the pile.')
		const took = sentence({ type: 'take_discard', seat: 0, source: 1, tile: id('B3') }, mine)
		assert.match(took, /^You took Mehmet's blue 3/)
		assert.equal(
			sentence({ type: 'discard', seat: 0, tile: id('R7') }, mine),
			'You discarded red 7.',
		)
	})

	test('a take of the viewer\'s discard says "your"', () => {
		const took = sentence({ type: 'take_discard', seat: 1, source: 0, tile: id('R8') }, mine)
		assert.equal(took, 'Mehmet took your red 8.')
	})

	test('the others and a spectator hear the third person', () => {
		const watching = { ...mine, you: null }
		assert.match(sentence({ type: 'discard', seat: 0, tile: id('R7') }, watching), /^Ayşe/)
		assert.match(sentence({ type: 'draw', seat: 1 }, mine), /^Mehmet/)
	})

	test('in Turkish: a capital, and the tile thrown in the accusative', async () => {
		globalThis.document ??= { documentElement: {} } // setLang sets the page's lang
		await setLang('tr')
		try {
			const thrown = sentence({ type: 'discard', seat: 0, tile: id('Y7') }, mine)
			assert.equal(thrown, "Sarı 7'yi attın.")
			const theirs = sentence({ type: 'discard', seat: 1, tile: id('B3') }, mine)
			assert.equal(theirs, "Mehmet mavi 3'ü attı.")
			// A computer the API named in English is said in Turkish, from its seat.
			const bots = {
				...mine,
				players: [...mine.players, { seat: 2, kind: 'bot', name: 'Computer 3' }],
			}
			assert.equal(sentence({ type: 'draw', seat: 2 }, bots), 'Bilgisayar 3 desteden çekti.')
		} finally {
			await setLang('en')
		}
	})
})
