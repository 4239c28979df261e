// frontend/js/table/okey101.js: shape(), a picked group as it will be laid and the values its tiles
// stand for (the points only guide; the server judges). pick, picked, markRack and placeOn
// are left out: their signatures are changing.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import {
	ownFits,
	pairsOf,
	picked,
	refusal,
	shape,
	standIns,
	suggestion,
} from '../../../frontend/js/table/okey101.js'
import { face, id, ids, written } from './helpers.js'

// The okey of these tests is K9 (indicator K8): both K9s are wild; an F plays as K9.
const OKEY = face('K9')
const shaped = (text, okey = OKEY) => {
	const { ids: laid, vals } = shape(ids(text), okey)
	return { laid: laid.map(written).join(' '), vals }
}

describe('shape: runs', () => {
	test('lays a run in ascending order', () => {
		assert.deepEqual(shaped('R5 R3 R4'), { laid: 'R3 R4 R5', vals: [3, 4, 5] })
	})

	test('puts a wild in the gap it fills', () => {
		assert.deepEqual(shaped('R5 K9 R3'), { laid: 'R3 K9 R5', vals: [3, 4, 5] })
	})

	test('fills a gap of two with two wilds', () => {
		assert.deepEqual(shaped('R6 K9 R3 K9'), { laid: 'R3 K9 K9 R6', vals: [3, 4, 5, 6] })
	})

	test('puts a wild with no gap to fill at the end', () => {
		assert.deepEqual(shaped('K9 R11 R12'), { laid: 'R11 R12 K9', vals: [11, 12, 13] })
	})

	test('puts a wild in front when the run already ends at 13', () => {
		assert.deepEqual(shaped('R13 K9 R12'), { laid: 'K9 R12 R13', vals: [11, 12, 13] })
	})

	test('puts a spare wild after the run once the gaps are filled', () => {
		assert.deepEqual(shaped('K9 R5 R3 K9'), { laid: 'R3 K9 R5 K9', vals: [3, 4, 5, 6] })
	})

	test('counts a 1 low only: B12 B13 B1 is no run in 101', () => {
		assert.deepEqual(shaped('B12 B13 B1'), { laid: 'B1 B12 B13', vals: [1, 12, 13] })
	})
})

describe('shape: sets', () => {
	test('lays a set in colour order, every tile worth the set value', () => {
		assert.deepEqual(shaped('K7 R7 B7'), { laid: 'R7 B7 K7', vals: [7, 7, 7] })
	})

	test('puts a wild in a set last, worth the set value', () => {
		assert.deepEqual(shaped('K7 K9 R7 Y7'), { laid: 'R7 Y7 K7 K9', vals: [7, 7, 7, 7] })
	})

	test('a group of wilds alone is worth nothing yet', () => {
		assert.deepEqual(shaped('K9 K9'), { laid: 'K9 K9', vals: [0, 0] })
	})
})

describe('shape: the fake okey', () => {
	test('stands for the okey in a run, not as a wild', () => {
		assert.deepEqual(shaped('R7 F R5', face('R6')), { laid: 'R5 F R7', vals: [5, 6, 7] })
	})

	test('stands for the okey in a set', () => {
		assert.deepEqual(shaped('Y7 F K7', face('R7')), { laid: 'F Y7 K7', vals: [7, 7, 7] })
	})

	test('does not fill a gap the way a wild does', () => {
		assert.deepEqual(shaped('R3 F R5'), { laid: 'R3 R5 F', vals: [3, 5, 9] })
	})
})

describe('standIns: what the wild okey and the fake of a table meld stand for', () => {
	const faces = text => standIns(ids(text), OKEY)?.map(f => written(f * 2))

	test('a wild in a run takes the value of its place', () => {
		assert.deepEqual(faces('B10 K9 B12 B13'), ['B10', 'B11', 'B12', 'B13'])
	})

	test('a fake plays as the okey, a wild before it as the value below', () => {
		assert.deepEqual(faces('K7 K9 F'), ['K7', 'K8', 'K9'])
	})

	test('a wild in a set takes the first colour the real tiles leave free', () => {
		assert.deepEqual(faces('R5 K9 K5'), ['R5', 'Y5', 'K5'])
	})

	test('a group that is neither is null', () => {
		assert.equal(standIns(ids('R5 R7 Y9'), OKEY), null)
	})
})

describe('standIns: pairs', () => {
	test('a wild in a pair is the twin of the other tile', () => {
		assert.deepEqual(
			standIns(ids('R4 K9'), OKEY).map(f => written(f * 2)),
			['R4', 'R4'],
		)
	})
})

describe('ownFits: how many of our tiles a table run could take in a row this turn', () => {
	const fits = (meld, rack) => ownFits(ids(meld), OKEY, ids(rack))

	test('a run takes our next values one after another, at both ends', () => {
		assert.equal(fits('R4 R5 R6', 'R7 R8 R3 Y7'), 3)
	})

	test('a gap in our tiles stops the run, unless a wild fills it', () => {
		assert.equal(fits('R4 R5 R6', 'R8'), 0)
		assert.equal(fits('R4 R5 R6', 'R8 K9'), 2)
	})

	test('a run stops at 13 and at 1', () => {
		assert.equal(fits('B11 B12 B13', 'B10 B9 F'), 2)
		assert.equal(fits('Y1 Y2 Y3', 'Y4 Y13'), 1)
	})

	test('a fake plays as the okey (K9) it stands for', () => {
		assert.equal(fits('K6 K7 K8', 'F'), 1)
	})

	test('a set asks for no more than the one spare every set of three keeps', () => {
		assert.equal(fits('R5 Y5 B5', 'K5 R5'), 0)
	})

	test('a twin counts once', () => {
		assert.equal(fits('R4 R5 R6', 'R7 R7'), 1)
	})

	test('a pair and an empty rack take nothing', () => {
		assert.equal(fits('R4 R4', 'R4 K9'), 0)
		assert.equal(fits('R4 R5 R6', ''), 0)
	})
})

// A 101 view of seat 0 on turn after its draw: `legal` as the server lists it.
const view101 = (opened, legal = [], fields = {}) => ({
	you: 0,
	turn: 0,
	okey: OKEY,
	options: { opening_rule: 'sum101', pairs_opening: true },
	seats: [{ opened }, { opened: 'melds' }],
	legal: [...legal, { type: 'discard', tiles: [], penalised: [] }],
	...fields,
})
const pairsOffer = {
	type: 'open',
	pairs: [ids('R1 R1'), ids('R2 R2'), ids('R3 R3'), ids('Y4 Y4'), ids('B5 K9')],
}
const meldsOffer = {
	type: 'open',
	melds: [ids('R10 R11 R12 R13'), ids('B11 B12 B13'), ids('Y11 Y12 Y13')],
	points: 118,
}

describe('suggestion: Open ✨ says what it will lay', () => {
	test('pairs, named as pairs', () => {
		const offer = suggestion(view101(null, [pairsOffer]))
		assert.deepEqual(offer, { move: { pairs: pairsOffer.pairs }, label: '5 pairs' })
	})

	test('melds with their points, before pairs when both are offered', () => {
		const offer = suggestion(view101(null, [pairsOffer, meldsOffer]))
		assert.deepEqual(offer, { move: { melds: meldsOffer.melds }, label: '3 melds: 118' })
	})

	test('nothing when no opening is offered', () => {
		assert.equal(suggestion(view101(null)), undefined)
	})
})

describe('after a pairs opening', () => {
	test('two tiles pair by face, a fake as the okey, an okey with anything', () => {
		const [r1, r1b, r2, okey, fake] = ids('R1 R1 R2 K9 F')
		assert.deepEqual(
			[
				pairsOf(r1, r1b, OKEY),
				pairsOf(r1, r2, OKEY),
				pairsOf(r2, okey, OKEY),
				pairsOf(fake, okey, OKEY),
			],
			[true, false, true, true],
		)
	})

	test('Lay is offered for pairs only', () => {
		const v = view101('pairs')
		const run = { groups: [], current: ids('R3 R4 R5') }
		const pair = { groups: [ids('R3 R3')], current: [] }
		assert.equal(picked(v, run).layable, false)
		assert.equal(picked(v, pair).layable, true)
		assert.equal(picked(view101('melds'), run).layable, true)
	})

	test('a tile refused on a table meld says why', () => {
		const r9 = id('R9')
		assert.equal(refusal(view101('pairs'), r9), 'pairs_only')
		assert.equal(refusal(view101(null), r9), 'not_opened')
		assert.equal(refusal(view101('melds'), r9), 'does_not_fit')
		assert.equal(refusal(view101('melds', [], { turn: 1 }), r9), 'not_now')
		assert.equal(refusal(view101('pairs'), null), 'not_now') // nothing picked up
	})
})
