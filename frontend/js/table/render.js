// Drawing a table screen from its state, and the dialogs it opens. Redraws asked for
// while one event is handled are drawn once, right after it.
import { t, tn, more } from '../i18n/index.js'
import { h, $, $$, btn, shareBox, toast, modal, closeModal, fitNames } from '../ui.js'
import { api } from '../api.js'
import { renderRack } from '../rack.js'
import {
	renderFelt,
	dock,
	toolbar,
	legal,
	nameOf,
	clock,
	discardsOf,
	pileBrowser,
} from '../board.js'
import { backTile } from '../tiles.js'
import {
	myLayout,
	is101,
	uncover,
	setResultHidden,
	deferRedraw,
	lastDiscard,
	markUnread,
} from './state.js'
import { parts, loadEnd, fetchView, heldSeats } from './sync.js'
import { act, send } from './actions.js'
import { showTurn } from './title.js'

// level 'all': the whole screen, 'rack': the rack and dock; focus: a rack tile. Drawn in
// a microtask: after all of an event's changes, before the next paint.
export function redraw(ctx, level = 'all', focus = null) {
	const queue = ctx.redraws
	const queued = queue.level != null
	queue.level = queue.level === 'all' || level === 'all' ? 'all' : 'rack'
	if (focus != null) queue.focus = focus
	if (!queued) queueMicrotask(() => drawQueued(ctx))
}

export function redrawNow(ctx) {
	ctx.redraws.level = 'all'
	drawQueued(ctx)
}

function drawQueued(ctx) {
	const queue = ctx.redraws
	const { level } = queue
	const focus = queue.focus ?? document.activeElement?.closest?.('.rack .tile')?.dataset.id
	queue.level = queue.focus = null
	if (level == null || ctx.state.sync.closed) return
	// A redraw would pull the dragged tile from under the finger: the drag's end redraws.
	if (ctx.state.screen.dragging) {
		if (level === 'all') deferRedraw(ctx.state)
	} else if (level === 'all') drawScreen(ctx, focus)
	else drawRack(ctx, focus)
	fitNames(ctx.root)
}

const feltOptions = ({ state }) => ({
	seat: state.seat,
	spectator: state.spectator,
	selected: state.selection.tile,
	busy: state.sync.busy,
	picking: state.meld101,
	discarding: state.sync.discarding,
	okey101: parts.okey101,
	lastDiscard: lastDiscard(state.sync.view, state.log.moves),
})

// .table#table > header.bar, section.felt, section.rackwrap > .tools, .rack
// then, over it: the waiting room or the result (.overlay), the pass-and-play cover.
function drawScreen(ctx, focus) {
	const { state, root, env } = ctx
	const v = state.sync.view
	if (!v) return root.replaceChildren(h('.loading', t('loading')))
	const hasRack = !state.spectator && v.rack && !state.screen.covered
	const icon = (act, label, text) =>
		h('button.icon', { 'data-act': act, 'aria-label': t(label) }, text)
	const kind = is101(state) ? 'v101' : 'sc_' + v.options.scoring
	const header = h(
		'header.bar',
		!env.embed && icon('menu', 'menu', '☰'),
		h('h1.title', `${t('hand')} ${v.hand + 1} · ${t(kind)}`),
		logIcon(state.log.unread),
		icon('scores', 'match_table', '🏆'),
		!env.embed && icon('help', 'rules', '?'),
	)
	const rack = hasRack && h('section.rackwrap', toolbar(), h('.rack', { id: 'rack' }))
	const classes =
		(env.embed ? '.compact' : '') + (hasRack ? '' : '.norack') + (is101(state) ? '.v101' : '')
	const felt = renderFelt(v, feltOptions(ctx))
	// A table opened on a second device without its token is watched: say where the seat is.
	const note =
		state.spectator &&
		!env.embed &&
		h('p.spectator-note', { id: 'spectator-note' }, t('spectator_note'))
	// The result of the same hand stays the element it was: a redraw (a poll, the rack's
	// sort) must not fold up the shuffle check a finger just opened, or drop its answer.
	const shown = $('.overlay.result', root)
	root.replaceChildren(h('.table' + classes, { id: 'table' }, header, felt, rack, note))
	if (hasRack) drawRack(ctx, focus)
	if (is101(state)) parts.okey101.showMeldOverflow(root)
	if (v.status === 'waiting') root.append(waitingRoom(ctx))
	else if (v.phase === 'over' && !state.screen.resultHidden) {
		const same = shown?.dataset.version === String(v.version)
		const panel = () => parts.end.resultPanel(v, resultHandlers(ctx))
		root.append(same ? shown : h('.overlay.result', { 'data-version': v.version }, panel()))
	}
	if (state.screen.covered) root.append(cover(ctx))
	showTurn(ctx)
}

// The dock's buttons and the centre's glow follow the picked-up tile.
function drawRack(ctx, focus) {
	const { state, root } = ctx
	const el = $('.rack', root)
	const layout = myLayout(state)
	if (!el || !layout) return
	const view = state.sync.view
	const finishing = legal(view, 'finish')?.tiles || []
	renderRack(el, layout, {
		okey: view.okey,
		selected: state.selection.tile,
		hint: state.selection.hint,
		fresh: state.rack.fresh,
		focus: focus == null ? null : +focus,
		canfin: finishing,
	})
	if (is101(state)) parts.okey101.markRack(el, state.meld101)
	$('.dock', root)?.replaceWith(dock(view, feltOptions(ctx)))
	$('.mid', root)?.classList.toggle('ready', finishing.includes(state.selection.tile))
	if (focus != null) el.querySelector(`[data-id="${focus}"]`)?.focus()
}

function cover(ctx) {
	const onclick = () => {
		uncover(ctx.state)
		redraw(ctx)
	}
	const name = nameOf(ctx.state.sync.view, ctx.state.seat)
	const button = h(
		'button.cover',
		{ id: 'cover', onclick },
		h('span.big', backTile(), backTile()),
		h('strong', t('pass_to', { name })),
		h('span', t('tap_continue')),
	)
	setTimeout(() => button.focus())
	return button
}

function inviteUrl(ctx) {
	const code = ctx.state.sync.view.invite_code || ctx.auth?.invite
	const tg = code && globalThis.istakaTelegram?.inviteUrl(ctx.id, code) // t.me, telegram.js
	return tg || (code && new URL(`#/join/${ctx.id}/${code}`, location.href.split('#')[0]).href)
}

function waitingRoom(ctx) {
	const v = ctx.state.sync.view
	const url = inviteUrl(ctx)
	const avatar = p => (p.kind === 'bot' ? '🤖' : p.name ? [...p.name][0] : '·')
	const seat = p => h('li', h('span.av', avatar(p)), p.name || t('open_seat'))
	const start = e => {
		e.currentTarget.disabled = true
		send(ctx, api.start(ctx.id, ctx.token, ctx.startId))
	}
	const invite =
		url &&
		h('div', h('p.hint', t('invite_hint')), shareBox(url, t('invite_title'), 'invite-link', true))
	const room = h(
		'section.result',
		{ id: 'waiting' },
		h('h2', t('s_waiting')),
		h('ul.seats', v.players.map(seat)),
		invite,
		pushSlot(ctx),
		v.creator
			? btn(t('start_now'), start, 'primary', { id: 'start-now' })
			: h('p.hint', t('waiting_host')),
		btn(t('home'), () => ctx.env.go('#/')),
	)
	return h('.overlay', room)
}

// "Notify me when it's my turn" (table/notify.js, loaded only here): for a seat of this
// device, not on a pass-and-play phone.
function pushSlot(ctx) {
	const v = ctx.state.sync.view
	const slot = ctx.token && !ctx.state.spectator && v.mode !== 'hotseat' && h('div')
	if (slot)
		Promise.all([import('./notify.js'), more()]).then(([m]) => slot.replaceWith(m.pushControl(ctx)))
	return slot
}

function resultHandlers(ctx) {
	const { env, auth } = ctx
	const playAgain = () => env.create(auth.cfg).catch(e => toast(e.message, 'error'))
	return {
		next: () => act(ctx, 'next_hand'),
		home: () => env.go('#/'),
		hide: () => {
			setResultHidden(ctx.state, true)
			redraw(ctx)
		},
		again: auth?.cfg && !env.embed && playAgain,
		events: async () => (await fetchView(ctx, 0)).events || [],
	}
}

export async function openMenu(ctx) {
	const { feedbackSwitches } = await import('./feedback.js')
	const { id, env } = ctx
	const v = ctx.state.sync.view
	const url = inviteUrl(ctx)
	const src = new URL('embed.html?table=' + id, location.href).href
	const attrs = 'width="100%" height="420" style="border:0;max-width:720px" title="Okey"'
	const held = heldSeats(ctx)
	const absent = v.creator
		? v.players.filter(p => p.kind === 'human' && !held.includes(p.seat))
		: []
	const goTo = to => () => {
		closeModal()
		env.go(to)
	}
	const toComputer = seat => () => {
		closeModal()
		send(ctx, api.bot(id, ctx.token, seat))
	}
	const replace = absent.length > 0 && [
		h('h3', t('replace_title')),
		absent.map(p => btn(t('replace_x', { name: p.name }), toComputer(p.seat), 'small')),
	]
	// Your seat on another device: its private link and QR code (device.js, loaded on demand).
	const openDevice = async () => (await import('../device.js')).openDeviceLink(ctx)
	const device = ctx.auth && [
		h('h3', t('device_title')),
		btn(t('device_show'), openDevice, 'small', { id: 'device-open' }),
	]
	const menu = h(
		'.menu',
		url && [h('h3', t('invite_title')), shareBox(url, t('invite_title'), null, true)],
		pushSlot(ctx),
		device,
		h('h3', t('embed_title')),
		h('p.hint', t('embed_hint')),
		shareBox(`<iframe src="${src}" ${attrs}></iframe>`, t('embed_title'), 'embed-snippet'),
		replace,
		feedbackSwitches(ctx),
		h('p', btn(t('rules'), goTo('#/rules')), ' ', btn(t('home'), goTo('#/'))),
	)
	modal(t('menu'), menu)
}

// 📜, with the number of moves made while the player was away until the log is opened.
function logIcon(unread) {
	const label = unread ? `${t('move_log')}: ${tn('e_many', unread)}` : t('move_log')
	const badge = unread > 0 && h('span.badge', { 'aria-hidden': 'true' }, unread)
	return h('button.icon', { 'data-act': 'log', 'aria-label': label }, '📜', badge)
}

// The move log's code is loaded the first time it opens.
export async function openMoveLog(ctx) {
	if (ctx.state.log.unread) {
		markUnread(ctx.state, 0)
		redraw(ctx)
	}
	const { moveLog } = await import('./movelog.js')
	modal(t('move_log'), moveLog(ctx.state.log.moves, ctx.state.sync.view, Date.now()))
}

export async function openMatchTable(ctx) {
	const { matchTable } = await loadEnd()
	modal(t('match_table'), matchTable(ctx.state.sync.view))
}

// Before a discard that costs a 101 penalty: the tile stays unless the player says so
// (Keep it, Escape and a tap outside all keep it).
export function askPenalty(ctx, reason, discard) {
	const keep = () => {
		closeModal()
		redraw(ctx, 'rack')
	}
	const anyway = () => {
		closeModal()
		discard()
	}
	const body = h(
		'.penalty',
		h('p', t('pen_' + reason, { n: 101 })),
		h(
			'.acts',
			btn(t('pen_keep'), keep, 'primary', { id: 'keep-tile' }),
			btn(t('pen_yes'), anyway, '', { id: 'discard-anyway' }),
		),
	)
	modal(t('pen_title'), body)
}

export function openDiscards(ctx, seat) {
	const v = ctx.state.sync.view
	const mine = seat === ctx.state.seat && !ctx.state.spectator
	modal(discardsOf(v, seat, mine), pileBrowser(v, seat))
}

export function tickClocks(ctx) {
	for (const el of $$('[data-clock]', ctx.root)) el.textContent = clock(ctx.state.sync.view)
}
