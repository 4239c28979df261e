// Issue 11: a 101 discard that costs a penalty is asked about first (board.js
// discardPenalty, which table/actions.js act checks), and each line of a hand's score is
// put in words (end.js itemLabel).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { discardPenalty } from '../../../frontend/js/table/board.js'
import { itemLabel } from '../../../frontend/js/table/end.js'
import { more } from '../../../frontend/js/i18n/index.js'
import { failOnConsoleError } from './helpers.js'

failOnConsoleError()
await more() // the result panel's words load with it (table/sync.js loadEnd)

// Okey Y7 (face 19, tiles 38 and 39); R9 is tile 16. The legal discard names 16 and 38.
const view = {
	variant: '101',
	okey: 19,
	players: [
		{ seat: 0, name: 'Ayşe' },
		{ seat: 1, name: 'Can' },
	],
	legal: [{ type: 'discard', tiles: [3, 16, 38], penalised: [16, 38] }],
}

test('only the tiles the server names cost a penalty, and say why', () => {
	assert.equal(discardPenalty(view, 'discard', 16), 'layoff')
	assert.equal(discardPenalty(view, 'discard', 38), 'okey')
	assert.equal(discardPenalty(view, 'discard', 3), null)
	assert.equal(discardPenalty(view, 'layoff', 16), null)
	// Classic views and views without the list never ask.
	assert.equal(discardPenalty({ legal: [{ type: 'discard', tiles: [16] }] }, 'discard', 16), null)
	assert.equal(discardPenalty({ legal: [] }, 'discard', 16), null)
})

test('every line of a hand is put in words', () => {
	const said = line => itemLabel(view, line)
	assert.equal(said({ item: 'finish', points: -101 }), 'Finished')
	assert.equal(said({ item: 'okey_finish', points: -101 }), 'Okey placed last: doubled')
	assert.equal(said({ item: 'rack', points: 23, tiles: 4 }), 'Tiles left on the rack (4)')
	assert.equal(said({ item: 'pairs', points: 23 }), 'Opened with pairs: doubled')
	assert.equal(said({ item: 'never_opened', points: 202 }), 'Never opened')
	assert.equal(said({ item: 'partner_out', points: 0 }), 'Partner finished')
	assert.equal(
		said({ item: 'penalty', points: 101, tile: 16, reason: 'layoff' }),
		'Penalty: discarded red 9, which could be laid on the table',
	)
	assert.equal(
		said({ item: 'penalty', points: 101, tile: 38, reason: 'okey' }),
		'Penalty: discarded an okey',
	)
	assert.equal(said({ item: 'indicator', points: -1, seat: 1 }), 'Can showed the indicator')
	assert.equal(said({ item: 'finish', points: -2, seat: 0 }), 'Ayşe finished')
})
