// The felt: opponents, discard corners, pile, indicator, okey, 101 melds and the
// dock (status, move buttons). Rendering only; table.js handles data-act.
import { t, tn } from './i18n/index.js'
import { h } from './ui.js'
import { tileEl, faceTile, backTile, faceLabel } from './tiles.js'
import { picked } from './okey101.js'

export const legal = (v, type) => v?.legal?.find(a => a.type === type)
export const playerOf = (v, s) => v?.players?.find(p => p.seat === s) || {}
export const nameOf = (v, s) => playerOf(v, s).name || t('player_n', { n: s + 1 })
const pad = n => String(n).padStart(2, '0')
export const discardsOf = (v, s, mine) => (mine ? t('your_discards') : t('discards_of', { name: nameOf(v, s) }))
const button = (act, label, on, cls = '') => h('button.btn' + cls, { 'data-act': act, disabled: !on }, label)

// Seen from seat me: the relative seat, the side of the table, the discard corner.
export function place(n, s, me) {
	const rel = (s - me + n) % n
	const side = n === 2 ? 'top' : ['', 'right', n === 3 ? 'left' : 'top', 'left'][rel]
	return { rel, side, corner: rel === 0 ? 'br' : rel === n - 1 ? 'bl' : rel === 1 ? 'tr' : 'tl' }
}

export function clock(v) {
	if (!v?.deadline || v.phase === 'over' || v.mode !== 'friends') return ''
	const s = Math.max(0, Math.round((v.deadline - Date.now()) / 1000))
	return s >= 3600 ? `${(s / 3600) | 0}h${pad(((s % 3600) / 60) | 0)}` : `${(s / 60) | 0}:${pad(s % 60)}`
}

const score = st => h('span.sc', { title: t('total') }, st.score ?? st.total)
// With partners, seats 0 + 2 play against 1 + 3: a mark on each name.
export const team = (v, s) => v.options.partners && h('span.tag.team.t' + (s % 2), { title: t('team') }, 'AB'[s % 2])
const timer = (v, s) => v.turn === s && clock(v) && h('span.clock', { 'data-clock': '' }, clock(v))

function badge(v, s, side) {
	const p = playerOf(v, s), turn = v.turn === s && v.phase !== 'over', name = nameOf(v, s)
	const tag = p.kind === 'bot' ? t('computer') : p.auto ? t('auto') : null
	return h('.opp.pos-' + side + (turn ? '.turn' : ''), { 'data-seat': s, title: p.level && t('lvl_' + p.level), 'aria-label': [name, tag, turn && t('on_turn')].filter(Boolean).join(', ') },
		h('span.av', { 'aria-hidden': 'true' }, p.kind === 'bot' ? '🤖' : [...name][0].toUpperCase()),
		h('span.who', h('b.nm', team(v, s), name), h('span.sub', h('small.meta', tn('n_tiles', v.seats[s].tiles)), tag && h('small.tag', tag), v.seats[s].opened && h('small.tag', t('open') + ' ✓'))),
		score(v.seats[s]), timer(v, s))
}

function corner(v, s, pos, spectator) {
	const st = v.seats[s], mine = !pos.rel && !spectator, left = pos.rel === v.seats.length - 1 && !spectator
	const take = left && legal(v, 'take_discard')
	const top = st.discard_top != null && tileEl(st.discard_top, v.okey, take ? 'button' : 'span')
	if (take && top) {
		Object.assign(top.dataset, { act: 'take', src: 'left' })
		top.classList.add('glow')
		top.setAttribute('aria-label', t('take_x', { tile: top.getAttribute('aria-label') }))
	}
	return h('.disc.c-' + pos.corner + (mine ? '.mine' : '') + (left ? '.left' : ''), { 'data-seat': s, 'data-drop': mine && 'discard', 'data-act': mine && 'discard-here' },
		h('.dslot', top),
		st.discard_count > 0 && h('button.count', { 'data-act': 'browse', 'data-seat': s, 'aria-label': `${discardsOf(v, s, mine)}: ${st.discard_count}` }, st.discard_count))
}

export function status(v, me, spectator) {
	if (v.status === 'waiting') return t('s_waiting')
	if (v.phase === 'over') return t(v.match_over ? 's_match_over' : 's_hand_over')
	const turn = nameOf(v, v.turn)
	if (spectator || v.turn !== me) return t('s_wait', { name: turn })
	const n = v.seats.length, k101 = v.variant === '101' && v.phase === 'play' && status101(v)
	if (k101) return t(k101)
	const p = { name: nameOf(v, legal(v, 'discard') ? (me + 1) % n : (me + n - 1) % n) }
	const key = legal(v, 'draw') ? (legal(v, 'take_discard') ? 's_take' : 's_take_pile')
		: legal(v, 'end_hand') ? (legal(v, 'take_discard') ? 's_empty_take' : 's_empty')
			: legal(v, 'finish') ? 's_finish' : 's_discard'
	return t(key, p) + (legal(v, 'show_indicator') ? ' · ' + t('s_can_show') : '')
}

// The melds on the table, by the seat that laid them (table_owners) when the view has it; burned sets.
function meldsEl(v) {
	const own = v.table_owners
	return h('section.melds', { 'aria-label': t('table') }, (own ? [...new Set(own)].sort() : [null]).map(s => h('.owner',
		s != null && h('small.meta', nameOf(v, s)),
		v.table.map((m, i) => (!own || own[i] === s) && h('.group', { 'data-meld': i, 'data-drop': 'meld', 'data-act': 'meld', role: 'button' },
			m.map(id => tileEl(id, v.okey)))))),
	v.burned.length > 0 && h('.owner', h('small.meta', '🔥'), h('.group', v.burned.map(id => tileEl(id, v.okey)))))
}

// The status key of a 101 turn where it differs from classic's, and its buttons.
const status101 = v => (legal(v, 'return_discard') ? 's_return' : v.seats[v.you].opened ? 's_lay' : legal(v, 'open') && 's_open')

function acts101(T) {
	const v = T.view, p = picked(T), opened = v.seats[v.you].opened, back = legal(v, 'return_discard')
	return (back || legal(v, 'discard')) && [
		h('.picked', p.shaped.map((g, i) => h('span.tag.g' + (i % 4), `${g.ids.length}·${g.pts}`)), h('b', { id: 'sum' }, 'Σ ' + p.sum),
			button('group', '+', T.cur.length > 1), button('clear', '×', p.shaped.length)),
		!opened && legal(v, 'open') && button('open-hint', t('open') + ' ✨', 1, '.gold'),
		opened ? button('lay', t('lay'), p.shaped.length) : button('open', t('open'), p.ok, '.primary'),
		back && button('return', t('return_discard'), 1),
	]
}

export function renderFelt(T) {
	const v = T.view, me = T.spectator ? 0 : T.seat, n = v.seats.length, is101 = v.variant === '101'
	const felt = h('section.felt' + (is101 ? '.f101' : ''), { 'aria-label': t('table') })
	let bottom = null
	for (let s = 0; s < n; s++) {
		const pos = place(n, s, me)
		if (pos.rel) felt.append(badge(v, s, pos.side)); else if (T.spectator) bottom = badge(v, s, 'bottom')
		felt.append(corner(v, s, pos, T.spectator))
	}
	const draw = legal(v, 'draw'), fin = legal(v, 'finish')
	felt.append(
		h('.mid' + (fin ? '.can' : '') + (fin?.tiles.includes(T.sel) ? '.ready' : ''), { 'data-drop': !is101 && 'finish', 'data-act': !is101 && 'finish-here', 'aria-label': !is101 && t('centre') },
			h((draw ? 'button' : 'div') + '.pile' + (draw ? '.glow' : ''), { 'data-act': draw && 'draw', 'data-src': draw && 'pile', 'aria-label': t('pile_n', { n: v.pile_count }) + (draw ? ', ' + t('tap_draw') : '') },
				backTile(), backTile(), h('b.pc', v.pile_count)),
			h('figure.ind', tileEl(v.indicator, null), h('figcaption', t('indicator'))),
			h('figure.ok', { 'aria-label': t('okey_is', { tile: faceLabel(v.okey) }) }, faceTile(v.okey, v.okey), h('figcaption', t('okey')))),
		is101 ? meldsEl(v) : '', dock(T, bottom))
	return felt
}

export function dock(T, bottom) {
	const v = T.view, me = T.seat, mine = !T.spectator && v.seats[me]
	const d = h('.dock', bottom,
		mine && h('.me' + (v.turn === me && v.phase !== 'over' ? '.turn' : ''), h('b', team(v, me), nameOf(v, me)), score(mine), timer(v, me)),
		h('p.status', { id: 'status' }, status(v, me, T.spectator)))
	if (v.phase === 'over') d.append(h('.acts', button('result', t(legal(v, 'next_hand') ? 'next_hand' : 's_hand_over'), 1, '.primary')))
	if (!mine || T.busy) return d
	const b = (type, act, cls) => {
		const a = legal(v, type)
		return a && button(act, t(type), !a.tiles || a.tiles.includes(T.sel), '.' + cls)
	}
	d.append(h('.acts', v.variant === '101' && v.turn === me && acts101(T), b('show_indicator', 'show', 'gold'), b('finish', 'finish', 'gold'),
		b('discard', 'discard', 'primary'), b('end_hand', 'end', 'plain')))
	return d
}

export const toolbar = () => h('.tools', { role: 'toolbar', 'aria-label': t('arrange') },
	['runs', 'sets', 'pairs', 'best'].map(by => h('button.tool', { 'data-act': 'sort', 'data-by': by }, t('sort_' + by))))

export function pileBrowser(v, s) {
	const st = v.seats[s]
	return h('div', h('p.hint', st.discards ? tn('n_discarded', st.discard_count) : t('only_top')),
		h('.tilegrid', (st.discards || [st.discard_top]).filter(x => x != null).map(id => tileEl(id, v.okey))))
}
