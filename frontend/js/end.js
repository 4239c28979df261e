// Between hands: the winner's groups, the scores, the revealed seed with
// "verify the shuffle", next hand / play again.
import { t } from './i18n/index.js'
import { h, btn } from './ui.js'
import { tileEl } from './tiles.js'
import { nameOf, legal, team } from './board.js'

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
	const row = (label, cells, win = () => 0) =>
		h(
			'tr',
			h('th', { scope: 'row' }, label),
			cells.map((c, s) => h('td' + (win(s) ? '.win' : ''), c)),
		)
	return h(
		'table.match',
		h('caption', t(is101 ? 'sheet101' : 'match_table')),
		h(
			'thead',
			h(
				'tr',
				h('th', { scope: 'col' }, t('hand')),
				v.seats.map((_, s) => h('th', { scope: 'col' }, team(v, s), nameOf(v, s))),
			),
		),
		h(
			'tbody',
			rows.map((r, i) => row(i + 1, r[3].map(signed), s => s === r[0])),
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

// The revealed seed and its hash, and "verify the shuffle": the browser replays the deal
// from the seed (verify.js) and checks it against the events. events() gives them.
function fairness(v, events) {
	const out = h('.verify', { 'aria-live': 'polite' })
	const check = h('button.btn.small', { id: 'verify' }, t('verify'))
	check.onclick = async () => {
		check.disabled = true
		out.textContent = t('verifying')
		try {
			// Loaded on first use: most players never check a shuffle.
			const { verifyHand } = await import('./verify.js')
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

// The panel; handlers: {next, again, home, hide, events(): Promise<events[]>}
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
	// Gains up and losses down; in 101 points are bad, so the other way round.
	const delta = (d, seat) => {
		const mark = d && d > 0 !== is101 ? '.up' : d ? '.down' : ''
		return h('li', h('span', nameOf(v, seat)), h('b' + mark, signed(d)))
	}
	const winners = v.match_winners?.map(s => nameOf(v, s)).join(', ')
	const match =
		v.match_over &&
		h('p.matchres', winners ? t('m_winners', { names: winners }) : t('s_match_over'))
	const buttons = h(
		'.acts',
		legal(v, 'next_hand') && btn(t('next_hand'), on.next, 'primary', { id: 'next-hand' }),
		v.match_over && on.again && btn(t('play_again'), on.again, 'primary', { id: 'play-again' }),
		btn(t('home'), on.home),
		btn(t('see_table'), on.hide),
	)
	return h(
		'section.result',
		{ role: 'dialog', 'aria-label': title, id: 'result' },
		h('h2', title),
		match,
		h('p.how', how(r)),
		groups.length > 0 && h('.groups', groups, placed),
		h('ul.deltas', (r.deltas || []).map(delta)),
		buttons,
		matchTable(v),
		v.seed ? fairness(v, on.events) : null,
	)
}
