// A table screen, wired from its parts: table/state.js (the state), sync.js (the
// server), actions.js (moves), render.js (drawing), input.js (taps, keys, drags) and
// anim.js (the others' moves). Each part's functions take the screen's context first.
import { t } from './i18n/index.js'
import { h, btn } from './ui.js'
import { ApiError, onConnection } from './api.js'
import { getAuth, uuid } from './storage.js'
import { createTableState, close } from './table/state.js'
import { start, startPolling, stopPolling } from './table/sync.js'
import { flushLayout } from './table/actions.js'
import { redrawNow, tickClocks } from './table/render.js'
import { bindInput } from './table/input.js'
import { hideTurn } from './table/title.js'

// Opens table `id` in `mount`; returns the function that leaves it. env:
//   auth    the seat's token record { token, seat, seats, mode, cfg, invite, seen }, null
//           for a spectator; left out, the one stored for this table
//   embed   inside embed.html: no menu or rules link, a compact layout
//   go      go to a route ('#/', '#/rules')
//   create  "play again": a new table with this one's settings
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
		// Machinery of the parts, not table state:
		redraws: { level: null, focus: null }, // asked for, not drawn yet (render.js)
		layoutSave: { timer: null, pending: null, sent: null }, // (actions.js)
		sorts: 0, // sorts asked for: only the latest one's answer is laid out (actions.js)
		polling: { timer: null, idle: 0, running: false, stopped: false, wake: null }, // (sync.js)
		feedback: null, // table/feedback.js, loaded on the first gesture
		sound: null, // the sounds (table/sound.js), made on the first gesture with sounds on (feedback.js)
	}
	bindInput(ctx)
	const gesture = { capture: true, once: true }
	for (const type of ['pointerdown', 'keydown']) {
		root.addEventListener(
			type,
			async () => {
				ctx.feedback ??= await import('./table/feedback.js')
				ctx.feedback.startSound(ctx)
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
		redrawNow(ctx)
		try {
			await start(ctx)
		} catch (e) {
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
		ctx.sound?.close()
		clearInterval(clockTimer)
		hideTurn()
		flushLayout(ctx)
		onConnection(() => {})
		reconnecting.remove()
	}
}
