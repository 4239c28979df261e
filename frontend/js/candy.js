// Candy (docs/API.md, "Players"): the device's anonymous player, made on the first visit,
// its balance on home, and what a game earned on the result screen. Loaded on demand, so
// neither the home page's first paint nor a table's first download waits for it. What a
// player does less often (its stats, a new name, a device link's player) is player.js.
import { api } from './api.js'
import { t } from './i18n/index.js'
import { h } from './ui.js'
import { player, setPlayer, forgetPlayer, sleep } from './storage.js'

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

// For a table to belong to: the device's player, waited for a moment at most; a create or
// join never hangs on candy's bookkeeping.
const PLAYER_WAIT_MS = 3000
export const playerSoon = lang =>
	Promise.race([ensurePlayer(lang), sleep(PLAYER_WAIT_MS).then(() => player())])

let last = null // { at, me }: home redraws (an option changed) reuse a fresh answer
// A fresh answer to reuse; null forgets the last (another player now).
export const remember = m => (last = m && { at: Date.now(), me: m })
export async function me(fresh) {
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

export async function homeBalance(el, lang) {
	await ensurePlayer(lang)
	const m = await me(false)
	if (!m) return
	const balance = t('candy_balance', { n: m.candy })
	const today = t('candy_today', { n: m.candy_today, limit: m.daily_limit })
	el.replaceChildren(`🍬 ${balance} · ${today}`, h('span', { 'aria-hidden': 'true' }, ' ›'))
	el.onclick = () => import('./player.js').then(m => m.openStats())
	el.hidden = false
}

// What each (table, hand) earned, once the server has credited it.
const earned = new Map()
const pending = new Map()

// The credit comes a moment after the hand ends (the server's change stream, which can
// lag by seconds): ask soon after the result shows, then less and less often for about
// 15 s, then give up quietly.
async function creditOf(v) {
	const key = v.table_id + '/' + v.hand
	for (const wait of [800, 2000, 4000, 8000]) {
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
