// The rack: a 2×15 layout of tile ids (null: a gap) kept in step with the
// server's rack; moves, rendering, keyboard steps.
import { tileEl, faceOf } from './tiles.js'
import { t } from './i18n/index.js'
import { h } from './ui.js'

const N = 15, valid = L => Array.isArray(L) && L.length === 2 && L.every(r => r?.length === N)

export function locate(L, id) {
	for (let r = 0; r < 2; r++) { const c = L[r].indexOf(id); if (c >= 0) return [r, c] }
}

// A new tile goes after the last tile of the lower row, else to the first gap.
function freeSlot(L) {
	const c = L[1].findLastIndex(v => v != null) + 1
	if (c < N) return [1, c]
	for (let r = 0; r < 2; r++) { const k = L[r].indexOf(null); if (k >= 0) return [r, k] }
}

// Put id at (r, c); an occupied slot pushes its neighbours toward the nearest gap in the row.
export function place(L, id, r, c) {
	const at = locate(L, id)
	if (at) L[at[0]][at[1]] = null
	const row = L[r], right = row.indexOf(null, c), j = right >= 0 ? right : row.lastIndexOf(null, c)
	if (j >= 0) { row.splice(j, 1); row.splice(c, 0, id); return L }
	const s = freeSlot(L)
	if (s) L[s[0]][s[1]] = id
	return L
}

// Keep the tiles still on the rack, drop the rest, add the new ones.
export function reconcile(L, rack, prefer) {
	if (!valid(L)) return defaultLayout(rack)
	const seen = new Set()
	const out = L.map(row => row.map(id => (rack.includes(id) && !seen.has(id) ? (seen.add(id), id) : null)))
	for (const id of rack) {
		if (seen.has(id)) continue
		const s = prefer || freeSlot(out)
		prefer = null
		if (s) place(out, id, s[0], s[1])
	}
	return out
}

// A fresh rack: by face, eight on the top row (half of a 101 rack).
function defaultLayout(rack) {
	const L = [Array(N).fill(null), Array(N).fill(null)], top = Math.max(8, rack.length >> 1);
	[...rack].sort((a, b) => faceOf(a) - faceOf(b) || a - b).forEach((id, i) => { L[+(i >= top)][i < top ? i : i - top] = id })
	return L
}

// opts: okey, selected, hint, fresh, focus, canfin (tile ids).
export function renderRack(el, L, o) {
	el.setAttribute('role', 'group')
	el.setAttribute('aria-label', t('your_rack'))
	const tile = id => {
		const b = tileEl(id, o.okey, 'button')
		for (const [k, on] of [['sel', id === o.selected], ['hinted', id === o.hint], ['newt', id === o.fresh], ['canfin', o.canfin.includes(id)]]) b.classList.toggle(k, on);
		if (id === o.selected) b.setAttribute('aria-pressed', 'true')
		b.tabIndex = id === (o.selected ?? o.focus) ? 0 : -1
		return b
	}
	el.replaceChildren(...L.map((row, r) => h('.row', row.map((id, c) => h('.slot', { 'data-r': r, 'data-c': c }, id != null && tile(id))))))
	if (!el.querySelector('[tabindex="0"]')) { const f = el.querySelector('.tile'); if (f) f.tabIndex = 0 }
}

// The slot under a point (the nearest one while over the rack).
export function slotAt(el, x, y) {
	const b = el.getBoundingClientRect()
	if (x < b.left - 10 || x > b.right + 10 || y < b.top - 30 || y > b.bottom + 10) return
	const rows = el.children, r = y >= rows[1].getBoundingClientRect().top - 4 ? 1 : 0
	let best = 0, bd = Infinity;
	[...rows[r].children].forEach((s, c) => { const q = s.getBoundingClientRect(); const d = Math.abs(x - q.left - q.width / 2); if (d < bd) { bd = d; best = c } })
	return [r, best]
}

// The neighbour in an arrow's direction: the next tile, or any slot when moving a tile.
export function step(L, [r, c], key, any) {
	const dc = { ArrowLeft: -1, ArrowRight: 1 }[key]
	if (dc) {
		for (let k = c + dc; k >= 0 && k < N; k += dc) if (any || L[r][k] != null) return [r, k];
		return
	}
	const nr = key === 'ArrowUp' ? 0 : 1
	if (nr === r) return
	if (any) return [nr, c]
	for (let d = 0; d < N; d++) for (const k of [c - d, c + d]) if (L[nr][k] != null) return [nr, k];
}
