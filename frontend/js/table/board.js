// The felt and the dock. Rendering only: buttons carry a data-act for table/input.js.
// Besides the view, renderFelt and dock take options `o`: seat (at the bottom; 0 for a
// spectator), spectator, selected (the picked-up tile), busy (a move on its way: no move
// buttons), picking (101 groups), discarding (a discard on its way), pending (that move
// waits for the connection), notice (words about our last move, or null), okey101 (its
// module), lastDiscard ({ seat, tile } of the discard made last, marked in its corner).
import { t, tn, seatName } from '../i18n/index.js'
import { h } from '../ui.js'
import { tileEl, faceTile, backTile, faceLabel, faceOf, valueOf, FAKE } from '../tiles.js'
import { timeLeft } from '../when.js'

export const legal = (v, type) => v?.legal?.find(a => a.type === type)

// Whether discarding `tile` now costs the 101 penalty, as the server says (the legal
// discard's `penalised`): 'okey', 'layoff' (it could be laid on the table) or null.
export function discardPenalty(v, type, tile) {
	if (type !== 'discard' || !legal(v, 'discard')?.penalised?.includes(tile)) return null
	return faceOf(tile) === v.okey ? 'okey' : 'layoff'
}

// What to ask before a move: the 101 penalty ('okey', 'layoff'), or else, in either game,
// 'wild' for a discard of the okey itself while the player wants asking (prefs.askOkey).
// A finish with the okey is the best finish there is, so it is never questioned.
export function discardQuestion(v, type, tile, askOkey) {
	const penalty = discardPenalty(v, type, tile)
	if (penalty) return penalty
	const wild = type === 'discard' && tile != null && faceOf(tile) === v.okey
	return wild && askOkey ? 'wild' : null
}

// The meld a penalised tile could join, as the legal discard's `fits` says: its owner's
// name and its values, an okey as its star ("Computer 2", "7-8-9"); null if none given.
export function fitOf(v, tile) {
	const fit = legal(v, 'discard')?.fits?.find(f => f.tile === tile)
	const meld = fit && v.table?.[fit.meld]
	if (!meld) return null
	// The okey stands for any tile (a star); a false okey for the okey's face.
	const face = id => (faceOf(id) === FAKE ? v.okey : faceOf(id))
	const value = id => (faceOf(id) === v.okey ? '★' : valueOf(face(id)))
	return { name: nameOf(v, fit.seat), meld: meld.map(value).join('-'), mine: fit.seat === v.you }
}
export const playerOf = (v, seat) => v?.players?.find(p => p.seat === seat) || {}
export const nameOf = (v, seat) => seatName(playerOf(v, seat), seat)

// A name's initials, numbers kept whole: "Computer 2" → "C2", "Ayşe Yılmaz" → "AY".
export function initials(name) {
	const words = name.trim().split(/\s+/).filter(Boolean)
	const letter = word => (/^\d+$/.test(word) ? word : [...word][0].toLocaleUpperCase())
	return words.map(letter).join('').slice(0, 4)
}

// "Ayşe Yılmaz" → "Ayşe", numbers kept: "Computer 2" stays whole.
const word = name =>
	name
		.split(/\s+/)
		.filter((w, i) => !i || /^\d+$/.test(w))
		.join(' ')
const FORMS = { whole: name => name, word, short: initials }

// Every seat's name in one form, the same for all so a table never reads "C4 / Computer 3 /
// C2": whole, first word, initials; a seat number tells two alike apart ("A1", "A3").
export function seatNames(v, form = 'short') {
	const names = v.seats.map((_, s) => FORMS[form](nameOf(v, s)))
	const twin = n => form !== 'whole' && names.indexOf(n) !== names.lastIndexOf(n)
	return names.map((n, s) => (twin(n) ? n + (s + 1) : n))
}

export const shortName = (v, seat, form) => seatNames(v, form)[seat]

// A seat's name; fitNames (ui.js) writes in the form its [data-names] group fits.
export const nameTag = (v, seat, tag = 'span') =>
	h(
		tag + '.fit',
		{
			title: nameOf(v, seat),
			'data-word': shortName(v, seat, 'word'),
			'data-short': shortName(v, seat),
		},
		nameOf(v, seat),
	)
export const discardsOf = (v, seat, mine) =>
	mine ? t('your_discards') : t('discards_of', { name: nameOf(v, seat) })
export const button = (act, label, enabled, cls = '') =>
	h('button.btn' + cls, { 'data-act': act, disabled: !enabled }, label)
const pad = n => String(n).padStart(2, '0')

// Seen from seat `me`.
export function place(seats, seat, me) {
	const rel = (seat - me + seats) % seats
	const side = seats === 2 ? 'top' : ['', 'right', seats === 3 ? 'left' : 'top', 'left'][rel]
	const corner = rel === 0 ? 'br' : rel === seats - 1 ? 'bl' : rel === 1 ? 'tr' : 'tl'
	return { rel, side, corner }
}

// The turn clock of a friends table: "0:42" on a live table ("5h07" from an hour on); on a
// relaxed one the time left in coarse units, "2 d left", "6 h left", "45 min left".
export function clock(v) {
	if (!v?.deadline || v.phase === 'over' || !v.flags.shows_clock) return ''
	const s = Math.max(0, Math.round((v.deadline - Date.now()) / 1000))
	const relaxed = v.pace ? v.pace === 'relaxed' : v.turn_seconds >= 3600
	if (relaxed) return timeLeft(s)
	if (s >= 3600) return `${(s / 3600) | 0}h${pad(((s % 3600) / 60) | 0)}`
	return `${(s / 60) | 0}:${pad(s % 60)}`
}

const score = seat => h('span.sc', { title: t('total') }, seat.score ?? seat.total)
// With partners, seats 0 + 2 play against 1 + 3: a mark on each name.
export const team = (v, seat) =>
	v.options.partners && h('span.tag.team.t' + (seat % 2), { title: t('team') }, 'AB'[seat % 2])
const timer = (v, seat) =>
	v.turn === seat && clock(v) && h('span.clock', { 'data-clock': '' }, clock(v))

// An opponent, or for a spectator every player.
function badge(v, seat, side) {
	const player = playerOf(v, seat)
	const onTurn = v.turn === seat && v.phase !== 'over'
	const name = nameOf(v, seat)
	// A computer's tag names its level (the robot avatar says it is one): the table's level
	// shows on the felt, and the tag is shorter than "COMPUTER".
	const level = player.kind === 'bot' && player.level && t('lvl_' + player.level)
	const tag = level || (player.kind === 'bot' ? t('computer') : player.auto ? t('auto') : null)
	const said = level ? `${t('computer')}, ${level}` : tag
	const label = [name, said, onTurn && t('on_turn')].filter(Boolean).join(', ')
	const avatar = player.kind === 'bot' ? '🤖' : [...name][0].toUpperCase()
	const details = h(
		'span.sub',
		h('small.meta', tn('n_tiles', v.seats[seat].tiles)),
		tag && h('small.tag' + (level ? '.lvl' : ''), { title: said }, tag),
		v.seats[seat].opened && h('small.tag', t('open') + ' ✓'),
	)
	return h(
		'.opp.pos-' + side + (onTurn ? '.turn' : ''),
		{ 'data-seat': seat, title: player.level && t('lvl_' + player.level), 'aria-label': label },
		h('span.av', { 'aria-hidden': 'true' }, avatar),
		h('span.who', h('b.nm', team(v, seat), nameTag(v, seat)), details),
		score(v.seats[seat]),
		timer(v, seat),
		strangerMenu(v, seat),
	)
}

// At an open table, a stranger's seat has a menu: mute, block, report (lobby/seat-menu.js).
const strangerMenu = (v, seat) =>
	v.flags.made_names &&
	v.you != null &&
	playerOf(v, seat).name_code &&
	h(
		'button.icon.seat-menu',
		{
			'data-act': 'seat-menu',
			'data-seat': seat,
			'aria-label': t('seat_menu', { name: nameOf(v, seat) }),
		},
		'⋯',
	)

// Our corner is a drop target; the left one's top tile can be taken.
function corner(v, seat, pos, o) {
	const state = v.seats[seat]
	const mine = !pos.rel && !o.spectator
	const left = pos.rel === v.seats.length - 1 && !o.spectator
	const take = left && legal(v, 'take_discard')
	const shown = mine && o.discarding != null ? o.discarding : state.discard_top
	const top = shown != null && tileEl(shown, v.okey, take ? 'button' : 'span')
	if (top && mine && o.discarding != null && o.pending) top.classList.add('pending')
	if (top && o.lastDiscard?.seat === seat && o.lastDiscard.tile === shown) {
		top.classList.add('last')
		top.setAttribute('aria-label', `${top.getAttribute('aria-label')}, ${t('last_discard')}`)
		top.title = t('last_discard')
	}
	if (take && top) {
		Object.assign(top.dataset, { act: 'take', src: 'left' })
		top.classList.add('glow')
		top.setAttribute('aria-label', t('take_x', { tile: top.getAttribute('aria-label') }))
	}
	const count = state.discard_count
	// Whose spot it is; the left neighbour's, to take from, with an arrow.
	const whose = h(
		'small.whose',
		{ 'aria-hidden': 'true' },
		left ? '↙ ' : '',
		mine ? t('you') : shortName(v, seat),
	)
	const browse =
		count > 0
			? h(
					'button.count',
					{
						'data-act': 'browse',
						'data-seat': seat,
						'aria-label': `${discardsOf(v, seat, mine)}: ${count}`,
					},
					count,
				)
			: h('span.nocount')
	const cls = '.disc.c-' + pos.corner + (mine ? '.mine' : '') + (left ? '.left' : '')
	const attrs = {
		'data-seat': seat,
		'data-drop': mine && 'discard',
		'data-act': mine && 'discard-here',
	}
	return h(cls, attrs, h('.dslot', top), browse, whose)
}

// "👋 Ayla nudged you at 14:05: your move." (the move log's line too)
export const nudgeText = n =>
	'👋 ' +
	t('nudged', {
		name: n.by_name,
		time: new Date(n.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
	})

export function status(v, me, spectator) {
	if (v.status === 'waiting') return t('s_waiting')
	if (v.phase === 'over') return t(v.match_over ? 's_match_over' : 's_hand_over')
	if (spectator || v.turn !== me) return t('s_wait', { name: nameOf(v, v.turn) })
	const key101 = v.variant === '101' && v.phase === 'play' && status101(v)
	if (key101) return t(key101)
	const n = v.seats.length
	const neighbour = legal(v, 'discard') ? (me + 1) % n : (me + n - 1) % n
	const canTake = legal(v, 'take_discard')
	let key = 's_discard'
	if (legal(v, 'draw')) key = canTake ? 's_take' : 's_take_pile'
	else if (legal(v, 'end_hand')) key = canTake ? 's_empty_take' : 's_empty'
	else if (legal(v, 'finish')) key = 's_finish'
	const canShow = legal(v, 'show_indicator') ? ' · ' + t('s_can_show') : ''
	return t(key, { name: nameOf(v, neighbour) }) + canShow
}

function status101(v) {
	if (legal(v, 'return_discard')) return 's_return'
	if (v.seats[v.you].opened === 'pairs') return 's_lay_pairs'
	if (v.seats[v.you].opened) return 's_lay'
	return legal(v, 'open') && 's_open'
}

// section.felt > badges, corners, .mid (pile, indicator, okey), 101 melds, .dock
export function renderFelt(v, o) {
	const me = o.spectator ? 0 : o.seat
	const seats = v.seats.length
	const is101 = v.variant === '101'
	const attrs = { 'aria-label': t('table'), 'data-names': true }
	const felt = h('section.felt' + (is101 ? '.f101' : ''), attrs)
	let bottom = null
	for (let seat = 0; seat < seats; seat++) {
		const pos = place(seats, seat, me)
		if (pos.rel) felt.append(badge(v, seat, pos.side))
		else if (o.spectator) bottom = badge(v, seat, 'bottom')
		felt.append(corner(v, seat, pos, o))
	}
	const draw = legal(v, 'draw')
	const finish = legal(v, 'finish')
	const pileLabel = t('pile_n', { n: v.pile_count }) + (draw ? ', ' + t('tap_draw') : '')
	const pile = h(
		(draw ? 'button' : 'div') + '.pile' + (draw ? '.glow' : ''),
		{ 'data-act': draw && 'draw', 'data-src': draw && 'pile', 'aria-label': pileLabel },
		backTile(),
		backTile(),
		h('b.pc', v.pile_count),
	)
	const indicator = h('figure.ind', tileEl(v.indicator, null), h('figcaption', t('indicator')))
	const okey = h(
		'figure.ok',
		{ 'aria-label': t('okey_is', { tile: faceLabel(v.okey) }) },
		faceTile(v.okey, v.okey),
		h('figcaption', t('okey')),
	)
	// In classic the centre takes a finishing tile; 101 finishes by laying it all down.
	const centre = !is101 && {
		'data-drop': 'finish',
		'data-act': 'finish-here',
		'aria-label': t('centre'),
	}
	const ready = finish?.tiles.includes(o.selected)
	const mid = h(
		'.mid' + (finish ? '.can' : '') + (ready ? '.ready' : ''),
		centre,
		pile,
		indicator,
		okey,
	)
	felt.append(mid, is101 ? o.okey101.meldsOnTable(v) : '', dock(v, o, bottom))
	return felt
}

// While "Groups" is on, the status says what a rack tap does.
const statusLine = (v, o, onTurn) =>
	onTurn && o.picking?.building && v.variant === '101'
		? t('s_build')
		: status(v, o.seat, o.spectator)

// .dock > (a spectator's bottom badge) .me, p.status, .acts
export function dock(v, o, bottom) {
	const me = o.seat
	const mine = !o.spectator && v.seats[me]
	const onTurn = v.turn === me && v.phase !== 'over'
	const self =
		mine &&
		h(
			'.me' + (onTurn ? '.turn' : ''),
			{ 'data-names': true },
			h('b', team(v, me), nameTag(v, me)),
			score(mine),
			timer(v, me),
		)
	const notice = o.notice && h('span.notice', { id: 'move-notice', role: 'status' }, o.notice)
	// Our discard on its way: the turn is the next seat's already, as the corner shows.
	const line =
		o.discarding != null
			? t('s_wait', { name: nameOf(v, (me + 1) % v.seats.length) })
			: statusLine(v, o, onTurn)
	// A move not sent yet: the status would ask for it again. Its title: cut to one line.
	const shown = !o.pending && line
	// A nudge to this seat (its own view only, while its turn lasts).
	const nudged = v.nudge && h('span.notice.nudged', { id: 'nudged' }, nudgeText(v.nudge))
	const d = h(
		'.dock',
		bottom,
		self,
		h('p.status', { id: 'status', title: shown }, shown, notice, nudged),
	)
	d.append(h('.acts', actions(v, o, mine)))
	return d
}

// The dock's row: the moves that apply now.
function actions(v, o, mine) {
	const me = o.seat
	if (v.phase === 'over') {
		const next = legal(v, 'next_hand') && !o.busy
		const result = button(
			'result',
			t(next ? 'result' : 's_hand_over'),
			true,
			next ? '' : '.primary',
		)
		return [result, next && button('next-hand', t('next_hand'), true, '.primary')]
	}
	// A relaxed friends table where another person is on turn: a nudge for them.
	const waited = v.pace === 'relaxed' && v.turn !== me && playerOf(v, v.turn)
	if (mine && v.flags.nudges && waited.kind === 'human')
		return button('nudge', '👋 ' + t('nudge'), true, '.small')
	if (!mine || o.busy) return []
	const move = (type, act, cls) => {
		const a = legal(v, type)
		return a && button(act, t(type), !a.tiles || a.tiles.includes(o.selected), '.' + cls)
	}
	const is101 = v.variant === '101'
	return [
		is101 && v.turn === me && o.okey101.moveButtons(v, o.picking),
		move('show_indicator', 'show', 'gold'),
		move('finish', 'finish', 'gold'),
		!(is101 && o.picking?.building) && move('discard', 'discard', 'primary'),
		move('end_hand', 'end', 'plain'),
	]
}

export const toolbar = () =>
	h(
		'.tools',
		{ role: 'toolbar', 'aria-label': t('arrange') },
		['runs', 'sets', 'pairs', 'best'].map(by =>
			h('button.tool', { 'data-act': 'sort', 'data-by': by }, t('sort_' + by)),
		),
	)
