// The player's screens for what it does less often (its model is player-model.js): its
// stats (a tap on home's balance), a new name (home's "Your name"), and the player a
// device link brings along (app.js claimSeat). Loaded only for these.
import { api } from './api.js'
import { t, more } from './i18n/index.js'
import { player, setPlayer } from './storage.js'
import { h, btn, modal, closeModal, toast } from './ui.js'
import { me, remember, RATES } from './player-model.js'
import { useStyle } from './style.js'

const hasPlayed = m => m.candy > 0 || Object.values(m.stats).some(stats => stats.hands_played > 0)

// A device link's player (app.js claimSeat): this device takes it on at once if its own
// player has played nothing yet; else the player chooses which one this device keeps.
export async function offerPlayer(token) {
	if (player()?.token === token) return
	let theirs
	try {
		theirs = await api.me(token)
	} catch {
		return // a player the server no longer knows: the seat link alone still works
	}
	const mine = await me(true)
	const take = () => {
		setPlayer({ id: theirs.player_id, token, name: theirs.name })
		remember(null)
	}
	if (!mine || !hasPlayed(mine) || mine.player_id === theirs.player_id) return take()
	await more()
	const body = h(
		'.player-switch',
		h(
			'p',
			t('player_switch', { theirs: theirs.name, n: theirs.candy, mine: mine.name, m: mine.candy }),
		),
		h(
			'.acts',
			btn(
				t('player_switch_yes', { name: theirs.name }),
				() => {
					take()
					closeModal()
					toast(t('player_switched', { name: theirs.name }))
				},
				'primary',
				{ id: 'player-take' },
			),
			btn(t('player_keep', { name: mine.name }), closeModal, '', { id: 'player-keep' }),
		),
	)
	modal(t('player_switch_title'), body)
}

// Home's "Your name" is the player's name too (PATCH /api/players/me); an empty field
// leaves it as it is, and a name the server refuses says why.
export async function renamePlayer(name) {
	const p = player()
	const wanted = name.trim()
	if (!p || !wanted || wanted === p.name) return
	try {
		const m = await api.renameMe(p.token, wanted)
		setPlayer({ ...p, name: m.name })
		remember(m)
	} catch (e) {
		if (e.status === 400) toast(e.message, 'error')
	}
}

// One variant's stats, as GET /api/players/me gives them, in the shape of the result
// panel's points list (end.js itemsList), whose styles they share.
function variantStats(variant, s) {
	const rows = [
		['stat_hands', t('stat_won_of', { won: s.hands_won, n: s.hands_played })],
		['stat_matches', t('stat_won_of', { won: s.matches_won, n: s.matches_played })],
		['stat_streak', t('stat_streak_now', { n: s.streak, best: s.best_streak })],
		['stat_pairs', s.pairs_finishes],
		['stat_okey', s.okey_finishes],
	]
	if (variant === '101') rows.push(['stat_best_hand', s.best_hand ?? '—'])
	return h(
		'li',
		h('span.who', t(variant === '101' ? 'v101' : 'classic')),
		h(
			'ul',
			rows.map(([key, value]) => h('li', h('span', t(key)), h('b', String(value)))),
		),
	)
}

// How candy is earned, under the stats: the rates of api/players/credit.py (RATES).
function candyRules(limit) {
	return h(
		'.candy-how',
		h('h3', t('candy_how')),
		h('p', t('candy_friends', RATES.friends)),
		h('p', t('candy_computer', RATES.computer)),
		h('p', t('candy_rules', { moves: RATES.moves, limit })),
	)
}

// The player's stats (GET /api/players/me), for each variant played, and how candy comes.
export async function openStats() {
	const [m] = await Promise.all([me(true), more(), useStyle('social')])
	if (!m) return toast(t('err_network'), 'error')
	const played = ['classic', '101'].filter(v => m.stats[v].hands_played > 0)
	modal(
		t('stat_title', { name: m.name }),
		h(
			'section.items.stats',
			h('p', '🍬 ' + t('candy_balance', { n: m.candy })),
			played.length
				? h(
						'ul',
						played.map(v => variantStats(v, m.stats[v])),
					)
				: h('p.hint', t('stat_none')),
			candyRules(m.daily_limit),
		),
	)
}
