// Phone rules of the table screen: the okey's question and the 101 penalty's (board.js
// discardQuestion, fitOf), a tap on a grouped 101 rack at a discard (state.js
// tapTile101), and an indicator show said with what it costs (anim.js describe).
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { discardQuestion, fitOf } from '../../../frontend/js/table/board.js'
import * as table from '../../../frontend/js/table/state.js'
import { describe as sentence } from '../../../frontend/js/table/anim.js'
import { face, id, ids, rack, failOnConsoleError } from './helpers.js'

failOnConsoleError()

const players = [
	{ seat: 0, name: 'Ayşe' },
	{ seat: 1, name: 'Computer 2' },
	{ seat: 2, name: 'Can' },
	{ seat: 3, name: 'Deniz' },
]
// Okey K9 in a classic hand, seat 0 discarding R1, R2 or an okey.
const classic = {
	variant: 'classic',
	you: 0,
	okey: face('K9'),
	players,
	legal: [{ type: 'discard', tiles: [id('R1'), id('R2'), id('K9')] }],
}

describe('discardQuestion', () => {
	test('the okey asks in classic while the player wants asking', () => {
		assert.equal(discardQuestion(classic, 'discard', id('K9'), true), 'wild')
		assert.equal(discardQuestion(classic, 'discard', id('K9', 1), true), 'wild')
		assert.equal(discardQuestion(classic, 'discard', id('K9'), false), null)
	})

	test('another tile, a false okey or a finish with the okey asks nothing', () => {
		assert.equal(discardQuestion(classic, 'discard', id('R1'), true), null)
		assert.equal(discardQuestion(classic, 'discard', id('F'), true), null)
		assert.equal(discardQuestion(classic, 'finish', id('K9'), true), null)
	})

	test('a 101 penalty asks even with the okey question off', () => {
		const v = {
			...classic,
			variant: '101',
			legal: [{ type: 'discard', tiles: ids('R1 K9'), penalised: ids('R1 K9') }],
		}
		assert.equal(discardQuestion(v, 'discard', id('K9'), false), 'okey')
		assert.equal(discardQuestion(v, 'discard', id('R1'), false), 'layoff')
	})
})

describe('fitOf', () => {
	// Meld 1 is Computer 2's B6-B7-B8, with an okey in the middle; R9 fits it.
	const v = {
		variant: '101',
		you: 0,
		okey: face('K9'),
		players,
		table: [ids('R1 R2 R3'), [id('B6'), id('K9'), id('B8')], [id('F'), id('Y9'), id('R9')]],
		table_owners: [0, 1, 2],
		legal: [
			{
				type: 'discard',
				tiles: ids('B9 R4 Y9'),
				penalised: ids('B9 R4 K9'),
				fits: [
					{ tile: id('B9'), meld: 1, seat: 1 },
					{ tile: id('R4'), meld: 0, seat: 0 },
					{ tile: id('K9', 1), meld: 2, seat: 2 },
				],
			},
		],
	}

	test("names the owner and the meld's values, the okey as a star", () => {
		assert.deepEqual(fitOf(v, id('B9')), { name: 'Computer 2', meld: '6-★-8', mine: false })
	})

	test('says when the meld is the player\u2019s own', () => {
		assert.equal(fitOf(v, id('R4')).mine, true)
	})

	test('a false okey shows the face it stands for', () => {
		assert.equal(fitOf(v, id('K9', 1)).meld, '9-9-9')
	})

	test('no fits, no name', () => {
		assert.equal(fitOf(v, id('Y9')), null)
		assert.equal(fitOf({ ...v, legal: [] }, id('B9')), null)
	})
})

describe('a tap on a grouped 101 rack', () => {
	const grouped = discarding => {
		const state = table.createTableState({ seat: 0 })
		const legal = discarding ? [{ type: 'discard', tiles: ids('R1 R2 R3 K5') }] : []
		const v = { version: 1, variant: '101', you: 0, rack: ids('R1 R2 R3 K5'), legal }
		table.acceptView(state, { ...v, rack_layout: rack('R1 R2 R3 K5') })
		state.meld101.groups = [ids('R1 R2 R3')]
		return state
	}

	test('at a discard, picks a grouped tile up and keeps its group', () => {
		const state = grouped(true)
		table.tapTile101(state, id('R3'))
		assert.equal(state.selection.tile, id('R3'))
		assert.deepEqual(state.meld101.groups, [ids('R1 R2 R3')])
		table.tapTile101(state, id('R3'))
		assert.equal(state.selection.tile, null)
	})

	test('at a discard, a loose tile beside the groups is picked up, the groups kept', () => {
		const state = grouped(true)
		table.tapTile101(state, id('K5'))
		assert.equal(state.selection.tile, id('K5'))
		assert.deepEqual(state.meld101, { current: [], groups: [ids('R1 R2 R3')], building: false })
	})

	test('with Groups on, a tap takes the tile out of its group and picks nothing up', () => {
		const state = grouped(true)
		table.toggleBuilding(state)
		table.tapTile101(state, id('R3'))
		assert.equal(state.selection.tile, null)
		assert.deepEqual(state.meld101.groups, [ids('R1 R2')])
	})
})

describe('an indicator show is said with what it costs', () => {
	const show = deltas => ({ type: 'show_indicator', seat: 1, tile: id('K8'), deltas })
	const v = { ...classic, players }

	test('the viewer hears the points it costs them', () => {
		const said = sentence(show([-1, 0, -1, 0]), v)
		assert.equal(said, 'Computer 2 showed the indicator: \u22121 for you.')
	})

	test('where it costs the viewer nothing, the shower\u2019s gain', () => {
		const said = sentence(show([0, 1, 0, 0]), v)
		assert.equal(said, 'Computer 2 showed the indicator: +1 for them.')
	})

	test('without deltas, and for the viewer\u2019s own show, the plain sentence', () => {
		assert.equal(sentence(show(undefined), v), 'Computer 2 showed the indicator.')
		assert.equal(sentence({ ...show([1, -1, 0, -1]), seat: 0 }, v), 'You showed the indicator.')
	})
})

describe('startingLevel', async () => {
	const { startingLevel } = await import('../../../frontend/js/home/index.js')
	const won = (classic, okey101) => ({
		stats: { classic: { hands_won: classic }, 101: { hands_won: okey101 } },
	})

	test('gentle until the player has won a hand', () => {
		assert.equal(startingLevel({ level: 'normal' }, null), 'gentle')
		assert.equal(startingLevel({ level: 'normal' }, won(0, 0)), 'gentle')
		assert.equal(startingLevel({ level: 'normal' }, won(0, 1)), 'normal')
		assert.equal(startingLevel({ level: 'normal' }, won(2, 0)), 'normal')
	})

	test('a win seen once is remembered: home\u2019s first paint shows the level Play deals', () => {
		assert.equal(startingLevel({ level: 'normal', wonHand: true }, null), 'normal')
	})

	test('a level the player picked wins over both', () => {
		assert.equal(startingLevel({ level: 'hard', levelPicked: true }, null), 'hard')
		assert.equal(startingLevel({ level: 'easy', levelPicked: true }, won(3, 0)), 'easy')
	})
})
