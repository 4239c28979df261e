// 101 Okey: groups picked on the rack and their points, drops on table melds.
// The server judges every move; the points only guide.
import { faceOf, valueOf, FAKE } from './tiles.js'

// A group as laid (runs ascending, wilds in the gaps) and the values its tiles stand for.
export function shape(ids, okey) {
	const face = id => (faceOf(id) === FAKE ? okey : faceOf(id)), w = ids.filter(id => faceOf(id) === okey)
	const real = ids.filter(id => faceOf(id) !== okey).sort((a, b) => face(a) - face(b))
	const val = real.map(id => valueOf(face(id)))
	if (!real.length || val.every(x => x === val[0])) return { ids: [...real, ...w], vals: ids.map(() => val[0] || 0) }
	const out = [], vals = []
	let x = val[0]
	real.forEach((id, i) => {
		while (x < val[i] && w.length) { out.push(w.pop()); vals.push(x++) }
		out.push(id); vals.push(x = val[i]); x++
	})
	for (const id of w) if (x < 14) { out.push(id); vals.push(x++) } else { out.unshift(id); vals.unshift(vals[0] - 1) }
	return { ids: out, vals }
}

// The picked groups (the open one last), their points (RULES.md) and the move: melds or pairs.
export function picked(T) {
	const v = T.view, mid = v.options.opening_rule === 'middle34', groups = [...T.groups, T.cur].filter(g => g.length)
	const shaped = groups.map(g => shape(g, v.okey)).map(g => ({ ...g, pts: mid ? ~~g.vals[1] + g.vals.slice(3).reduce((s, x, k) => s + ~~(x / (k + 3)), 0) : g.vals.reduce((s, x) => s + x, 0) }))
	const sum = shaped.reduce((s, g) => s + g.pts, 0)
	const pairs = v.options.pairs_opening && groups.every(g => g.length === 2) && groups.length > 4
	const opened = v.seats[v.you].opened
	return { shaped, sum, ok: sum >= (mid ? 34 : 101) || pairs, move: opened === 'pairs' || (!opened && pairs) ? { pairs: groups } : { melds: shaped.map(g => g.ids) } }
}

// A tap on a rack tile takes it out of its group, or in or out of the open group.
export function pick(T, id) {
	const g = T.groups.find(x => x.includes(id))
	if (g) g.splice(g.indexOf(id), 1)
	else T.cur = T.cur.includes(id) ? T.cur.filter(x => x !== id) : [...T.cur, id]
	T.groups = T.groups.filter(x => x.length)
	T.sel = T.cur.length === 1 && !T.groups.length ? T.cur[0] : null
}

export const markRack = (el, T) => [...T.groups, T.cur].forEach((g, i) => g.forEach(id =>
	el.querySelector(`[data-id="${id}"]`)?.classList.add(...(g === T.cur ? ['sel'] : ['grp', 'g' + (i % 4)]))))

// The layoff or okey swap of a tile on meld m: a drop on the okey swaps, on the left half lays in front.
export function placeOn(v, tile, m, el, x) {
	const [lo, sw] = ['layoff', 'swap'].map(type => v.legal.filter(a => a.type === type && a.tile === tile && a.meld === m))
	const box = el?.closest('.group')?.getBoundingClientRect()
	if (sw[0] && (faceOf(el?.closest('.tile')?.dataset.id ?? -2) === v.okey || !lo[0])) return sw[0]
	return box && x < box.left + box.width / 2 ? lo[0] : lo.at(-1)
}
