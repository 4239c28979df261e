// Drawing a table screen from its state. It reads the state and binds nothing: buttons
// carry a data-act for input.js. table.js batches the redraws asked for (ctx.redraw)
// and calls draw() once per frame.
import { t, tn, more, seatName } from '../i18n/index.js'
import { h, $, $$, shareBox, fitNames } from '../ui.js'
import { renderRack } from './rack.js'
import { renderFelt, dock, toolbar, legal, nameOf, clock } from './board.js'
import { backTile } from '../tiles.js'
import { myLayout, is101, deferRedraw, lastDiscard } from './state.js'
import { parts } from './sync.js'
import { timeLeft } from '../when.js'

// level 'all': the whole screen, 'rack': the rack and dock; focus: a rack tile's id, to
// keep the keyboard's place.
export function draw(ctx, level = 'all', focus = null) {
	focus ??= document.activeElement?.closest?.('.rack .tile')?.dataset.id
	if (ctx.state.sync.closed) return
	// A redraw would pull the dragged tile from under the finger: the drag's end redraws.
	if (ctx.state.screen.dragging) {
		if (level === 'all') deferRedraw(ctx.state)
	} else if (level === 'all') drawScreen(ctx, focus)
	else drawRack(ctx, focus)
	fitNames(ctx.root)
	if (is101(ctx.state)) parts.okey101.fitActs(ctx.root)
}

const feltOptions = ({ state }) => ({
	seat: state.seat,
	spectator: state.spectator,
	selected: state.selection.tile,
	busy: state.sync.busy,
	picking: state.meld101,
	discarding: state.sync.discarding,
	pending: state.sync.pending,
	notice: state.screen.notice,
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
	// Each with an id, so that a redraw (a poll) gives the focus back to the one that had it.
	const icon = (act, label, text) =>
		h('button.icon', { id: 'bar-' + act, 'data-act': act, 'aria-label': t(label) }, text)
	const kind = is101(state) ? 'v101' : 'sc_' + v.options.scoring
	const header = h(
		'header.bar',
		!env.embed && icon('menu', 'menu', '☰'),
		h('h1.title', `${t('hand')} ${v.hand + 1} · ${t(kind)}`),
		v.flags.sends_reactions && !state.spectator && icon('react', 'react', '🙂'),
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
	// Melds that must scroll stay where the finger left them: a lay-off or a poll redraws.
	const meldsScrolled = $('.melds', root)?.scrollTop ?? 0
	// The redraw replaces what had the focus (a poll, a reaction): give it back, by id, to the
	// control drawn again, so the keyboard and the screen reader keep their place.
	const focusedId = root.contains(document.activeElement) ? document.activeElement.id : ''
	root.replaceChildren(h('.table' + classes, { id: 'table' }, header, felt, rack, note))
	if (hasRack) drawRack(ctx, focus)
	if (is101(state)) parts.okey101.fitMelds(root, meldsScrolled)
	if (state.screen.away) root.append(parts.away.awayPanel(state.screen.away))
	if (v.status === 'waiting') root.append(waitingRoom(ctx))
	else if (v.phase === 'over' && !state.screen.resultHidden && state.sync.moving !== 'next_hand') {
		// A rematch asked for changes the panel, not the game's version.
		const key = `${v.version}:${v.rematch?.table_id ?? ''}`
		const same = shown?.dataset.version === key
		const panel = () => parts.end.resultPanel(v, resultOptions(ctx))
		root.append(same ? shown : h('.overlay.result', { 'data-version': key }, panel()))
	}
	if (state.screen.covered) root.append(cover(ctx))
	else if (focusedId && !root.contains(document.activeElement)) {
		document.getElementById(focusedId)?.focus()
	}
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
	const name = nameOf(ctx.state.sync.view, ctx.state.seat)
	const button = h(
		'button.cover',
		{ id: 'cover', 'data-act': 'uncover' },
		h('span.big', backTile(), backTile()),
		h('strong', t('pass_to', { name })),
		h('span', t('tap_continue')),
	)
	setTimeout(() => button.focus())
	return button
}

export function inviteUrl(ctx) {
	const code = ctx.state.sync.view.invite_code || ctx.auth?.invite
	const tg = code && globalThis.istakaTelegram?.inviteUrl(ctx.id, code) // t.me, telegram.js
	return tg || (code && new URL(`#/join/${ctx.id}/${code}`, location.href.split('#')[0]).href)
}

function waitingRoom(ctx) {
	const v = ctx.state.sync.view
	const url = inviteUrl(ctx)
	const avatar = p => (p.kind === 'bot' ? '🤖' : p.name ? [...seatName(p, p.seat)][0] : '·')
	const seat = p => h('li', h('span.av', avatar(p)), p.name ? seatName(p, p.seat) : t('open_seat'))
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
		ctx.env.seatOffer?.(v, ctx.state), // an embed's "Take a seat" (embed-frame.js)
		v.lobby
			? openTableStart(v.lobby)
			: v.creator
				? h('button.btn.primary', { id: 'start-now', 'data-act': 'start' }, t('start_now'))
				: h('p.hint', t('waiting_host')),
		h('button.btn', { 'data-act': 'go', 'data-to': '#/' }, t('home')),
	)
	return h('.overlay', room)
}

// An open table (api/lobby) waits for strangers: when it starts with computers by itself,
// and, after half a minute, a button for its people to start it now (tickClocks counts).
function openTableStart(lobby) {
	if (lobby.closed) return h('p.hint', { id: 'lobby-closed' }, t('lb_closed'))
	const early = Date.now() < lobby.start_now_at
	return h(
		'div',
		h('p.hint', { 'data-countdown': '' }, countdown(lobby)),
		h(
			'button.btn.primary',
			{ id: 'start-now', 'data-act': 'start', disabled: early, 'data-from': lobby.start_now_at },
			t('lb_start_now'),
		),
	)
}

const countdown = lobby => {
	const s = Math.max(0, Math.round((lobby.starts_at - Date.now()) / 1000))
	const time = s >= 3600 ? timeLeft(s) : `${(s / 60) | 0}:${String(s % 60).padStart(2, '0')}`
	return t(lobby.closes ? 'lb_closes_in' : 'lb_starts_in', { time })
}

// "Notify me when it's my turn" (table/notify.js, loaded only here): for a seat of this
// device at a friends table. Once loaded, a redraw draws it at once: an empty slot would
// let the buttons under it move up under a finger.
let notify = null
export function pushSlot(ctx) {
	const v = ctx.state.sync.view
	if (!ctx.token || ctx.state.spectator || !v.flags.pushes_turns) return null
	if (notify) return notify.pushControl(ctx)
	const slot = h('div')
	Promise.all([import('./notify.js'), more()]).then(([m]) => {
		notify = m
		slot.replaceWith(m.pushControl(ctx))
	})
	return slot
}

// For the result panel (end.js): its buttons carry a data-act too. Every seat of this
// device may ask for a rematch, outside an embed; an embed plays its own game again in the
// frame and offers the seat in the full app.
const resultOptions = ({ env, state, token }) => ({
	rematch: !state.spectator && !env.embed,
	again: !!env.embed && !!env.create,
	open: !!(env.openApp && token),
})

// 📜, with the number of moves made while the player was away until the log is opened.
function logIcon(unread) {
	const label = unread ? `${t('move_log')}: ${tn('e_many', unread)}` : t('move_log')
	const badge = unread > 0 && h('span.badge', { 'aria-hidden': 'true' }, unread)
	return h('button.icon', { id: 'bar-log', 'data-act': 'log', 'aria-label': label }, '📜', badge)
}

export function tickClocks(ctx) {
	const v = ctx.state.sync.view
	for (const el of $$('[data-clock]', ctx.root)) el.textContent = clock(v)
	if (!v?.lobby || v.lobby.closed) return
	for (const el of $$('[data-countdown]', ctx.root)) el.textContent = countdown(v.lobby)
	const start = $('#start-now[data-from]', ctx.root)
	if (start && Date.now() >= +start.dataset.from) start.disabled = false
}
