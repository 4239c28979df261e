// The outbox for moves. A move is kept on the device (localStorage, storage.outboxKey)
// from the moment it leaves until the server has answered it. While the connection is
// down it waits, shown as pending, and goes again byte for byte, with the same action_id,
// when the browser is back online or after a growing pause. The server answers a repeated
// action_id without playing it twice (api/tables/play.py act). A table that moved on meanwhile
// answers 409 with its view: the move is dropped and the words say what happened instead.
// Loaded once the table is drawn (table.js firstView), so that a first move made offline
// finds it even where no service worker holds the app.
import { t, more } from '../i18n/index.js'
import { api, ApiError, reportConnection } from '../api.js'
import { load, save, outboxKey } from '../storage.js'
import {
	beginMove,
	movePending,
	moveAccepted,
	moveFailed,
	moveNotMade,
	heldSeats,
} from './state.js'
import { apply } from './sync.js'
import { describe } from './anim.js'

// A move of the shown seat (actions.js act): `entry` is { move, prefer }, the POST
// /actions body and the rack slot for the tile it brings; `fail` takes the table as it
// is after a refusal (actions.js).
export async function send(ctx, entry, fail) {
	const { state } = ctx
	const { type, tile } = entry.move
	beginMove(state, type, tile)
	// A discard shows in our corner, Next hand takes the result panel away: the whole screen.
	ctx.redraw(type === 'discard' || type === 'next_hand' ? 'all' : 'rack')
	try {
		// Offline, the layout's save is still trying (api.js): the move does not wait for it.
		if (navigator.onLine !== false) await ctx.layoutSave.sent
		const answer = await deliver(ctx, entry)
		if (!answer) return // the screen was left: the move waits for the next visit
		if (answer.own) moveAccepted(state, entry.prefer)
		else moveNotMade(state, answer.notice)
		await apply(ctx, answer.view, answer.own)
	} catch (e) {
		moveFailed(state)
		await fail(ctx, e)
	}
}

// The move kept from an earlier visit goes again, with its action_id, if its seat is
// still this screen's (shown pending again while it waits).
export function resend(ctx, fail) {
	const entry = load(outboxKey(ctx.id), null)
	if (!entry) return
	if (heldSeats(ctx.state, ctx.auth).includes(entry.move.seat)) return send(ctx, entry, fail)
	save(outboxKey(ctx.id), null)
}

// The pause before try number `attempt` + 1: 0.5 s, doubling, at most 8 s (a request
// every 8 s costs a phone little, and coming online cuts the pause short).
export const retryDelay = attempt => Math.min(8000, 500 * 2 ** attempt)

// No answer at all (offline, a dropped connection) or a busy server: worth trying again.
// Any other answer is the server's last word on this move.
export const retryable = error =>
	!(error instanceof ApiError) || error.status === 503 || error.status === 429

// Until `ms` have passed, or at once when the browser is back online.
function untilOnline(ms) {
	return new Promise(resolve => {
		const done = () => {
			clearTimeout(timer)
			removeEventListener('online', done)
			resolve()
		}
		const timer = setTimeout(done, ms)
		addEventListener('online', done)
	})
}

// What deliver does with the world; tests hand in their own.
const WORLD = {
	send: (ctx, move) => api.act(ctx.id, ctx.token, move, false),
	wait: untilOnline,
	keep: (id, entry) => save(outboxKey(id), entry),
	drop: id => save(outboxKey(id), null),
	connection: reportConnection,
	strings: () => more().catch(() => {}), // movedOn's words (i18n/more/)
}

// Sends `entry` until the server answers. Resolves with { view, own, notice }: own is true when
// the move was made; notice (words, or null) says what happened instead. Resolves null if
// the screen was left first: the move stays kept, for the next visit. A refusal (a 4xx
// other than a 409 with a view) is thrown, once the move is dropped.
export async function deliver(ctx, entry, world = WORLD) {
	world.keep(ctx.id, entry)
	for (let attempt = 0; ; attempt++) {
		try {
			const view = await world.send(ctx, entry.move)
			world.drop(ctx.id)
			return { view, own: true, notice: null }
		} catch (error) {
			if (!retryable(error)) {
				world.drop(ctx.id)
				const view = error.status === 409 && error.body?.view
				if (!view) throw error
				await world.strings()
				return { view, own: false, notice: movedOn(entry.move, view) }
			}
		}
		if (ctx.state.sync.closed) return null
		if (attempt === 0) {
			// ob_wait is in the first dictionary: offline, i18n/more/ may not load.
			world.connection(false)
			movePending(ctx.state, t('ob_wait'))
			ctx.redraw()
		}
		await world.wait(retryDelay(attempt))
		if (ctx.state.sync.closed) return null
	}
}

// The words for a move the table no longer wanted: what was done in its place by or for
// the seat (its turn ran out and the computer played it, or another device played it),
// from the view's events since the move's version. Null if the move itself is among
// them: an answer lost, and its action_id since forgotten by the server. Null for a next
// hand too: another seat dealt it first, as this one wanted.
export function movedOn(move, view) {
	if (move.type === 'next_hand') return null
	const events = (view.events || []).filter(e => e.v > move.expected_version)
	const ours = events.filter(e => e.seat === move.seat)
	const same = e => !e.auto && e.type === move.type && (move.tile == null || e.tile === move.tile)
	if (ours.some(same)) return null
	const said = ours.map(e => describe(e, view)).filter(Boolean)
	return [t('ob_moved'), ...said].join(' ')
}
