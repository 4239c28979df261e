// Moves and other requests from a table screen: each is sent once, shown at once where
// that is safe; on a failure the screen takes the server's current view.
import { t } from '../i18n/index.js'
import { toast } from '../ui.js'
import { api, ApiError } from '../api.js'
import { uuid } from '../storage.js'
import { legal } from '../board.js'
import { beginMove, moveAccepted, moveFailed, arrangeRack } from './state.js'
import { parts } from './sync.js'

// Moves the server judges even when the legal list does not offer them (it says why not).
const JUDGED_BY_SERVER = ['finish', 'open', 'lay']

export function createActions(ctx, { apply, fetchView }, redraw) {
	const { state, id } = ctx

	// The rack layout is saved once the tiles have been still for a moment. A move sends
	// the pending save first and waits for it: saved after the move, it would be stale.
	let saveTimer
	let pendingSave = null
	let saved = null
	function flushLayout() {
		clearTimeout(saveTimer)
		if (pendingSave) saved = pendingSave()
		pendingSave = null
	}
	function saveLayout() {
		clearTimeout(saveTimer)
		const seat = state.seat
		pendingSave = () => api.rack(id, ctx.token, state.rack.layouts[seat], seat).catch(() => {})
		saveTimer = setTimeout(flushLayout, 700)
	}

	// A move of the shown seat; `prefer` is the rack slot for the tile it brings, `fields`
	// the move's other fields (docs/API.md).
	async function act(type, tile = null, prefer = null, fields = {}) {
		const view = state.sync.view
		if (state.sync.busy || !view) return
		if (!legal(view, type) && !(JUDGED_BY_SERVER.includes(type) && legal(view, 'discard'))) {
			return toast(t(view.turn === state.seat ? 'not_now' : 'not_your_turn'))
		}
		flushLayout()
		beginMove(state, type, tile)
		redraw(type === 'discard' ? 'all' : 'rack')
		try {
			await saved
			const next = await api.act(id, ctx.token, {
				type,
				tile: tile ?? undefined,
				...fields,
				expected_version: view.version,
				action_id: uuid(),
				seat: state.seat,
			})
			moveAccepted(state, prefer)
			await apply(next, true)
		} catch (e) {
			moveFailed(state)
			await fail(e)
		}
	}

	// 409 and network trouble: quietly take the current view. Refusals: the server's message.
	async function fail(e) {
		if (e.status === 409 && e.body?.view) return apply(e.body.view)
		if (e instanceof ApiError && (e.status !== 409 || e.code === 'seat_active')) {
			toast(e.message, 'error')
		}
		try {
			const view = await fetchView(state.sync.view?.version)
			if (view) return await apply(view)
		} catch {
			// Offline: the poller tries again.
		}
		redraw()
	}

	// A request that answers with a view: start, a seat to the computer.
	const send = request => request.then(apply, fail)

	// 101: lay a rack tile off on a table meld, or swap it for the okey there; where it was
	// dropped (target element, x) says at which end.
	function layoff(tile, meld, target, x) {
		const move = parts.okey101.placeOn(state.sync.view, tile, meld, target, x)
		if (move) return act(move.type, tile, null, { meld, position: move.position })
		toast(t('not_now'))
		redraw()
	}

	// Sort the rack as the server advises: runs, sets, pairs or best.
	async function arrange(by) {
		try {
			const advice = await api.arrangement(id, ctx.token, state.seat, by)
			arrangeRack(state, advice, by)
			redraw('rack')
			saveLayout()
		} catch (e) {
			toast(e instanceof ApiError ? e.message : t('err_network'), 'error')
		}
	}

	return { act, send, layoff, arrange, saveLayout, flushLayout }
}
