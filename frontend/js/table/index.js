// A table screen, wired from its parts: table/state.js (the state), sync.js (the
// server), actions.js (moves), render.js and dialogs.js (drawing), input.js (taps, keys,
// drags) and anim.js (the others' moves), each taking the screen's context first. Data
// goes input → actions → sync → state; this module closes the loop (ctx.onView and
// ctx.redraw), so that no part imports one that imports it back.
import { t, more } from '../i18n/index.js'
import { h, btn } from '../ui.js'
import { ApiError, onConnection } from '../api.js'
import { getAuth, uuid, sleep } from '../storage.js'
import { createTableState, close } from './state.js'
import { start, startPolling, stopPolling, bindAway } from './sync.js'
import { flushLayout, sortNewRack, loadOutbox, resendKept } from './actions.js'
import { draw, tickClocks } from './render.js'
import { playEvents } from './anim.js'
import { bindInput } from './input.js'
import { showTurn, hideTurn } from './title.js'

// Opens table `id` in `mount`; returns the function that leaves it. env:
//   auth    the seat's token record { token, seat, seats, mode, cfg, invite, seen }, null
//           for a spectator; left out, the one stored for this table
//   embed   inside embed.html: no menu or rules link, a compact layout; then, from
//           embed-frame.js: onView (hears each view), gone (the table is not found),
//           seatOffer + takeSeat ("Take a seat"), openApp ("Open in Istaka")
//   go      go to a route ('#/', '#/rules', the rematch's table)
//   create  an embed's "play again": a new game in the frame
export function openTable(mount, id, env) {
	const root = h('.screen')
	mount.replaceChildren(root)
	const auth = env.auth !== undefined ? env.auth : getAuth(id)
	// The context every part's functions take first.
	const ctx = {
		id,
		root,
		env,
		auth,
		token: auth?.token,
		startId: uuid(), // one start per open screen: a repeat after a lost answer is no 409
		state: createTableState(auth),
		redraw: null, // (level, focus): drawn once the event is handled (batchedRedraw)
		onView: null, // hears each view sync.js accepts (viewArrived)
		// Machinery of the parts, not table state:
		question: null, // resolves the open question (dialogs.js ask)
		layoutSave: { timer: null, pending: null, sent: null }, // (actions.js)
		sorts: 0, // sorts asked for: only the latest one's answer is laid out (actions.js)
		polling: { timer: null, idle: 0, running: false, stopped: false, wake: null, pushed: null }, // (sync.js)
		outbox: null, // table/outbox.js, loaded with the first gesture (actions.js)
		feedback: null, // table/feedback.js, loaded on the first gesture
		sound: null, // the sounds (table/sound.js), made on the first gesture with sounds on (feedback.js)
	}
	ctx.redraw = batchedRedraw(ctx)
	ctx.onView = arrival => {
		env.onView?.(arrival)
		return viewArrived(ctx, arrival)
	}
	const unbindInput = bindInput(ctx)
	const unbindAway = bindAway(ctx)
	const gesture = { capture: true, once: true }
	for (const type of ['pointerdown', 'keydown']) {
		root.addEventListener(
			type,
			async () => {
				// Again, if it failed to load with the first view.
				loadOutbox(ctx).catch(() => {})
				// Offline without a service worker there are no sounds, and no error either.
				ctx.feedback ??= await import('./feedback.js').catch(() => null)
				ctx.feedback?.startSound(ctx)
			},
			gesture,
		)
	}

	// While a request waits to be tried again, a line says so; the next answer clears it.
	const reconnecting = h(
		'p.toast.reconnecting',
		{ id: 'reconnecting', role: 'status' },
		t('reconnecting'),
	)
	onConnection(ok => {
		if (ok) reconnecting.remove()
		else mount.append(reconnecting)
	})
	const clockTimer = setInterval(() => tickClocks(ctx), 1000)

	;(async () => {
		draw(ctx)
		try {
			await start(ctx)
		} catch (e) {
			if (e.status === 404 && env.gone) return env.gone()
			const message = e.status === 404 ? t('err_notable') : e.message
			root.replaceChildren(
				h(
					'.loading',
					h('p', message),
					btn(t('home'), () => env.go('#/')),
				),
			)
			if (e instanceof ApiError) return
		}
		startPolling(ctx)
	})()

	return () => {
		close(ctx.state)
		stopPolling(ctx)
		unbindInput()
		unbindAway()
		ctx.sound?.close()
		clearInterval(clockTimer)
		hideTurn()
		flushLayout(ctx)
		onConnection(() => {})
		reconnecting.remove()
	}
}

// Drawn once, however often asked for while an event is handled: the widest level, the
// last focus. In a microtask, not in chessground's next animation frame: a hidden tab
// draws no frames, and a tapped tile focused a frame later loses its focus ring.
function batchedRedraw(ctx) {
	let asked = null // { level, focus } until the frame comes
	return (level = 'all', focus = null) => {
		const queued = asked != null
		asked ??= { level, focus: null }
		if (level === 'all') asked.level = 'all'
		if (focus != null) asked.focus = focus
		if (queued) return
		queueMicrotask(() => {
			const { level, focus } = asked
			asked = null
			draw(ctx, level, focus)
		})
	}
}

// A view the state now holds; prev: the one before (null at first), own: our move's answer.
async function viewArrived(ctx, { view, prev, own }) {
	const { state } = ctx
	sortNewRack(ctx) // not waited for: the moves play meanwhile
	if (!prev) return firstView(ctx, view)
	// feedback.js comes with the first gesture: before one, browsers refuse to sound.
	ctx.feedback?.feedback(ctx, prev, view)
	if (view.events?.length && !state.screen.covered) {
		const events = view.events.filter(e => e.v > prev.version)
		let pile = prev.pile_count
		// A new deal is drawn at once, the computers' first moves flying over it.
		if (view.hand !== prev.hand) {
			draw(ctx)
			pile = view.pile_count + events.filter(e => e.type === 'draw').length
		}
		await playEvents(ctx, events, pile, own)
	}
	showTurn(ctx)
	ctx.redraw()
	social(ctx, view)
}

// Drawn at once; a move kept from the last visit goes again; a returning player then
// sees the moves made since they last looked.
async function firstView(ctx, view) {
	const seen = ctx.auth?.seen
	// An open table's made names, in the reader's words (i18n madeName): its more/ strings.
	if (view.flags.made_names) more().then(() => ctx.redraw())
	draw(ctx)
	showTurn(ctx)
	performance.mark('istaka-ready')
	// The move code, now rather than with the first tap: a first move made offline (with no
	// service worker holding the app) must find it to wait in the outbox.
	loadOutbox(ctx).catch(() => {})
	resendKept(ctx)
	const events = view.events || []
	const since = seen == null ? null : events.filter(e => e.v > seen)
	social(ctx, view, since)
	if (!events.length || seen == null || ctx.state.screen.covered) return
	await sleep(300)
	const pileBefore = view.pile_count + events.filter(e => e.type === 'draw').length
	await playEvents(ctx, since, pileBefore)
	ctx.redraw()
}

// Reactions and, on a visit's first view, "while you were away" (`since`: the events after
// the last visit): social.js, loaded with the first view that needs it.
function social(ctx, view, since) {
	if (since?.length || view.reactions?.length)
		import('./social.js').then(m => m.onView(ctx, view, since)).catch(() => {})
}
