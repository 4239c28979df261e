// 101 Okey on the table screen: groups picked on the rack and their points, the
// buttons to open and lay them, the melds on the table and drops onto them. The server
// judges every move; the points only guide. Loaded only for 101 tables.
import { t } from './i18n/index.js'
import { h } from './ui.js'
import { tileEl, faceOf, valueOf, FAKE } from './tiles.js'
import { legal, nameOf, button } from './board.js'

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
	return {
		shaped,
		sum,
		ok: sum >= (middle34 ? 34 : 101) || pairs,
		move: asPairs ? { pairs: groups } : { melds: shaped.map(g => g.ids) },
	}
}

// Marks the picked tiles on the rack: the open group as selected, the others by colour.
export function markRack(el, picking) {
	const groups = [...picking.groups, picking.current]
	groups.forEach((group, i) => {
		const marks = group === picking.current ? ['sel'] : ['grp', 'g' + (i % 4)]
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

// The dock's 101 part on our turn: the picked groups with their points, +/×, and
// Open (with ✨, the server's suggestion), Lay, Return.
export function moveButtons(v, picking) {
	const p = picked(v, picking)
	const opened = v.seats[v.you].opened
	const back = legal(v, 'return_discard')
	if (!back && !legal(v, 'discard')) return false
	const tags = p.shaped.map((g, i) => h('span.tag.g' + (i % 4), `${g.ids.length}·${g.pts}`))
	return [
		h(
			'.picked',
			tags,
			h('b', { id: 'sum' }, 'Σ ' + p.sum),
			button('group', '+', picking.current.length > 1),
			button('clear', '×', p.shaped.length),
		),
		!opened && legal(v, 'open') && button('open-hint', t('open') + ' ✨', true, '.gold'),
		opened ? button('lay', t('lay'), p.shaped.length) : button('open', t('open'), p.ok, '.primary'),
		back && button('return', t('return_discard'), true),
	]
}

// The melds on the table, by the seat that laid them (table_owners, when the view has
// it), then the burned sets.
export function meldsOnTable(v) {
	const owners = v.table_owners
	const seats = owners ? [...new Set(owners)].sort() : [null]
	const meld = (tiles, i) =>
		h(
			'.group',
			{ 'data-meld': i, 'data-drop': 'meld', 'data-act': 'meld', role: 'button' },
			tiles.map(id => tileEl(id, v.okey)),
		)
	const bySeat = seat =>
		h(
			'.owner',
			seat != null && h('small.meta', nameOf(v, seat)),
			v.table.map((tiles, i) => (!owners || owners[i] === seat) && meld(tiles, i)),
		)
	const burned =
		v.burned.length > 0 &&
		h(
			'.owner',
			h('small.meta', '🔥'),
			h(
				'.group',
				v.burned.map(id => tileEl(id, v.okey)),
			),
		)
	// It scrolls when the melds outgrow it: focusable, so a keyboard can scroll it too.
	const attrs = { 'aria-label': t('melds_on_table'), tabindex: 0 }
	return h('section.melds', attrs, seats.map(bySeat), burned)
}

// Fades the edge of the melds area that has more melds beyond it, now and as it scrolls.
export function showMeldOverflow(root) {
	const area = root.querySelector('.melds')
	if (!area) return
	const mark = () => {
		area.classList.toggle('more-above', area.scrollTop > 1)
		area.classList.toggle('more-below', area.scrollTop + area.clientHeight < area.scrollHeight - 1)
	}
	area.addEventListener('scroll', mark, { passive: true })
	mark()
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
