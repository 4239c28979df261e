// Candy (docs/API.md, "Players"): the device player's balance on home, and what a game
// earned on the result screen (and why a hand earned less); the player itself is
// player-model.js. Loaded on demand, so
// neither the home page's first paint nor a table's first download waits for it. What a
// player does less often (its stats, a new name, a device link's player) is player.js.
import { t, more } from '../i18n/index.js'
import { h } from '../ui.js'
import { player, sleep } from '../storage.js'
import { ensurePlayer, me, RATES } from '../player-model.js'

export async function homeBalance(el, lang) {
	await ensurePlayer(lang)
	const m = await me(false)
	if (!m) return
	const balance = t('candy_balance', { n: m.candy })
	const today = t('candy_today', { n: m.candy_today, limit: m.daily_limit })
	el.replaceChildren(`🍬 ${balance} · ${today}`, h('span', { 'aria-hidden': 'true' }, ' ›'))
	el.onclick = () => import('../player.js').then(m => m.openStats())
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
		const found = m?.games.find(g => g.table_id === v.table_id && g.hand >= v.hand)
		const game = found && { ...found, limit: m.daily_limit }
		if (game) {
			earned.set(key, game)
			return game
		}
	}
	return null
}

// Fill #candy-earned of the result panel (redrawn panels included) with this game's candy.
export async function showEarned(v) {
	if (!player() || !v.flags.earns_candy || v.you == null) return
	const key = v.table_id + '/' + v.hand
	if (!earned.has(key) && !pending.has(key)) pending.set(key, creditOf(v))
	const game = earned.get(key) || (await pending.get(key))
	if (game?.why) await more() // the reason's words
	const el = document.getElementById('candy-earned')
	if (!game || !el) return
	const why = game.why && t('candy_why_' + game.why, { moves: RATES.moves, limit: game.limit })
	el.replaceChildren('🍬 ' + t('candy_earned', { n: game.game_candy }), why && h('small', why))
	el.hidden = false
}
