// A table screen, wired from its parts: table/state.js (the state), sync.js (the
// server), actions.js (moves), render.js (drawing), input.js (taps, keys, drags) and
// anim.js (the others' moves).
import { t } from './i18n/index.js'
import { h, btn } from './ui.js'
import { ApiError, onConnection } from './api.js'
import { getAuth, uuid } from './storage.js'
import { createTableState, close } from './table/state.js'
import { createSync } from './table/sync.js'
import { createAnimator } from './table/anim.js'
import { createActions } from './table/actions.js'
import { createRenderer } from './table/render.js'
import { bindInput } from './table/input.js'

// Opens table `id` in `mount`; returns the function that leaves it. env:
//   auth    the seat's token record { token, seat, seats, mode, cfg, invite, seen }, null
//           for a spectator; left out, the one stored for this table
//   embed   inside embed.html: no menu or rules link, a compact layout
//   go      go to a route ('#/', '#/rules')
//   create  "play again": a new table with this one's settings
// The parts share ctx: { id, root, env, auth, token, startId, state }.
export function openTable(mount, id, env) {
	const root = h('.screen')
	mount.replaceChildren(root)
	const auth = env.auth !== undefined ? env.auth : getAuth(id)
	const ctx = {
		id,
		root,
		env,
		auth,
		token: auth?.token,
		startId: uuid(), // one start per open screen: a repeat after a lost answer is no 409
		state: createTableState(auth),
	}

	// Each part needs another, so they reach each other through late-bound hooks.
	const redraw = (level, focus) => renderer.redraw(level, focus)
	const sync = createSync(ctx, {
		redraw,
		redrawNow: () => renderer.redrawNow(),
		playEvents: (...args) => animator.playEvents(...args),
	})
	const animator = createAnimator(ctx, sync.heldSeats)
	const actions = createActions(ctx, sync, redraw)
	const renderer = createRenderer(ctx, sync, actions)
	bindInput(ctx, actions, renderer, redraw)

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
	const clockTimer = setInterval(renderer.tickClocks, 1000)

	;(async () => {
		renderer.redrawNow()
		try {
			await sync.start()
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
		sync.startPolling()
	})()

	return () => {
		close(ctx.state)
		sync.stop()
		clearInterval(clockTimer)
		actions.flushLayout()
		onConnection(() => {})
		reconnecting.remove()
	}
}
