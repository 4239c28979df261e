// The device's anonymous player (docs/API.md, "Players"), the model behind candy.js and
// player.js: made once on the first visit (POST /api/players), its token kept on the
// device (storage.js), and its stats and balance as GET /api/players/me gives them. No
// DOM here: the screens that show the player import this, never the other way round.
import { api } from './api.js'
import { player, setPlayer, forgetPlayer, sleep } from './storage.js'

// How candy is earned: api/players/credit.py CANDY and MIN_MOVES.
export const RATES = { friends: { win: 15, draw: 8, loss: 5 }, computer: { win: 6 }, moves: 24 }

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
