// The rack: a layout of 2 rows × 15 slots holding tile ids (null: a gap), kept in
// step with the server's rack; moves, rendering and keyboard steps.
import { tileEl, faceOf } from '../tiles.js'
import { t } from '../i18n/index.js'
import { h } from '../ui.js'

const SLOTS = 15
const isLayout = layout =>
	Array.isArray(layout) && layout.length === 2 && layout.every(row => row?.length === SLOTS)

export function locate(layout, id) {
	for (let row = 0; row < 2; row++) {
		const col = layout[row].indexOf(id)
		if (col >= 0) return [row, col]
	}
}

// A new tile goes after the last tile of the lower row, else to the first gap.
function freeSlot(layout) {
	const col = layout[1].findLastIndex(id => id != null) + 1
	if (col < SLOTS) return [1, col]
	for (let row = 0; row < 2; row++) {
		const gap = layout[row].indexOf(null)
		if (gap >= 0) return [row, gap]
	}
}

// Put a tile on (row, col). An occupied slot pushes its neighbours toward the nearest gap
// in the row (to the right on a tie), so a tile moved one slot over passes its neighbour;
// a full row sends the tile to a free slot.
export function place(layout, id, row, col) {
	const at = locate(layout, id)
	if (at) layout[at[0]][at[1]] = null
	const slots = layout[row]
	const left = slots.lastIndexOf(null, col)
	const right = slots.indexOf(null, col)
	const nearest = left < 0 || (right >= 0 && right - col <= col - left) ? right : left
	if (nearest >= 0) {
		slots.splice(nearest, 1)
		slots.splice(col, 0, id)
		return layout
	}
	const free = freeSlot(layout)
	if (free) layout[free[0]][free[1]] = id
	return layout
}

// Keep the tiles still on the rack, drop the rest, add the new ones (the first to
// `prefer`, when given).
export function reconcile(layout, rack, prefer) {
	if (!isLayout(layout)) return defaultLayout(rack)
	const seen = new Set()
	const keep = id => rack.includes(id) && !seen.has(id) && seen.add(id)
	const out = layout.map(row => row.map(id => (keep(id) ? id : null)))
	for (const id of rack) {
		if (seen.has(id)) continue
		const slot = prefer || freeSlot(out)
		prefer = null
		if (slot) place(out, id, slot[0], slot[1])
	}
	return out
}

// A fresh rack: by face, eight on the top row (half of a 101 rack).
function defaultLayout(rack) {
	const layout = [Array(SLOTS).fill(null), Array(SLOTS).fill(null)]
	const top = Math.max(8, rack.length >> 1)
	const byFace = [...rack].sort((a, b) => faceOf(a) - faceOf(b) || a - b)
	byFace.forEach((id, i) => {
		if (i < top) layout[0][i] = id
		else layout[1][i - top] = id
	})
	return layout
}

// A row's width in tiles on a portrait phone's one line: a run of empty slots is 0.25.
export function rowUnits(ids) {
	const gaps = ids.filter((id, col) => id == null && (col === 0 || ids[col - 1] != null))
	return ids.filter(id => id != null).length + 0.25 * gaps.length
}

// opts: okey, selected, hint (advised discard), fresh (arrived last), focus, canfin.
export function renderRack(el, layout, opts) {
	el.setAttribute('role', 'group')
	el.setAttribute('aria-label', t('your_rack'))
	const tile = id => {
		const button = tileEl(id, opts.okey, 'button')
		button.classList.toggle('sel', id === opts.selected)
		button.classList.toggle('hinted', id === opts.hint)
		button.classList.toggle('newt', id === opts.fresh)
		button.classList.toggle('canfin', opts.canfin.includes(id))
		if (id === opts.selected) button.setAttribute('aria-pressed', 'true')
		// One tab stop on the rack (arrows move within it): the picked-up or focused tile.
		button.tabIndex = id === (opts.selected ?? opts.focus) ? 0 : -1
		return button
	}
	// A no-op click listener: chromium moves a touch toward what listens, so a narrow gap
	// keeps its taps from the tile beside it.
	const slot = (id, row, col) =>
		h(
			'.slot',
			{ 'data-r': row, 'data-c': col, onclick: id == null && (() => {}) },
			id != null && tile(id),
		)
	const line = (ids, row) => {
		const el = h(
			'.row',
			ids.map((id, col) => slot(id, row, col)),
		)
		el.style.setProperty('--units', rowUnits(ids))
		return el
	}
	el.replaceChildren(...layout.map(line))
	if (!el.querySelector('[tabindex="0"]')) {
		const first = el.querySelector('.tile')
		if (first) first.tabIndex = 0
	}
}

// The nearest slot (by its centre, 0 px ones skipped), while over the rack or a little off it.
export function slotAt(el, x, y) {
	const box = el.getBoundingClientRect()
	if (x < box.left - 10 || x > box.right + 10 || y < box.top - 30 || y > box.bottom + 10) return
	let nearest
	let distance = Infinity
	;[...el.children].forEach((line, row) => {
		;[...line.children].forEach((slot, col) => {
			const b = slot.getBoundingClientRect()
			if (b.width < 1) return
			// Measured from 4 px lower: a lower line wins from just above its top edge, where
			// a finger dragging down toward it lands first.
			const d = Math.hypot(x - b.left - b.width / 2, y + 4 - b.top - b.height / 2)
			if (d < distance) {
				distance = d
				nearest = [row, col]
			}
		})
	})
	return nearest
}

// The neighbour in an arrow's direction: the next tile, or with `any` (moving a tile)
// the next slot.
export function step(layout, [row, col], key, any) {
	const dc = { ArrowLeft: -1, ArrowRight: 1 }[key]
	if (dc) {
		for (let c = col + dc; c >= 0 && c < SLOTS; c += dc) {
			if (any || layout[row][c] != null) return [row, c]
		}
		return
	}
	const otherRow = key === 'ArrowUp' ? 0 : 1
	if (otherRow === row) return
	if (any) return [otherRow, col]
	// The nearest tile in the other row, looking left first.
	for (let d = 0; d < SLOTS; d++) {
		for (const c of [col - d, col + d]) if (layout[otherRow][c] != null) return [otherRow, c]
	}
}
