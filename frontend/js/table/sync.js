// Keeping a table screen in step with the server: the first load, polling at the
// table's pace, and taking each new view with the events it missed.
import { api } from '../api.js'
import { setAuth, sleep } from '../storage.js'
import { acceptView, passDevice, setResultHidden } from './state.js'

// The delay before the next poll (ms); idle counts polls in a row that brought nothing.
// Asynchronous tables back off while nothing happens; a hidden tab barely polls.
export function paceFor(view, mine, hidden, idle) {
	if (hidden) return 30000
	const live = view?.turn_seconds <= 300
	if (!view || view.status === 'waiting') return 2000
	if (view.phase === 'over') return live ? 3000 : 15000
	if (live) return mine ? 2500 : 1000
	return Math.min(30000, 2000 * 1.6 ** Math.min(idle, 8))
}

// Runs tick() again and again, pace() apart, and at once when the tab is back in view.
function poller(tick, pace) {
	let timer
	let stopped = false
	let running = false
	let idle = 0
	async function run() {
		clearTimeout(timer)
		if (stopped || running) return
		running = true
		const changed = await tick().catch(() => false)
		running = false
		idle = changed ? 0 : idle + 1
		if (!stopped) timer = setTimeout(run, pace(idle, document.hidden))
	}
	function wake() {
		if (document.hidden) return
		idle = 0
		run()
	}
	const wakers = ['visibilitychange', 'focus', 'online']
	for (const type of wakers) addEventListener(type, wake)
	timer = setTimeout(run, 1000)
	return () => {
		stopped = true
		clearTimeout(timer)
		for (const type of wakers) removeEventListener(type, wake)
	}
}

// Code that only some tables need, loaded before the first view that needs it: the
// result panel and score sheet, the 101 parts.
export const parts = { end: null, okey101: null }
async function loadParts(view) {
	if (view.variant === '101') parts.okey101 ??= await import('../okey101.js')
	if (view.phase === 'over') parts.end ??= await import('../end.js')
}
export const loadEnd = async () => (parts.end ??= await import('../end.js'))

// Views that differ only in the events they carry show the same table.
const withoutEvents = view => JSON.stringify({ ...view, events: 0, events_complete: 0 })
const sameView = (a, b) =>
	a && b && a.version === b.version && withoutEvents(a) === withoutEvents(b)

export function createSync(ctx, { playEvents, redraw, redrawNow }) {
	const { state, auth, env, id } = ctx
	// The seats this device plays: all of them on a pass-and-play table.
	const heldSeats = () => state.sync.view?.held_seats || auth?.seats || []
	const fetchView = (since, etag) => {
		const seat = state.spectator ? null : state.seat
		return api.view(id, { token: ctx.token, seat, since, etag })
	}

	// A new view: catch up on events, pass a shared device to the seat on turn, redraw.
	async function apply(view, own) {
		const prev = state.sync.view
		if (prev && view.version < prev.version) return
		if (prev && view.version > prev.version && !view.events) {
			view = (await fetchView(prev.version).catch(() => null)) || view
		}
		const passing = heldSeats().length > 1 && view.turn != null && view.phase !== 'over'
		if (passing && view.turn !== state.seat && heldSeats().includes(view.turn)) {
			passDevice(state, view.turn)
			view = (await fetchView(prev?.version).catch(() => null)) || view
		}
		await loadParts(view)
		acceptView(state, view)
		if (auth && !env.embed) {
			auth.seen = view.version
			setAuth(id, auth)
		}
		if (prev && view.events?.length && !state.screen.covered) {
			await playEvents(
				view.events.filter(e => e.v > prev.version),
				prev.pile_count,
				own,
			)
		}
		if (prev && view.hand !== prev.hand) setResultHidden(state, false)
		redraw()
	}

	// One poll; an unchanged view only renews the etag (not enumerable: sameView skips it).
	async function tick() {
		const { view, busy, closed } = state.sync
		const next = !busy && !closed && (await fetchView(view?.version, view?.etag))
		if (!next) return false
		if (sameView(next, view)) {
			Object.defineProperty(view, 'etag', { value: next.etag, configurable: true })
			return false
		}
		await apply(next)
		return true
	}

	// The first view; a returning player then sees the moves made while they were away.
	async function start() {
		let view = await fetchView(auth?.seen)
		const passing = (view.held_seats || []).length > 1 && view.turn != null
		if (passing && view.phase !== 'over') {
			const otherSeat = view.turn !== state.seat
			passDevice(state, view.turn)
			if (otherSeat) view = await fetchView()
		}
		await loadParts(view)
		acceptView(state, view)
		redrawNow()
		performance.mark('istaka-ready')
		const events = view.events || []
		if (events.length && auth?.seen != null && !state.screen.covered) {
			await sleep(300)
			const pileBefore = view.pile_count + events.filter(e => e.type === 'draw').length
			await playEvents(
				events.filter(e => e.v > auth.seen),
				pileBefore,
			)
			redraw()
		}
	}

	let stopPolling = null
	function startPolling() {
		const mine = () => state.sync.view?.turn === state.seat
		stopPolling = poller(tick, (idle, hidden) => paceFor(state.sync.view, mine(), hidden, idle))
	}

	return { fetchView, apply, start, startPolling, heldSeats, stop: () => stopPolling?.() }
}
