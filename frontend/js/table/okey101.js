// 101 Okey on the table screen: groups picked on the rack and their points, the
// buttons to open and lay them, the melds on the table and drops onto them. The server
// judges every move; the points only guide. Loaded only for 101 tables.
import { t, tn, more } from '../i18n/index.js'
import { h } from '../ui.js'
import { tileEl, faceOf, valueOf, FAKE } from '../tiles.js'
import { legal, nameOf, shortName, button } from './board.js'

// A group as laid (runs ascending, wilds in the gaps) and the values its tiles stand for.
export function shape(ids, okey) {
	const face = id => (faceOf(id) === FAKE ? okey : faceOf(id))
	const wilds = ids.filter(id => faceOf(id) === okey)
	const real = ids.filter(id => faceOf(id) !== okey).sort((a, b) => face(a) - face(b))
	const values = real.map(id => valueOf(face(id)))
	if (!real.length || values.every(x => x === values[0])) {
		return { ids: [...real, ...wilds], vals: ids.map(() => values[0] || 0) }
	}
	const out = []
	const vals = []
	let next = values[0]
	real.forEach((id, i) => {
		while (next < values[i] && wilds.length) {
			out.push(wilds.pop())
			vals.push(next++)
		}
		out.push(id)
		vals.push(values[i])
		next = values[i] + 1
	})
	// Wilds left over extend the run: after it while it can grow, else before it.
	for (const id of wilds) {
		if (next < 14) {
			out.push(id)
			vals.push(next++)
		} else {
			out.unshift(id)
			vals.unshift(vals[0] - 1)
		}
	}
	return { ids: out, vals }
}

// A group's points (RULES.md): the sum of its values, or with the "middle 34" opening
// rule, its middle tile's value (runs of 4 and more add their extra middles).
function points(vals, middle34) {
	if (!middle34) return vals.reduce((sum, x) => sum + x, 0)
	const extra = vals.slice(3).reduce((sum, x, k) => sum + Math.trunc(x / (k + 3)), 0)
	return Math.trunc(vals[1] ?? 0) + extra
}

// Two tiles that pair (engine core/melds.py is_pair); after a pairs opening, the test of
// each group (table/state.js pickForMeld), since only pairs may be laid.
export function pairsOf(a, b, okey) {
	const face = id => (faceOf(id) === FAKE ? okey : faceOf(id))
	return faceOf(a) === okey || faceOf(b) === okey || face(a) === face(b)
}
export const pairsOnly = v => v.seats[v.you].opened === 'pairs' && ((a, b) => pairsOf(a, b, v.okey))

// Open ✨'s move and the caption that says it ("4 melds: 112", "5 pairs"), if any. Melds
// first: a pairs opening doubles the rack's count, then allows only pairs (docs/FRONTEND.md).
export function suggestion(v) {
	const offer = type => v.legal.find(a => a.type === 'open' && a[type])
	const m = offer('melds')
	const p = offer('pairs')
	if (m)
		return { move: { melds: m.melds }, label: tn('open_melds', m.melds.length, { p: m.points }) }
	return p && { move: { pairs: p.pairs }, label: tn('open_pairs', p.pairs.length) }
}

// Why a tile dropped on a table meld did not go there: the server's code for that
// refusal (docs/API.md "Moves"), or 'not_now' when no rule is to blame.
export function refusal(v, tile) {
	const opened = v.seats[v.you].opened
	if (tile == null || v.turn !== v.you) return 'not_now'
	return opened === 'pairs' ? 'pairs_only' : opened ? 'does_not_fit' : 'not_opened'
}

// A refusal's code in the player's words (loaded with the first one); null for a code that
// names no rule.
export async function said(code) {
	if (!REFUSALS.includes(code)) return code === 'not_now' ? t(code) : null
	await more()
	return t('r_' + code)
}
const REFUSALS = ['pairs_only', 'not_opened', 'does_not_fit', 'not_a_pair']

// The picked groups (the open one last), their points, and the move they make: melds,
// or pairs. picking: { groups, current } (table/state.js meld101).
export function picked(v, picking) {
	const middle34 = v.options.opening_rule === 'middle34'
	const groups = [...picking.groups, picking.current].filter(g => g.length)
	const shaped = groups
		.map(g => shape(g, v.okey))
		.map(g => ({ ...g, pts: points(g.vals, middle34) }))
	const sum = shaped.reduce((total, g) => total + g.pts, 0)
	const pairs = v.options.pairs_opening && groups.every(g => g.length === 2) && groups.length > 4
	const opened = v.seats[v.you].opened
	const asPairs = opened === 'pairs' || (!opened && pairs)
	const pair = g => g.length === 2 && pairsOf(g[0], g[1], v.okey)
	return {
		shaped,
		sum,
		ok: sum >= (middle34 ? 34 : 101) || pairs,
		layable: shaped.length > 0 && (opened !== 'pairs' || groups.every(pair)),
		move: asPairs ? { pairs: groups } : { melds: shaped.map(g => g.ids) },
	}
}

// Marks each picked group's tiles by its colour, and the rack while "Groups" is on.
export function markRack(el, picking) {
	el.classList.toggle('building', !!picking.building)
	const groups = [...picking.groups, picking.current]
	groups.forEach((group, i) => {
		const marks = ['grp', 'g' + (i % 4)]
		for (const id of group) el.querySelector(`[data-id="${id}"]`)?.classList.add(...marks)
	})
}

// The layoff or okey swap of a tile on meld m: a drop on the okey swaps, on the left
// half lays in front.
export function placeOn(v, tile, m, el, x) {
	const fits = type => v.legal.filter(a => a.type === type && a.tile === tile && a.meld === m)
	const layoffs = fits('layoff')
	const swaps = fits('swap')
	const onOkey = faceOf(el?.closest('.tile')?.dataset.id ?? -2) === v.okey
	if (swaps[0] && (onOkey || !layoffs[0])) return swaps[0]
	const box = el?.closest('.group')?.getBoundingClientRect()
	return box && x < box.left + box.width / 2 ? layoffs[0] : layoffs.at(-1)
}

// The dock's 101 moves on our turn: Groups (a rack tap then groups tiles); with groups, a Σ
// chip that opens their list and ×, and Open or Lay; + while grouping; Open ✨ (the server's
// suggestion, with what it lays under its name); Give back.
export function moveButtons(v, picking) {
	const back = legal(v, 'return_discard')
	const hint = suggestion(v)
	if (!back && !legal(v, 'discard')) return false
	const p = picked(v, picking)
	const opened = v.seats[v.you].opened
	const building = !!picking.building
	const some = p.shaped.length > 0
	const pressed = { 'data-act': 'build', 'aria-pressed': String(building) }
	const tags = p.shaped.map((g, i) => h('span.tag.g' + (i % 4), `${g.ids.length}·${g.pts}`))
	const sums =
		(building || some) &&
		h(
			'details.picked',
			h('summary.btn', { id: 'sum', 'aria-label': t('groups') + ': Σ ' + p.sum }, 'Σ ' + p.sum),
			h('.pop', tags, button('clear', '×', some)),
		)
	const lay = opened
		? button('lay', t('lay'), p.layable)
		: button('open', t('open'), p.ok, '.primary')
	const named = hint && [t('open') + ' ✨', h('small', hint.label)]
	return [
		h('button.btn.build' + (building ? '.on' : ''), pressed, t('groups')),
		sums,
		building && button('group', '+', picking.current.length > 1),
		(building || some) && lay,
		!opened && hint && button('open-hint', named, true, '.gold.suggest.named'),
		back && button('return', t('return_discard'), true),
	]
}

// What the dock's row cannot hold goes under ⋯, in this order (Discard, Open, Lay, Σ stay).
const SPILL = ['return', 'open-hint', 'show', 'end', 'build', 'group']
export function fitActs(root) {
	const acts = root.querySelector('.dock .acts')
	const more = acts?.querySelector(':scope > .more')
	if (more) {
		more.replaceWith(...more.lastChild.children)
		;[...acts.children].sort((a, b) => a.dataset.at - b.dataset.at).forEach(el => acts.append(el))
	}
	const over = () => acts.scrollWidth > acts.clientWidth + 1
	if (!acts || !over()) return
	;[...acts.children].forEach((el, i) => (el.dataset.at = i))
	const pop = h('.pop')
	acts.append(h('details.more', h('summary.btn', { 'aria-label': t('more_moves') }, '⋯'), pop))
	for (const act of SPILL) {
		const el = acts.querySelector(`:scope > [data-act="${act}"]`)
		if (el) pop.append(el)
		if (!over()) break
	}
}
globalThis.addEventListener?.('resize', () => fitActs(document))

// The face each tile of a table meld stands for, as the server reads it (engine
// okey101/table.py stand_ins): a run ascends in the laid order, so a wild at index i of a
// run from s is s + i; in a set a wild takes the colours the real tiles leave free, in
// order; in a pair a wild is the other tile's twin. A fake plays as the okey's face. null
// when the group reads as none of them.
export function standIns(ids, okey) {
	const plays = id => (faceOf(id) === okey ? null : faceOf(id) === FAKE ? okey : faceOf(id))
	const faces = ids.map(plays)
	// A pair (opened with pairs): the wild is the other tile's twin.
	if (ids.length === 2) return faces.map((f, i) => f ?? faces[1 - i] ?? okey)
	let run = null
	faces.forEach((f, i) => {
		if (f == null || run === false) return
		const start = { colour: (f / 13) | 0, first: (f % 13) + 1 - i }
		const same = run && run.colour === start.colour && run.first === start.first
		run = !run || same ? start : false
	})
	if (run && ids.length >= 3 && run.first >= 1 && run.first + ids.length - 1 <= 13) {
		return ids.map((_, i) => run.colour * 13 + run.first - 1 + i)
	}
	const real = faces.filter(f => f != null)
	const value = real.length && real[0] % 13
	const colours = real.map(f => (f / 13) | 0)
	const odd = real.some(f => f % 13 !== value) || new Set(colours).size < real.length
	if (!real.length || ids.length < 3 || ids.length > 4 || odd) {
		return null
	}
	const free = [0, 1, 2, 3].filter(c => !colours.includes(c))
	return faces.map(f => f ?? free.shift() * 13 + value)
}

// A meld's tiles, the wild okey and the fake drawn as the faces they stand for.
function meldTiles(tiles, okey) {
	const faces = standIns(tiles, okey)
	const wild = id => faceOf(id) === okey || faceOf(id) === FAKE
	return tiles.map((id, i) => tileEl(id, okey, 'span', faces && wild(id) ? faces[i] : null))
}

// Can a lay-off lengthen this meld? A set holds four, a run stops at 1 and 13, a pair never.
function canGrow(tiles, okey) {
	if (tiles.length === 2) return false
	const faces = standIns(tiles, okey)
	if (!faces) return true
	if (faces.every(f => f % 13 === faces[0] % 13)) return tiles.length < 4
	return valueOf(faces[0]) > 1 || valueOf(faces.at(-1)) < 13
}

// How many of our rack's tiles could go onto a run one after another (7 then 8 onto 4-5-6,
// a wild in a gap), out to 1 and 13. A set takes one more at most: the spare it keeps anyway.
export function ownFits(tiles, okey, rack) {
	const faces = standIns(tiles, okey)
	if (!faces || faces.length < 3 || faces[0] % 13 === faces[1] % 13) return 0
	const real = rack.filter(id => faceOf(id) !== okey)
	const have = new Set(real.map(id => (faceOf(id) === FAKE ? okey : faceOf(id))))
	let wilds = rack.length - real.length
	// Each of our tiles goes once; a wild stands in where no real tile fits.
	const take = face => {
		if (have.delete(face)) return true
		if (wilds === 0) return false
		wilds--
		return true
	}
	let fits = 0
	let low = faces[0]
	let high = faces.at(-1)
	while (valueOf(high) < 13 && take(high + 1)) {
		high++
		fits++
	}
	while (valueOf(low) > 1 && take(low - 1)) {
		low--
		fits++
	}
	return fits
}

// Each meld's width in tiles, fixed at the turn's start: one spare where it can grow, and on
// our own turn as many as our rack could lay on it in a row, so each lay-off fills room kept
// for it and nothing on its line moves (a wider meld would wrap down a line).
let room = { key: null, slots: new Map() }
function meldSlots(v) {
	const key = `${v.table_id}:${v.hand}:${v.turn}`
	if (room.key !== key) room = { key, slots: new Map() }
	const ours = v.turn === v.you && v.rack ? v.rack : []
	v.table.forEach((tiles, i) => {
		if (room.slots.has(i)) return
		const spare = Math.max(canGrow(tiles, v.okey) ? 1 : 0, ownFits(tiles, v.okey, ours))
		room.slots.set(i, tiles.length + spare)
	})
	return room.slots
}

// Tiles and 1 px gaps, 3 px padding each side (box-sizing: border-box).
function slotsWidth(n) {
	return `calc(${n} * (var(--felt-tile-w) + 1px) + 5px)`
}

// The melds on the table, by the seat that laid them (table_owners, when the view has
// it), then the burned sets. Each seat's melds follow its short name, on the same line.
export function meldsOnTable(v) {
	const owners = v.table_owners
	const seats = owners ? [...new Set(owners)].sort() : [null]
	const slots = meldSlots(v)
	const meld = (tiles, i) => {
		const group = h(
			'.group',
			{ 'data-meld': i, 'data-drop': 'meld', 'data-act': 'meld', role: 'button' },
			meldTiles(tiles, v.okey),
		)
		const n = Math.max(slots.get(i) ?? 0, tiles.length)
		group.style.minWidth = slotsWidth(n)
		// Its width with room for one more tile only, for a table too full to keep more.
		group.dataset.lean = tiles.length + (canGrow(tiles, v.okey) ? 1 : 0)
		return group
	}
	const owner = seat =>
		seat != null &&
		h(
			'small.meta.who-laid',
			{ title: nameOf(v, seat) },
			seat === v.you ? t('you') : shortName(v, seat),
		)
	const bySeat = seat => {
		const melds = v.table.map((tiles, i) => (!owners || owners[i] === seat) && meld(tiles, i))
		const [first, ...rest] = melds.filter(Boolean)
		return h('.owner', first && h('.lead', owner(seat), first), rest)
	}
	const burned =
		v.burned.length > 0 &&
		h(
			'.owner',
			h('small.meta.who-laid', '🔥'),
			h(
				'.group.burned',
				v.burned.map(id => tileEl(id, v.okey)),
			),
		)
	// When the melds outgrow it even at the smallest tiles it scrolls: focusable, so a
	// keyboard can scroll it too.
	const attrs = { 'aria-label': t('melds_on_table'), tabindex: 0 }
	return h('section.melds', attrs, seats.map(bySeat), burned)
}

// Meld tile widths tried, largest first: the melds take the largest with which every
// meld is in view; below the last the area scrolls instead.
const MELD_TILE_WIDTHS = [34, 31, 28, 26, 24, 22, 20]

// Sizes the meld tiles to the area, then marks the edges that have more melds beyond
// them with a fade (.more-above, .more-below), now and as the area scrolls or resizes.
// scrollTop: where the area that this one replaces was scrolled to.
export function fitMelds(root, scrollTop = 0) {
	const area = root.querySelector('.melds')
	if (!area) return
	const fits = () => area.scrollHeight <= area.clientHeight
	const tryWidths = () =>
		MELD_TILE_WIDTHS.some(width => {
			area.style.setProperty('--meld-tile-w', width + 'px')
			return fits()
		})
	// Every meld in view comes first: give up the room kept for our own lay-offs, then
	// the one spare tile's room too (a lay-off may then move the melds after it).
	const lean = tight => {
		for (const group of area.querySelectorAll('.group[data-lean]')) {
			group.style.minWidth = tight ? '' : slotsWidth(group.dataset.lean)
		}
		return tryWidths()
	}
	const fit = () => {
		area.dataset.room = 'own'
		if (!tryWidths()) area.dataset.room = lean(false) ? 'lean' : (lean(true), 'tight')
		mark()
	}
	const mark = () => {
		area.classList.toggle('more-above', area.scrollTop > 1)
		area.classList.toggle('more-below', area.scrollTop + area.clientHeight < area.scrollHeight - 1)
	}
	area.addEventListener('scroll', mark, { passive: true })
	fit()
	area.scrollTop = scrollTop
	mark()
	// The dock's Σ chips, a turned phone: the area changes size, the tiles follow.
	const size = () => `${area.clientWidth}x${area.clientHeight}`
	let seen = size()
	const observer = new ResizeObserver(() => {
		if (!area.isConnected) return observer.disconnect()
		if (size() !== seen) fit()
		seen = size()
	})
	observer.observe(area)
}

// While a tile is dragged near the top or bottom edge of the melds area, it scrolls, so
// that a meld out of view can be reached.
export function scrollMeldsToward(root, x, y) {
	const area = root.querySelector('.melds')
	const box = area?.getBoundingClientRect()
	if (!box || x < box.left || x > box.right || y < box.top - 20 || y > box.bottom + 20) return
	const edge = 28
	if (y < box.top + edge) area.scrollTop -= 8
	else if (y > box.bottom - edge) area.scrollTop += 8
}
