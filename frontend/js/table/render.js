// Drawing a table screen from its state, and the dialogs it opens. Redraws asked for
// while one event is handled are drawn once, right after it.
import { t } from '../i18n/index.js'
import { h, $, $$, btn, shareBox, toast, modal, closeModal } from '../ui.js'
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
import { myLayout, is101, uncover, setResultHidden, deferRedraw } from './state.js'
import { parts, loadEnd } from './sync.js'

export function createRenderer(ctx, { fetchView, heldSeats }, actions) {
	const { state, root, env, id } = ctx
	const view = () => state.sync.view

	// What the felt shows besides the view (board.js).
	const feltOptions = () => ({
		seat: state.seat,
		spectator: state.spectator,
		selected: state.selection.tile,
		busy: state.sync.busy,
		picking: state.meld101,
		discarding: state.sync.discarding,
		okey101: parts.okey101,
	})

	// .table#table > header.bar, section.felt, section.rackwrap > .tools, .rack
	// then, over it: the waiting room or the result (.overlay), the pass-and-play cover.
	function drawScreen(focus) {
		const v = view()
		if (!v) return root.replaceChildren(h('.loading', t('loading')))
		const hasRack = !state.spectator && v.rack && !state.screen.covered
		const icon = (act, label, text) =>
			h('button.icon', { 'data-act': act, 'aria-label': t(label) }, text)
		const header = h(
			'header.bar',
			!env.embed && icon('menu', 'menu', '☰'),
			h(
				'span.title',
				`${t('hand')} ${v.hand + 1} · ${t(is101(state) ? 'v101' : 'sc_' + v.options.scoring)}`,
			),
			icon('scores', 'match_table', '🏆'),
			!env.embed && icon('help', 'rules', '?'),
		)
		const rack = hasRack && h('section.rackwrap', toolbar(), h('.rack', { id: 'rack' }))
		const classes = (env.embed ? '.compact' : '') + (hasRack ? '' : '.norack')
		root.replaceChildren(
			h('.table' + classes, { id: 'table' }, header, renderFelt(v, feltOptions()), rack),
		)
		if (hasRack) drawRack(focus)
		if (v.status === 'waiting') root.append(waitingRoom())
		else if (v.phase === 'over' && !state.screen.resultHidden) {
			root.append(h('.overlay', parts.end.resultPanel(v, resultHandlers)))
		}
		if (state.screen.covered) root.append(cover())
	}

	// The rack, the dock (its buttons follow the picked-up tile) and the centre's glow.
	function drawRack(focus) {
		const el = $('.rack', root)
		const layout = myLayout(state)
		if (!el || !layout) return
		const finishing = legal(view(), 'finish')?.tiles || []
		renderRack(el, layout, {
			okey: view().okey,
			selected: state.selection.tile,
			hint: state.selection.hint,
			fresh: state.rack.fresh,
			focus: focus == null ? null : +focus,
			canfin: finishing,
		})
		if (is101(state)) parts.okey101.markRack(el, state.meld101)
		$('.dock', root)?.replaceWith(dock(view(), feltOptions()))
		$('.mid', root)?.classList.toggle('ready', finishing.includes(state.selection.tile))
		if (focus != null) el.querySelector(`[data-id="${focus}"]`)?.focus()
	}

	// Pass-and-play: the rack hides until the player on turn has the device.
	function cover() {
		const onclick = () => {
			uncover(state)
			redraw()
		}
		const button = h(
			'button.cover',
			{ id: 'cover', onclick },
			h('span.big', backTile(), backTile()),
			h('strong', t('pass_to', { name: nameOf(view(), state.seat) })),
			h('span', t('tap_continue')),
		)
		setTimeout(() => button.focus())
		return button
	}

	const inviteUrl = () => {
		const code = view().invite_code || ctx.auth?.invite
		return code && new URL(`#/join/${id}/${code}`, location.href.split('#')[0]).href
	}

	// Before the start: the seats, the invite link, and Start for the creator.
	function waitingRoom() {
		const v = view()
		const url = inviteUrl()
		const avatar = p => (p.kind === 'bot' ? '🤖' : p.name ? [...p.name][0] : '·')
		const start = e => {
			e.currentTarget.disabled = true
			actions.send(api.start(id, ctx.token, ctx.startId))
		}
		return h(
			'.overlay',
			h(
				'section.result',
				{ id: 'waiting' },
				h('h2', t('s_waiting')),
				h(
					'ul.seats',
					v.players.map(p => h('li', h('span.av', avatar(p)), p.name || t('open_seat'))),
				),
				url &&
					h(
						'div',
						h('p.hint', t('invite_hint')),
						shareBox(url, t('invite_title'), 'invite-link', true),
					),
				v.creator
					? btn(t('start_now'), start, 'primary', { id: 'start-now' })
					: h('p.hint', t('waiting_host')),
				btn(t('home'), () => env.go('#/')),
			),
		)
	}

	const resultHandlers = {
		next: () => actions.act('next_hand'),
		home: () => env.go('#/'),
		hide: () => {
			setResultHidden(state, true)
			redraw()
		},
		again:
			ctx.auth?.cfg &&
			!env.embed &&
			(() => env.create(ctx.auth.cfg).catch(e => toast(e.message, 'error'))),
		events: async () => (await fetchView(0)).events || [],
	}

	// The menu: invite link, embed code, absent players' seats to the computer, links.
	function openMenu() {
		const v = view()
		const url = inviteUrl()
		const src = new URL('embed.html?table=' + id, location.href).href
		const attrs = 'width="100%" height="420" style="border:0;max-width:720px" title="Okey"'
		const snippet = `<iframe src="${src}" ${attrs}></iframe>`
		const absent = v.creator
			? v.players.filter(p => p.kind === 'human' && !heldSeats().includes(p.seat))
			: []
		const goTo = to => () => {
			closeModal()
			env.go(to)
		}
		const toComputer = seat => () => {
			closeModal()
			actions.send(api.bot(id, ctx.token, seat))
		}
		modal(
			t('menu'),
			h(
				'.menu',
				url && [h('h3', t('invite_title')), shareBox(url, t('invite_title'), null, true)],
				h('h3', t('embed_title')),
				h('p.hint', t('embed_hint')),
				shareBox(snippet, t('embed_title'), 'embed-snippet'),
				absent.length > 0 && [
					h('h3', t('replace_title')),
					absent.map(p => btn(t('replace_x', { name: p.name }), toComputer(p.seat), 'small')),
				],
				h('p', btn(t('rules'), goTo('#/rules')), ' ', btn(t('home'), goTo('#/'))),
			),
		)
	}

	const openMatchTable = async () => modal(t('match_table'), (await loadEnd()).matchTable(view()))
	const openDiscards = seat => {
		const mine = seat === state.seat && !state.spectator
		modal(discardsOf(view(), seat, mine), pileBrowser(view(), seat))
	}

	// Redraws are drawn in a microtask: after the event's changes, before the next paint.
	let pendingLevel = null
	let pendingFocus = null

	// level 'all': the whole screen; 'rack': the rack and dock. focus: a rack tile to focus.
	function redraw(level = 'all', focus = null) {
		const queued = pendingLevel != null
		pendingLevel = pendingLevel === 'all' || level === 'all' ? 'all' : 'rack'
		if (focus != null) pendingFocus = focus
		if (!queued) queueMicrotask(drawPending)
	}

	function redrawNow() {
		pendingLevel = 'all'
		drawPending()
	}

	function drawPending() {
		const level = pendingLevel
		const focus = pendingFocus ?? document.activeElement?.closest?.('.rack .tile')?.dataset.id
		pendingLevel = pendingFocus = null
		if (level == null || state.sync.closed) return
		// A redraw would pull the dragged tile from under the finger: the drag's end redraws.
		if (state.screen.dragging) {
			if (level === 'all') deferRedraw(state)
		} else if (level === 'all') drawScreen(focus)
		else drawRack(focus)
	}

	const tickClocks = () => {
		for (const el of $$('[data-clock]', root)) el.textContent = clock(view())
	}

	return { redraw, redrawNow, tickClocks, openMenu, openMatchTable, openDiscards }
}
