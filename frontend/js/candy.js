// Candy (docs/API.md, "Players"): the device's anonymous player, made on the first visit,
// its balance on home, and what a game earned on the result screen. Loaded on demand, so
// neither the home page's first paint nor a table's first download waits for it.
import { api } from './api.js'
import { t, more } from './i18n/index.js'
import { player, setPlayer, forgetPlayer, sleep } from './storage.js'
import { h, btn, modal, closeModal, toast } from './ui.js'

let making = null
// The device's player, made once (POST /api/players); null when the server cannot now.
export async function ensurePlayer(lang) {
	await globalThis.istakaTelegram?.signedIn // inside Telegram, its player is the device's
	const known = player()
	if (known) return Promise.resolve(known)
	making ??= api
		.newPlayer(lang)
		.then(r => {
			const made = { id: r.player_id, token: r.token, name: r.name }
			setPlayer(made)
			return made
		})
		.catch(() => (making = null))
	return await making
}

let last = null // { at, me }: home redraws (an option changed) reuse a fresh answer
async function me(fresh) {
	const p = player()
	if (!p) return null
	if (!fresh && last && Date.now() - last.at < 10_000) return last.me
	try {
		last = { at: Date.now(), me: await api.me(p.token) }
	} catch (e) {
		if (e.status === 401) forgetPlayer() // a player the server no longer knows
		return null
	}
	return last.me
}

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
		last = null
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

export async function homeBalance(el, lang) {
	await ensurePlayer(lang)
	const m = await me(false)
	if (!m) return
	el.textContent =
		'🍬 ' +
		t('candy_balance', { n: m.candy }) +
		' · ' +
		t('candy_today', { n: m.candy_today, limit: m.daily_limit })
	el.hidden = false
}

// What each (table, hand) earned, once the server has credited it.
const earned = new Map()
const pending = new Map()

// The credit comes a moment after the hand ends (the server's change stream): ask once
// soon after the result shows and once more a little later, then give up quietly.
async function creditOf(v) {
	const key = v.table_id + '/' + v.hand
	for (const wait of [800, 2500]) {
		await sleep(wait)
		const m = await me(true)
		const game = m?.games.find(g => g.table_id === v.table_id && g.hand >= v.hand)
		if (game) {
			earned.set(key, game)
			return game
		}
	}
	return null
}

// Fill #candy-earned of the result panel (redrawn panels included) with this game's candy.
export async function showEarned(v) {
	if (!player() || v.mode === 'hotseat' || v.you == null) return
	const key = v.table_id + '/' + v.hand
	if (!earned.has(key) && !pending.has(key)) pending.set(key, creditOf(v))
	const game = earned.get(key) || (await pending.get(key))
	const el = document.getElementById('candy-earned')
	if (!game || !el) return
	el.textContent = '🍬 ' + t('candy_earned', { n: game.game_candy })
	el.hidden = false
}
