// A QR code encoder (ISO/IEC 18004): byte mode, error correction M (L when M will not fit),
// versions 1 to 10, so up to 213 bytes at M and 271 at L: a seat link is about 100. Written
// here rather than vendored: a general library carries every mode, version and renderer in
// about three times the bytes, and this module loads only when the "Continue on another
// device" dialog opens. Tested by decoding what it draws (tests/frontend/test_qr.py, zxing-cpp) and
// against reference matrices (tests/frontend/js/qr.test.js).

// Error correction levels: the format-information bits and, per version 1..10, the EC
// codewords per block and the number of blocks (the standard's table 9).
const LEVELS = {
	M: {
		bits: 0,
		ec: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
		blocks: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
	},
	L: {
		bits: 1,
		ec: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
		blocks: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
	},
}
export const MAX_VERSION = 10

// --- Reed-Solomon over GF(256), polynomial x^8 + x^4 + x^3 + x^2 + 1 ---

const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
for (let i = 0, x = 1; i < 255; i++) {
	EXP[i] = EXP[i + 255] = x
	LOG[x] = i
	x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)
}
const mul = (a, b) => (a && b ? EXP[LOG[a] + LOG[b]] : 0)

// The generator (x - α^0)(x - α^1)...(x - α^(n-1)), highest power first, leading 1 left out.
function generator(n) {
	let poly = [1]
	for (let i = 0; i < n; i++) {
		const next = new Array(poly.length + 1).fill(0)
		poly.forEach((c, j) => {
			next[j] ^= c
			next[j + 1] ^= mul(c, EXP[i])
		})
		poly = next
	}
	return poly.slice(1)
}

// The n error correction codewords of `data`: the remainder of data·x^n by the generator.
export function reedSolomon(data, n) {
	const gen = generator(n)
	const rem = new Array(n).fill(0)
	for (const byte of data) {
		const factor = byte ^ rem.shift()
		rem.push(0)
		gen.forEach((g, i) => (rem[i] ^= mul(g, factor)))
	}
	return rem
}

// --- Capacity ---

export const sizeOf = version => version * 4 + 17

// Modules left for data and EC once the function patterns are drawn, in whole codewords.
function codewords(version) {
	let bits = (16 * version + 128) * version + 64
	if (version >= 2) {
		const align = Math.floor(version / 7) + 2
		bits -= (25 * align - 10) * align - 55
		if (version >= 7) bits -= 36
	}
	return bits >> 3
}

const dataCodewords = (version, level) =>
	codewords(version) - LEVELS[level].ec[version - 1] * LEVELS[level].blocks[version - 1]

// Byte mode: 4 bits of mode, a count of 8 bits (versions 1-9) or 16 (10 and up), the bytes.
const dataBits = (version, length) => 4 + (version < 10 ? 8 : 16) + 8 * length

// The smallest version (and level, M before L) that holds `length` bytes.
export function fit(length) {
	for (const level of ['M', 'L']) {
		for (let v = 1; v <= MAX_VERSION; v++) {
			if (dataBits(v, length) <= dataCodewords(v, level) * 8) return { version: v, level }
		}
	}
	throw new RangeError(`a QR code of version ${MAX_VERSION} holds at most 271 bytes`)
}

// --- Codewords: the data bits, padded, split into blocks, EC added, interleaved ---

function dataCodewordsOf(bytes, version, level) {
	const bits = []
	const put = (value, n) => {
		for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1)
	}
	put(0b0100, 4)
	put(bytes.length, version < 10 ? 8 : 16)
	for (const b of bytes) put(b, 8)
	const capacity = dataCodewords(version, level) * 8
	put(0, Math.min(4, capacity - bits.length)) // terminator
	put(0, (8 - (bits.length % 8)) % 8)
	for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8)
	const out = []
	for (let i = 0; i < bits.length; i += 8)
		out.push(bits.slice(i, i + 8).reduce((a, b) => a * 2 + b))
	return out
}

function interleaved(data, version, level) {
	const blocks = LEVELS[level].blocks[version - 1]
	const ec = LEVELS[level].ec[version - 1]
	const short = Math.floor(data.length / blocks)
	const shortBlocks = blocks - (data.length % blocks)
	const split = []
	for (let b = 0, at = 0; b < blocks; b++) {
		const len = short + (b < shortBlocks ? 0 : 1)
		split.push(data.slice(at, at + len))
		at += len
	}
	const out = []
	for (let i = 0; i <= short; i++)
		for (const block of split) if (i < block.length) out.push(block[i])
	const ecs = split.map(block => reedSolomon(block, ec))
	for (let i = 0; i < ec; i++) for (const e of ecs) out.push(e[i])
	return out
}

// --- The symbol ---

// Centres of the alignment patterns along one axis.
function alignment(version) {
	if (version === 1) return []
	const n = Math.floor(version / 7) + 2
	const step = Math.ceil((version * 4 + 4) / (n * 2 - 2)) * 2
	const out = [6]
	for (let pos = sizeOf(version) - 7; out.length < n; pos -= step) out.splice(1, 0, pos)
	return out
}

// 15 format bits: the level and mask under a BCH(15, 5) code, masked by 0x5412.
export function formatBits(level, mask) {
	const data = (LEVELS[level].bits << 3) | mask
	let rem = data
	for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
	return ((data << 10) | rem) ^ 0x5412
}

// 18 version bits (7 and up): the version under a BCH(18, 6) code.
function versionBits(version) {
	let rem = version
	for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
	return (version << 12) | rem
}

// The function patterns of a version: a grid of modules (0 light, 1 dark) and which
// modules they take, so data goes around them.
function functionPatterns(version) {
	const size = sizeOf(version)
	const grid = Array.from({ length: size }, () => new Uint8Array(size))
	const fixed = Array.from({ length: size }, () => new Uint8Array(size))
	const set = (x, y, dark) => {
		grid[y][x] = dark ? 1 : 0
		fixed[y][x] = 1
	}
	for (let i = 0; i < size; i++) {
		set(6, i, i % 2 === 0)
		set(i, 6, i % 2 === 0)
	}
	// Finders with their light separators.
	for (const [cx, cy] of [
		[3, 3],
		[size - 4, 3],
		[3, size - 4],
	]) {
		for (let dy = -4; dy <= 4; dy++) {
			for (let dx = -4; dx <= 4; dx++) {
				const x = cx + dx
				const y = cy + dy
				const dist = Math.max(Math.abs(dx), Math.abs(dy))
				if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, dist !== 2 && dist !== 4)
			}
		}
	}
	const centres = alignment(version)
	const last = centres.length - 1
	centres.forEach((cy, i) =>
		centres.forEach((cx, j) => {
			if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
			for (let dy = -2; dy <= 2; dy++)
				for (let dx = -2; dx <= 2; dx++)
					set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
		}),
	)
	if (version >= 7) {
		const bits = versionBits(version)
		for (let i = 0; i < 18; i++) {
			const dark = (bits >>> i) & 1
			const a = size - 11 + (i % 3)
			const b = Math.floor(i / 3)
			set(a, b, dark)
			set(b, a, dark)
		}
	}
	drawFormat(set, size, 0) // reserved now, written with the chosen mask at the end
	return { grid, fixed, size }
}

function drawFormat(set, size, bits) {
	const bit = i => (bits >>> i) & 1
	for (let i = 0; i <= 5; i++) set(8, i, bit(i))
	set(8, 7, bit(6))
	set(8, 8, bit(7))
	set(7, 8, bit(8))
	for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i))
	for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i))
	for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i))
	set(8, size - 8, 1) // the dark module
}

// The codewords' bits in the zigzag order: two columns at a time from the right, up then
// down, stepping over the vertical timing column.
function placeData(grid, fixed, size, words) {
	let i = 0
	for (let right = size - 1; right >= 1; right -= 2) {
		if (right === 6) right = 5
		const upward = ((right + 1) & 2) === 0
		for (let vert = 0; vert < size; vert++) {
			const y = upward ? size - 1 - vert : vert
			for (let j = 0; j < 2; j++) {
				const x = right - j
				if (fixed[y][x] || i >= words.length * 8) continue
				grid[y][x] = (words[i >>> 3] >>> (7 - (i & 7))) & 1
				i++
			}
		}
	}
}

const MASKS = [
	(x, y) => (x + y) % 2 === 0,
	(x, y) => y % 2 === 0,
	x => x % 3 === 0,
	(x, y) => (x + y) % 3 === 0,
	(x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
	(x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
	(x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
	(x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

function masked(grid, fixed, mask) {
	return grid.map((row, y) =>
		row.map((dark, x) => (!fixed[y][x] && MASKS[mask](x, y) ? dark ^ 1 : dark)),
	)
}

// The standard's penalty (N1 = 3, N2 = 3, N3 = 40, N4 = 10); the mask with the lowest wins.
export function penalty(grid) {
	const size = grid.length
	const lines = [...grid.map(row => [...row]), ...grid.map((_, x) => grid.map(row => row[x]))]
	let score = 0
	const finder = [1, 0, 1, 1, 1, 0, 1]
	for (const line of lines) {
		for (let i = 0, run = 1; i < size; i++) {
			if (i + 1 < size && line[i + 1] === line[i]) run++
			else {
				if (run >= 5) score += 3 + run - 5
				run = 1
			}
		}
		// A finder-like 1:1:3:1:1 with four light modules on a side; outside the symbol is light.
		const padded = [0, 0, 0, 0, ...line, 0, 0, 0, 0]
		for (let i = 0; i + 7 <= padded.length; i++) {
			if (!finder.every((b, k) => padded[i + k] === b)) continue
			const before = i >= 4 && padded.slice(i - 4, i).every(b => !b)
			const after = i + 11 <= padded.length && padded.slice(i + 7, i + 11).every(b => !b)
			score += 40 * (before + after)
		}
	}
	let dark = 0
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			dark += grid[y][x]
			const c = grid[y][x]
			if (
				x + 1 < size &&
				y + 1 < size &&
				c === grid[y][x + 1] &&
				c === grid[y + 1][x] &&
				c === grid[y + 1][x + 1]
			)
				score += 3
		}
	}
	const total = size * size
	return score + 10 * Math.floor(Math.abs(dark * 20 - total * 10) / total)
}

// The QR code of `text` (UTF-8): { version, level, mask, size, modules: rows of 0/1 }.
// `mask` (0..7) forces a mask, for tests; else the one with the lowest penalty.
export function encode(text, { mask } = {}) {
	const bytes = [...new TextEncoder().encode(text)]
	const { version, level } = fit(bytes.length)
	const words = interleaved(dataCodewordsOf(bytes, version, level), version, level)
	const { grid, fixed, size } = functionPatterns(version)
	placeData(grid, fixed, size, words)
	let best = null
	for (let m = 0; m < 8; m++) {
		if (mask != null && m !== mask) continue
		const modules = masked(grid, fixed, m)
		drawFormat((x, y, dark) => (modules[y][x] = dark ? 1 : 0), size, formatBits(level, m))
		const score = mask != null ? 0 : penalty(modules)
		if (!best || score < best.score) best = { score, mask: m, modules }
	}
	return { version, level, mask: best.mask, size, modules: best.modules.map(row => [...row]) }
}

// An SVG drawing of the code: one path of dark squares, a quiet zone of 4 modules around.
export function svg(code, px = 240) {
	const ns = 'http://www.w3.org/2000/svg'
	const side = code.size + 8
	const el = document.createElementNS(ns, 'svg')
	for (const [k, v] of Object.entries({
		viewBox: `0 0 ${side} ${side}`,
		width: px,
		height: px,
		'shape-rendering': 'crispEdges',
		role: 'img',
	}))
		el.setAttribute(k, v)
	const back = document.createElementNS(ns, 'rect')
	back.setAttribute('width', side)
	back.setAttribute('height', side)
	back.setAttribute('fill', '#fff')
	let d = ''
	code.modules.forEach((row, y) =>
		row.forEach((dark, x) => {
			if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`
		}),
	)
	const path = document.createElementNS(ns, 'path')
	path.setAttribute('d', d)
	path.setAttribute('fill', '#000')
	el.append(back, path)
	return el
}
