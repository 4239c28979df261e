// Keeping a table screen in step with the server: the first load, polling at the
// table's pace, and taking each new view with the events it missed.
import { api } from '../api.js'
import { setAuth, sleep, load, save } from '../storage.js'
import { acceptView, passDevice, setResultHidden, logEvents, restoreLog } from './state.js'
import { playEvents } from './anim.js'
import { sortNewRack } from './actions.js'
import { redraw, redrawNow } from './render.js'

// A live table (10 s to 10 min a turn) or a relaxed one (an hour to 7 days): the view's
// pace, or from a server that does not send it, its turn time (an hour or more: relaxed).
export const isLive = view => (view?.pace ? view.pace === 'live' : !(view?.turn_seconds >= 3600))

// The delay before the next poll (ms); idle counts polls in a row that brought nothing.
// Live tables poll every second or two. Relaxed tables back off while nothing happens, to
// 30 s (at most twice a minute); a hidden tab polls every 30 s on a live table and every
// 5 minutes on a relaxed one, whose player a push notification calls back. A table waiting
// for its players polls every 2 s, a relaxed one only for its first minute or so.
export function paceFor(view, mine, hidden, idle) {
	const live = isLive(view)
	if (hidden) return live ? 30000 : 300000
	if (!view || view.status === 'waiting') return live || idle < 30 ? 2000 : 30000
	if (view.phase === 'over') return live ? 3000 : 15000
	if (live) return mine ? 2500 : 1000
	return Math.min(30000, 2000 * 1.6 ** Math.min(idle, 8))
}

// Code that only some tables need, loaded before the first view that needs it: the
// result panel and score sheet, the 101 parts.
export const parts = { end: null, okey101: null }
async function loadParts(view) {
	if (view.variant === '101') parts.okey101 ??= await import('../okey101.js')
	if (view.phase === 'over') parts.end ??= await import('../end.js')
}
export const loadEnd = async () => (parts.end ??= await import('../end.js'))

// All of them on a pass-and-play table.
export const heldSeats = ctx => ctx.state.sync.view?.held_seats || ctx.auth?.seats || []

// null when the etag still holds.
export function fetchView(ctx, since, etag) {
	const seat = ctx.state.spectator ? null : ctx.state.seat
	// A hidden tab's poll is no player looking: it must not hold back their push.
	const away = globalThis.document?.hidden ? 1 : null
	return api.view(ctx.id, { token: ctx.token, seat, since, etag, away })
}

export async function apply(ctx, view, own) {
	const { state } = ctx
	const prev = state.sync.view
	if (prev && view.version < prev.version) return
	if (prev && view.version > prev.version && !view.events) {
		view = (await fetchView(ctx, prev.version).catch(() => null)) || view
	}
	const held = heldSeats(ctx)
	const passing = held.length > 1 && view.turn != null && view.phase !== 'over'
	if (passing && view.turn !== state.seat && held.includes(view.turn)) {
		passDevice(state, view.turn)
		view = (await fetchView(ctx, prev?.version).catch(() => null)) || view
	}
	await loadParts(view)
	acceptView(state, view)
	sortNewRack(ctx) // not waited for: the moves play meanwhile
	keepLog(ctx, view)
	if (ctx.auth && !ctx.env.embed) {
		ctx.auth.seen = view.version
		setAuth(ctx.id, ctx.auth)
	}
	// Sounds and vibration: feedback.js comes with the first gesture (before one, browsers
	// refuse to sound or vibrate).
	if (prev) ctx.feedback?.feedback(ctx, prev, view)
	if (prev && view.events?.length && !state.screen.covered) {
		await playEvents(
			ctx,
			view.events.filter(e => e.v > prev.version),
			prev.pile_count,
			own,
		)
	}
	if (prev && view.hand !== prev.hand) setResultHidden(state, false)
	redraw(ctx)
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

// A returning player then sees the moves made while they were away.
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
	sortNewRack(ctx)
	if (!ctx.env.embed) restoreLog(state, load(logKey(ctx), null), view.hand)
	keepLog(ctx, view)
	redrawNow(ctx)
	performance.mark('istaka-ready')
	const events = view.events || []
	if (events.length && auth?.seen != null && !state.screen.covered) {
		await sleep(300)
		const pileBefore = view.pile_count + events.filter(e => e.type === 'draw').length
		await playEvents(
			ctx,
			events.filter(e => e.v > auth.seen),
			pileBefore,
		)
		redraw(ctx)
	}
}

// The move log, kept on the device (not in an embed) for the next visit.
const logKey = ctx => 'istaka.log.' + ctx.id
function keepLog(ctx, view) {
	logEvents(ctx.state, view, Date.now())
	if (!ctx.env.embed) save(logKey(ctx), ctx.state.log)
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
	polling.timer = setTimeout(run, 1000)
}

export function stopPolling(ctx) {
	const polling = ctx.polling
	polling.stopped = true
	clearTimeout(polling.timer)
	if (polling.wake) for (const type of WAKERS) removeEventListener(type, polling.wake)
}
