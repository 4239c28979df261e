// frontend/js/tiles.js: faces, values and the spoken labels of tiles. tileEl, faceTile and
// backTile build elements and need a DOM; they are not tested here.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { FAKE, faceOf, valueOf, faceLabel, tileLabel } from '../../../frontend/js/tiles.js'
import { face, id, failOnConsoleError } from './helpers.js'

failOnConsoleError()

describe('faces and values', () => {
	test('both copies of a tile have its face', () => {
		assert.equal(faceOf(id('R8', 0)), face('R8'))
		assert.equal(faceOf(id('R8', 1)), face('R8'))
		assert.equal(faceOf(id('K13', 1)), face('K13'))
	})

	test('both fake okeys (ids 104 and 105) have the face FAKE', () => {
		assert.equal(FAKE, 52)
		assert.equal(faceOf(104), FAKE)
		assert.equal(faceOf(105), FAKE)
	})

	test('the value of a face runs 1 to 13 in each colour', () => {
		for (const c of 'RYBK') {
			assert.equal(valueOf(face(c + 1)), 1)
			assert.equal(valueOf(face(c + 7)), 7)
			assert.equal(valueOf(face(c + 13)), 13)
		}
	})
})

describe('faceLabel', () => {
	test('names the colour, then the value', () => {
		assert.equal(faceLabel(face('R8')), 'red 8')
		assert.equal(faceLabel(face('Y1')), 'yellow 1')
		assert.equal(faceLabel(face('B10')), 'blue 10')
		assert.equal(faceLabel(face('K13')), 'black 13')
	})

	test('names the fake okey', () => {
		assert.equal(faceLabel(FAKE), 'fake okey')
	})
})

describe('tileLabel', () => {
	test('names a plain tile by its face', () => {
		assert.equal(tileLabel(id('B5', 1), face('K9')), 'blue 5')
	})

	test('marks the okey', () => {
		assert.equal(tileLabel(id('K9', 1), face('K9')), 'black 9, okey')
	})

	test('marks the okey red 1 too (face 0)', () => {
		assert.equal(tileLabel(id('R1'), face('R1')), 'red 1, okey')
	})

	test('says what a fake okey plays as', () => {
		assert.equal(tileLabel(104, face('K9')), 'fake okey (plays as black 9)')
		assert.equal(tileLabel(105, face('R1')), 'fake okey (plays as red 1)')
	})

	test('names a fake okey alone when the okey is not known', () => {
		assert.equal(tileLabel(104, null), 'fake okey')
		assert.equal(tileLabel(id('R1'), undefined), 'red 1')
	})
})
