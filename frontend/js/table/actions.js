// Moves and other requests from a table screen: each is sent once, shown at once where
// that is safe; on a failure the screen takes the server's current view. This is where a
// move leaves for the server (act, then outbox.js); its answer goes to sync.js apply
// like any view.
// Screen changes are asked for through ctx.redraw, never drawn here.
import { t } from '../i18n/index.js'
import { toast } from '../ui.js'
import { api, ApiError } from '../api.js'
import { uuid, prefs, savePrefs, load, outboxKey } from '../storage.js'
import { legal, discardQuestion } from './board.js'
import { arrangeRack, sortAsked } from './state.js'
import { apply, fetchView, parts } from './sync.js'

// Moves the server judges even when the legal list does not offer them (it says why not).
const JUDGED_BY_SERVER = ['finish', 'open', 'lay']

// Once the tiles have been still for a moment.
export function saveLayout(ctx) {
	const save = ctx.layoutSave
	clearTimeout(save.timer)
	const seat = ctx.state.seat
	save.pending = () =>
		api.rack(ctx.id, ctx.token, ctx.state.rack.layouts[seat], seat).catch(() => {})
	save.timer = setTimeout(() => flushLayout(ctx), 700)
}

// A move sends the pending save first, and waits for it: saved after, it would be stale.
export function flushLayout(ctx) {
	const save = ctx.layoutSave
	clearTimeout(save.timer)
	if (save.pending) save.sent = save.pending()
	save.pending = null
}

// A move of the shown seat; `prefer` is the rack slot for the tile it brings, `fields`
// the move's other fields (docs/API.md); `confirmed` once the player has said yes to
// a penalty.
export async function act(ctx, type, tile = null, prefer = null, fields = {}, confirmed = false) {
	const { state } = ctx
	const view = state.sync.view
	if (state.sync.busy || !view) return
	if (!legal(view, type) && !(JUDGED_BY_SERVER.includes(type) && legal(view, 'discard'))) {
		return toast(t(view.turn === state.seat ? 'not_now' : 'not_your_turn'))
	}
	// Every discard (button, drag, key D) comes through here, so none costs 101 and no
	// okey goes unasked (unless the player switched the okey's question off).
	const question = !confirmed && discardQuestion(view, type, tile, prefs.askOkey !== false)
	if (question) {
		// Asked again once answered: the table may have moved on meanwhile.
		const { askPenalty } = await import('./dialogs.js') // loaded only for a question
		if (await askPenalty(ctx, question, tile)) {
			return act(ctx, type, tile, prefer, fields, true)
		}
		return ctx.redraw('rack')
	}
	flushLayout(ctx)
	const move = {
		type,
		tile: tile ?? undefined,
		...fields,
		expected_version: view.version,
		action_id: uuid(),
		seat: state.seat,
	}
	// Without the outbox's code (offline before the service worker holds it), not sent.
	const outbox = await loadOutbox(ctx).catch(() => null)
	if (!outbox) return toast(t('ob_failed'), 'error')
	await outbox.send(ctx, { move, prefer }, fail)
}

// Loaded once the table is drawn (table.js firstView); asked for again after a failed load.
export function loadOutbox(ctx) {
	ctx.outbox ??= import('./outbox.js').catch(error => {
		ctx.outbox = null
		throw error
	})
	return ctx.outbox
}

// A move kept from the last visit goes again (outbox.js).
export const resendKept = ctx =>
	load(outboxKey(ctx.id)) && loadOutbox(ctx).then(outbox => outbox.resend(ctx, fail))

// 409 and network trouble: quietly take the current view. Refusals: the server's message.
export async function fail(ctx, e) {
	if (e.status === 409 && e.body?.view) return apply(ctx, e.body.view)
	if (e instanceof ApiError && (e.status !== 409 || e.code === 'seat_active')) {
		toast((await parts.okey101?.said(e.code)) || e.message, 'error')
	}
	try {
		const view = await fetchView(ctx, ctx.state.sync.view?.version)
		if (view) return await apply(ctx, view)
	} catch {
		// Offline: the poller tries again.
	}
	ctx.redraw()
}

export const send = (ctx, request) =>
	request.then(
		view => apply(ctx, view),
		e => fail(ctx, e),
	)

export const startGame = ctx => send(ctx, api.start(ctx.id, ctx.token, ctx.startId))

// The menu's "replace with a computer" for an absent player.
export const seatToComputer = (ctx, seat) => send(ctx, api.bot(ctx.id, ctx.token, seat))

// The menu's level for the computers at a table against them (PUT /api/tables/{id}/level);
// a level picked here is also the one new tables take (home.js startingLevel).
export async function setLevel(ctx, level) {
	prefs.level = level
	prefs.levelPicked = true
	savePrefs()
	await send(ctx, api.level(ctx.id, ctx.token, level))
	toast(t('level_now', { level: t('lvl_' + level) }))
}

// 101: lay a rack tile off on a table meld, or swap it for the okey there; where it was
// dropped (target element, x) says at which end.
export async function layoff(ctx, tile, meld, target, x) {
	const view = ctx.state.sync.view
	const move = parts.okey101.placeOn(view, tile, meld, target, x)
	if (move) return act(ctx, move.type, tile, null, { meld, position: move.position })
	ctx.redraw()
	toast(await parts.okey101.said(parts.okey101.refusal(view, tile)))
}

// 101: an opening with pairs binds the rest of the hand, so the player says yes first.
export async function openHand(ctx, move) {
	const ask = move?.pairs && (await import('./dialogs.js')).askPairs
	if (!ask || (await ask(ctx, move.pairs.length))) act(ctx, 'open', null, null, move)
	else ctx.redraw()
}

const SORTS = ['runs', 'sets', 'pairs', 'best']

// A sort button: the rack as the server arranges it, and the sort kept on this device for
// the next hands' racks.
export async function arrange(ctx, by) {
	prefs.sort = by
	savePrefs()
	try {
		await sortRack(ctx, by)
	} catch (e) {
		toast(e instanceof ApiError ? e.message : t('err_network'), 'error')
	}
}

// The answer is dropped if the screen moved on meanwhile: to another hand or seat, into
// a move (whose tile it would put back), away, or to a later sort.
async function sortRack(ctx, by, chosen = true) {
	const { state } = ctx
	const asked = { hand: state.rack.hand, seat: state.seat, sort: ++ctx.sorts }
	const advice = await api.arrangement(ctx.id, ctx.token, asked.seat, by)
	const { busy, closed } = state.sync
	if (busy || closed || state.rack.hand !== asked.hand || state.seat !== asked.seat) return
	// A sort asked for later wins, whichever answer comes first: the new rack's own sort
	// must not undo the Best the player tapped while it was on its way.
	if (asked.sort !== ctx.sorts) return
	// Not for a rack the server no longer holds: its save would be refused.
	if (!arrangeRack(state, advice, by, chosen)) return
	ctx.redraw('rack')
	saveLayout(ctx)
}

// A rack nobody arranged yet (a new hand's) takes the player's last sort, runs at first;
// on a failure it stays sorted by face (state.js acceptView), quietly.
export async function sortNewRack(ctx) {
	const { state } = ctx
	if (!state.rack.unsorted || state.spectator) return
	sortAsked(state)
	const by = SORTS.includes(prefs.sort) ? prefs.sort : 'runs'
	await sortRack(ctx, by, false).catch(() => {})
}
