// Between hands: the winner's groups, the scores, the revealed seed with
// "verify the shuffle", next hand / play again.
import { t, more } from '../i18n/index.js'
import { h } from '../ui.js'
import { player } from '../storage.js'
import { useStyle } from '../style.js'
import { tileEl, tileLabel } from '../tiles.js'
import { nameOf, nameTag, legal, team } from './board.js'
import { reviewStyle } from '../review/style.js'

const signed = n => (n > 0 ? '+' + n : n)

function how(r) {
	if (r.winner == null) return t('e_end')
	const kind = t(r.kind === 'pairs' ? 'r_pairs' : 'r_melds')
	return r.okey_finish ? `${kind} · ${t('r_okey')}` : kind
}

// The score sheet: a row per hand, totals; 101 adds this hand's penalties (lower is better there).
export function matchTable(v) {
	const is101 = v.variant === '101'
	const rows = is101
		? v.history.map(d => [d.indexOf(Math.min(...d)), 0, 0, d])
		: [...(v.history || [])]
	if (!is101 && v.phase === 'over' && v.result)
		rows.push([v.result.winner, v.result.kind, v.result.okey_finish, v.result.deltas])
	const totals = v.scores || v.seats.map(x => x.score ?? x.total)
	reviewStyle()
	const row = (label, cells, win = () => 0) =>
		h(
			'tr',
			h('th', { scope: 'row' }, label),
			cells.map((c, s) => h('td' + (win(s) ? '.win' : ''), c)),
		)
	return h(
		'table.match',
		{ 'data-names': true },
		h('caption', t(is101 ? 'sheet101' : 'match_table')),
		h(
			'thead',
			h(
				'tr',
				h('th', { scope: 'col' }, t('hand')),
				v.seats.map((_, s) => h('th', { scope: 'col' }, team(v, s), nameTag(v, s))),
			),
		),
		h(
			'tbody',
			rows.map((r, i) => row(reviewButton(i), r[3].map(signed), s => s === r[0])),
			is101 &&
				v.options.penalties &&
				row(
					t('opt_penalties'),
					v.seats.map(x => x.penalties),
				),
		),
		h(
			'tfoot',
			row(t('total'), totals, s => v.match_winners?.includes(s)),
			v.options.partners &&
				row(
					t('team'),
					totals.map((_, s) => totals[s % 2] + (is101 ? totals[(s % 2) + 2] : 0)),
				),
		),
	)
}

// Every hand on the sheet is over: each opens its review (js/review/, input.js ON_ACT.review).
const reviewButton = hand =>
	h(
		'button.btn.small.rv-open',
		{ 'data-act': 'review', 'data-hand': hand, 'aria-label': t('review_n', { n: hand + 1 }) },
		hand + 1,
		' 🔍',
	)

// The revealed seed and its hash, and "verify the shuffle" (checkShuffle).
function fairness(v) {
	const out = h('.verify', { 'aria-live': 'polite' })
	const check = h('button.btn.small', { id: 'verify', 'data-act': 'verify' }, t('verify'))
	return h(
		'details.seed',
		h('summary', t('fair')),
		h('p.hint', t('fair_hint')),
		h('p.mono', h('small', t('seed') + ' '), v.seed),
		h('p.mono', h('small', 'sha256 '), v.seed_hash),
		check,
		out,
	)
}

// The shuffle check's button (the table's input.js calls it): the browser replays the
// deal from the seed (verify.js) and checks it against the events; events() gives them.
export async function checkShuffle(check, v, events) {
	const out = check.nextElementSibling
	check.disabled = true
	out.textContent = t('verifying')
	try {
		// Loaded on first use: most players never check a shuffle.
		const [{ verifyHand }] = await Promise.all([import('./verify.js'), more()])
		const { checks } = await verifyHand(v, await events())
		const ok = checks.every(c => c.ok)
		const line = c => h('li.' + (c.ok ? 'ok' : 'bad'), `${c.ok ? '✓' : '✗'} ${t(c.key)}`)
		out.replaceChildren(
			h('p.vres.' + (ok ? 'ok' : 'bad'), ok ? t('v_all_ok') : t('v_bad')),
			h('ul', checks.map(line)),
		)
	} catch (e) {
		out.textContent = `${t('v_error')} ${e.message}`
	}
	check.disabled = false
}

// One line of a seat's hand score (the view's result_items, docs/API.md), in words.
export function itemLabel(v, line) {
	switch (line.item) {
		case 'rack':
			return t('ri_rack', { n: line.tiles })
		case 'penalty':
			if (line.reason === 'okey') return t('ri_penalty_okey')
			return t('ri_penalty', { tile: tileLabel(line.tile, v.okey) })
		case 'indicator':
			return t('ri_indicator', { name: nameOf(v, line.seat) })
		case 'finish':
			// Classic names the winner on every seat's line; in 101 it is the seat's own.
			if (line.seat == null) return t('ri_finish')
			return t('ri_finish_by', { name: nameOf(v, line.seat) })
		default:
			return t('ri_' + line.item)
	}
}

// Gains up and losses down; in 101 points are bad, so the other way round.
const mark = (d, is101) => (d && d > 0 !== is101 ? '.up' : d ? '.down' : '')

// Each seat's points line by line, so that no "+404" or "−1" goes unexplained.
function itemsList(v) {
	const is101 = v.variant === '101'
	const lines = v.result_items
	if (!lines?.some(seatLines => seatLines.length)) return null
	const line = l =>
		h('li', h('span', itemLabel(v, l)), h('b' + mark(l.points, is101), signed(l.points)))
	const seat = (seatLines, s) =>
		seatLines.length > 0 && h('li', h('span.who', nameOf(v, s)), h('ul', seatLines.map(line)))
	return h('section.items', h('h3', t('items')), h('ul', lines.map(seat)))
}

// A button of the panel: the table screen's input.js handles its data-act.
const act = (name, label, cls = '', id = null, to = null) =>
	h('button.btn' + cls, { id, 'data-act': name, 'data-to': to }, label)

// The old table's rematch offer, when another person asked (`held`: this device's seats):
// { by, name }, else null.
export function rematchOffer(v, held) {
	const offer = v.rematch
	if (!offer?.table_id || held.includes(offer.by)) return null
	return { by: offer.by, name: offer.by_name || nameOf(v, offer.by) }
}

// Rematch: asked for here, or the way to the next table once asked; another person's
// offer says who asked, and its button joins (table/social.js, by data-act).
function rematchPart(v) {
	const offer = rematchOffer(v, v.held_seats || [])
	const asked = !!v.rematch?.table_id
	if (offer) useStyle('social')
	return h(
		'.rematch',
		offer && h('p.offer', { id: 'rematch-offer' }, t('rm_offer', { name: offer.name })),
		act('rematch', t(offer ? 'rm_join' : asked ? 'rm_go' : 'rm_ask'), '.primary', 'rematch'),
	)
}

// A series (a chain of rematches) on the score sheet: series.js, loaded when there is one.
export function seriesSlot(v) {
	if (!v.series?.wins) return null
	const slot = h('div')
	Promise.all([import('./series.js'), more()])
		.then(([m]) => slot.replaceWith(m.seriesTable(v)))
		.catch(() => {})
	return slot
}

// The panel; on: { rematch: whether this device may ask for one, again: an embed's own game
// is played again in its frame, open: "Open in Istaka" (an embed) }.
export function resultPanel(v, on) {
	const is101 = v.variant === '101'
	const r = is101 ? { winner: v.finisher, deltas: v.result || [] } : v.result || {}
	let title = t('r_wins', { name: nameOf(v, r.winner) })
	if (r.winner == null) title = t('r_draw_title')
	else if (r.winner === v.you) title = t('r_you_win')
	const groups = (r.groups || []).map(g =>
		h(
			'.group',
			g.map(id => tileEl(id, v.okey)),
		),
	)
	const placed =
		r.placed != null && h('.placed', h('small', t('r_placed')), tileEl(r.placed, v.okey))
	const delta = (d, seat) => h('li', h('span', nameOf(v, seat)), h('b' + mark(d, is101), signed(d)))
	const winners = v.match_winners?.map(s => nameOf(v, s)).join(', ')
	const match =
		v.match_over &&
		h('p.matchres', winners ? t('m_winners', { names: winners }) : t('s_match_over'))
	const buttons = h(
		'.acts',
		legal(v, 'next_hand') && act('next-hand', t('next_hand'), '.primary', 'next-hand'),
		v.match_over && on.again && act('play-again', t('play_again'), '.primary', 'play-again'),
		v.match_over && on.open && act('open-app', t('open_istaka'), '', 'open-app'),
		act('go', t('home'), '', null, '#/'),
		h(
			'button.btn',
			{ id: 'review-hand', 'data-act': 'review', 'data-hand': v.hand },
			t('review_hand'),
		),
		act('see-table', t('see_table')),
	)
	// What this game earned: filled by candy.js once the server has credited the hand. Its
	// line is kept meanwhile, so the buttons stay under a finger.
	const earns = player() && v.flags.earns_candy && v.you != null
	if (earns) import('../home/candy.js').then(m => m.showEarned(v)).catch(() => {})
	return h(
		'section.result' + (r.winner != null && r.winner === v.you ? '.won' : ''),
		{ role: 'dialog', 'aria-label': title, id: 'result' },
		h('h2', title),
		match,
		v.match_over && on.rematch && rematchPart(v),
		earns && h('p.candy', { id: 'candy-earned', hidden: true }),
		h('p.how', how(r)),
		groups.length > 0 && h('.groups', groups, placed),
		h('ul.deltas', (r.deltas || []).map(delta)),
		itemsList(v),
		buttons,
		matchTable(v),
		seriesSlot(v),
		v.seed ? fairness(v) : null,
	)
}
