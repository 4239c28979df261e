// frontend/js/qr.js, the QR encoder behind "Continue on another device".
//
// qr-vectors.json holds reference symbols made once by another encoder, zxing-cpp 3.1.1
// (its writer is zint's): for each text,
//   zxingcpp.create_barcode(text, BarcodeFormat.QRCode, ec_level=level)
//       .to_image(scale=1, add_quiet_zones=False)
// read module by module (dark = 1), each row written as hex. Encoders may pick different
// masks (the penalty rules leave room), so each reference's mask is read from its own
// format bits and ours is made with that mask; then every module must agree: data,
// padding, Reed-Solomon blocks, interleaving, placement, format and version bits.
// tests/frontend/test_qr.py decodes what this encoder makes, for many texts, with zxing-cpp.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { encode, fit, formatBits, penalty, reedSolomon, sizeOf } from '../../../frontend/js/qr.js'

const VECTORS = JSON.parse(readFileSync(new URL('./qr-vectors.json', import.meta.url), 'utf8'))

const rowsOf = vector =>
	vector.rows.map(hex =>
		[
			...BigInt('0x' + hex)
				.toString(2)
				.padStart(vector.size, '0'),
		].map(Number),
	)

// The 15 format bits of a symbol, from the copy beside the top-left finder.
function formatOf(modules) {
	const at = [
		[8, 0],
		[8, 1],
		[8, 2],
		[8, 3],
		[8, 4],
		[8, 5],
		[8, 7],
		[8, 8],
		[7, 8],
		[5, 8],
		[4, 8],
		[3, 8],
		[2, 8],
		[1, 8],
		[0, 8],
	]
	return at.reduce((bits, [x, y], i) => bits | (modules[y][x] << i), 0)
}

test('each reference symbol is reproduced module for module with its mask', () => {
	for (const vector of VECTORS) {
		const reference = rowsOf(vector)
		const mask = ((formatOf(reference) ^ 0x5412) >> 10) & 7
		const code = encode(vector.text, { mask })
		assert.equal(code.level, vector.level, vector.text)
		assert.equal(code.size, vector.size, vector.text)
		assert.equal(formatBits(code.level, mask), formatOf(reference))
		assert.deepEqual(code.modules, reference, vector.text)
	}
})

test('the seat link of a deployed site fits a version 6 symbol at level M', () => {
	const link = `https://d111111abcdef8.cloudfront.net/#/seat/Xy_-12345678/3/${'Q'.repeat(43)}`
	const code = encode(link)
	assert.deepEqual([code.version, code.level, code.size], [6, 'M', 41])
})

test('Reed-Solomon codewords of the textbook example (HELLO WORLD, 1-M)', () => {
	const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
	assert.deepEqual(reedSolomon(data, 10), [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
})

test('the smallest version holds the text, M before L, up to version 10', () => {
	assert.deepEqual(fit(0), { version: 1, level: 'M' })
	assert.deepEqual(fit(14), { version: 1, level: 'M' })
	assert.deepEqual(fit(15), { version: 2, level: 'M' })
	assert.deepEqual(fit(106), { version: 6, level: 'M' })
	assert.deepEqual(fit(107), { version: 7, level: 'M' })
	assert.deepEqual(fit(213), { version: 10, level: 'M' })
	assert.deepEqual(fit(214), { version: 9, level: 'L' })
	assert.deepEqual(fit(230), { version: 9, level: 'L' })
	assert.deepEqual(fit(231), { version: 10, level: 'L' })
	assert.deepEqual(fit(271), { version: 10, level: 'L' })
	assert.throws(() => fit(272), RangeError)
	assert.equal(sizeOf(10), 57)
})

test('without a forced mask the one with the lowest penalty is chosen', () => {
	for (const text of ['hello', 'https://istaka.example/#/seat/abc/0/' + 'k'.repeat(43)]) {
		const scores = [...Array(8).keys()].map(mask => penalty(encode(text, { mask }).modules))
		assert.equal(encode(text).mask, scores.indexOf(Math.min(...scores)))
	}
})

test('penalties follow the standard on small cases', () => {
	// 5x5 all light: each of 10 lines is one run of 5 (3 each), 16 2x2 blocks (3 each), and
	// 0% dark is 50 points from 50% (10 per 5%): 30 + 48 + 100.
	const light = Array.from({ length: 5 }, () => Array(5).fill(0))
	assert.equal(penalty(light), 30 + 48 + 100)
	// A checkerboard: no runs, no blocks, 13 of 25 dark (52%): nothing.
	const board = Array.from({ length: 5 }, (_, y) =>
		Array.from({ length: 5 }, (_, x) => (x + y + 1) % 2),
	)
	assert.equal(penalty(board), 0)
})
