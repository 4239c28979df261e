// Keeping a table screen in step with the server: the first load, polling at the
// table's pace, and taking each new view with the events it missed. This module knows
// the server and the state, not the screen: each view it accepts goes to ctx.onView,
// the subscriber table.js sets, which sorts, sounds, animates and redraws.
import { api } from '../api.js'
import { more } from '../i18n/index.js'
import { setAuth, load, save } from '../storage.js'
import {
	acceptView,
	passDevice,
	setResultHidden,
	logEvents,
	restoreLog,
	heldSeats,
} from './state.js'

// A live table (10 s to 10 min a turn) or a relaxed one (an hour to 7 days): the view's
// pace, or from a server that does not send it, its turn time (an hour or more: relaxed).
export const isLive = view => (view?.pace ? view.pace === 'live' : !(view?.turn_seconds >= 3600))

// The delay before the next poll (ms); idle counts polls in a row that brought nothing.
// Live tables poll every second or two. Relaxed tables back off while nothing happens, to
// 30 s (at most twice a minute); a hidden tab polls every 30 s on a live table and every
// 5 minutes on a relaxed one, whose player a push notification calls back. A table waiting
// for its players polls every 2 s, a relaxed one only for its first minute or so. While
// another person has it open too (others_here), a relaxed table polls as a live one.
export function paceFor(view, mine, hidden, idle) {
	if (hidden) return isLive(view) ? 30000 : 300000
	const live = isLive(view) || !!view?.others_here
	if (!view || view.status === 'waiting') return live || idle < 30 ? 2000 : 30000
	if (view.phase === 'over') return live ? 3000 : 15000
	if (live) return mine ? 2500 : 1000
	return Math.min(30000, 2000 * 1.6 ** Math.min(idle, 8))
}

// Code that only some tables need, loaded before the first view that needs it: the
// result panel and score sheet, the 101 parts, the away summary (social.js sets it).
export const parts = { end: null, okey101: null, away: null }
async function loadParts(view) {
	if (view.variant === '101') parts.okey101 ??= await import('./okey101.js')
	if (view.phase === 'over') await loadEnd()
}
// With its words (i18n/more/).
export async function loadEnd() {
	parts.end ??= await import('./end.js')
	await more()
	return parts.end
}

// null when the etag still holds.
export function fetchView(ctx, since, etag) {
	const seat = ctx.state.spectator ? null : ctx.state.seat
	// A hidden tab's poll is no player looking: it must not hold back their push.
	const away = globalThis.document?.hidden ? 1 : null
	return api.view(ctx.id, { token: ctx.token, seat, since, etag, away })
}

// Where every view from the server is accepted (a poll's, a move's answer, a 409's):
// older ones are dropped, missed events fetched, the pass-and-play device passed, then
// the state takes it and the subscriber hears of it. `own`: the answer to our move.
export async function apply(ctx, view, own = false) {
	const { state } = ctx
	const prev = state.sync.view
	if (prev && view.version < prev.version) return
	if (prev && view.version > prev.version && !view.events) {
		view = (await fetchView(ctx, prev.version).catch(() => null)) || view
	}
	const held = heldSeats(state, ctx.auth)
	const passing = held.length > 1 && view.turn != null && view.phase !== 'over'
	if (passing && view.turn !== state.seat && held.includes(view.turn)) {
		passDevice(state, view.turn)
		view = (await fetchView(ctx, prev?.version).catch(() => null)) || view
	}
	await loadParts(view)
	acceptView(state, view)
	keepLog(ctx, view)
	if (prev && view.hand !== prev.hand) setResultHidden(state, false)
	await ctx.onView({ view, prev, own })
}

// Views that differ only in the events they carry show the same table.
const withoutEvents = view => JSON.stringify({ ...view, events: 0, events_complete: 0 })
const sameView = (a, b) =>
	a && b && a.version === b.version && withoutEvents(a) === withoutEvents(b)

// True if it brought something new. An unchanged view only renews the etag (not
// enumerable, so that sameView does not see it).
async function poll(ctx) {
	const { view, busy, closed } = ctx.state.sync
	const next = !busy && !closed && (await fetchView(ctx, view?.version, view?.etag))
	if (!next) return false
	if (sameView(next, view)) {
		Object.defineProperty(view, 'etag', { value: next.etag, configurable: true })
		return false
	}
	await apply(ctx, next)
	return true
}

// The first view; the subscriber shows a returning player the moves made while they
// were away (the events after ctx.auth.seen).
export async function start(ctx) {
	const { state, auth } = ctx
	let view = await fetchView(ctx, auth?.seen)
	const passing = (view.held_seats || []).length > 1 && view.turn != null
	if (passing && view.phase !== 'over') {
		const otherSeat = view.turn !== state.seat
		passDevice(state, view.turn)
		if (otherSeat) view = await fetchView(ctx)
	}
	await loadParts(view)
	acceptView(state, view)
	if (!ctx.env.embed) restoreLog(state, load(logKey(ctx), null), view.hand)
	keepLog(ctx, view)
	await ctx.onView({ view, prev: null, own: false })
}

// The move log, kept on the device (not in an embed) for the next visit, and the version
// seen, for its catch-up; ctx.auth keeps the last visit's, for this one's (table.js).
const logKey = ctx => 'istaka.log.' + ctx.id
function keepLog(ctx, view) {
	logEvents(ctx.state, view, Date.now())
	if (ctx.env.embed) return
	save(logKey(ctx), ctx.state.log)
	if (ctx.auth) setAuth(ctx.id, { ...ctx.auth, seen: view.version })
}

// A tab out of sight, closed or left says so at once: pushes are then not held back as
// if the player still looked. Returns the unbind, which says it too.
export function bindAway(ctx) {
	if (!ctx.token) return () => {}
	const away = () => api.away(ctx.id, ctx.token)
	const hidden = () => document.hidden && away()
	addEventListener('pagehide', away)
	document.addEventListener('visibilitychange', hidden)
	return () => {
		removeEventListener('pagehide', away)
		document.removeEventListener('visibilitychange', hidden)
		away()
	}
}

const WAKERS = ['visibilitychange', 'focus', 'online']

// paceFor apart, and at once when the tab is back in view.
export function startPolling(ctx) {
	const polling = ctx.polling
	if (polling.stopped) return
	const run = async () => {
		clearTimeout(polling.timer)
		if (polling.stopped || polling.running) return
		polling.running = true
		const changed = await poll(ctx).catch(() => false)
		polling.running = false
		polling.idle = changed ? 0 : polling.idle + 1
		if (polling.stopped) return
		const view = ctx.state.sync.view
		const pause = paceFor(view, view?.turn === ctx.state.seat, document.hidden, polling.idle)
		polling.timer = setTimeout(run, pause)
	}
	polling.wake = () => {
		if (document.hidden) return
		polling.idle = 0
		run()
	}
	for (const type of WAKERS) addEventListener(type, polling.wake)
	// sw.js showsTable: asked before a push for this table shows; in view, poll instead.
	polling.pushed = e => {
		if (e.data?.type !== 'istaka-poll') return
		const here = e.data.table_id === ctx.id && !polling.stopped && !document.hidden
		e.ports[0]?.postMessage(here)
		if (here) polling.wake()
	}
	navigator.serviceWorker?.addEventListener('message', polling.pushed)
	polling.timer = setTimeout(run, 1000)
}

export function stopPolling(ctx) {
	const polling = ctx.polling
	polling.stopped = true
	clearTimeout(polling.timer)
	if (polling.wake) for (const type of WAKERS) removeEventListener(type, polling.wake)
	if (polling.pushed) navigator.serviceWorker?.removeEventListener('message', polling.pushed)
}
