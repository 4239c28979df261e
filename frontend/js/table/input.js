// Input on a table screen: taps on buttons (by data-act, in ON_ACT) and on the rack, keys
// on a rack tile, drags. Handlers change the state or call actions.js, then ask for a
// redraw (ctx.redraw). A new button: a data-act where it is drawn, a handler in ON_ACT.
import { $, closeModal, toast } from '../ui.js'
import { locate, slotAt, step } from './rack.js'
import { draggable } from './drag.js'
import { legal } from './board.js'
import * as table from './state.js'
import { parts, fetchView } from './sync.js'
import {
	act,
	arrange,
	layoff,
	openHand,
	saveLayout,
	startGame,
	seatToComputer,
	setLevel,
} from './actions.js'

// Loaded with the first dialog opened: a table's first load does not wait for it.
const dialogs = () => import('./dialogs.js')
const openDiscards = async (ctx, seat) => (await dialogs()).openDiscards(ctx, seat)

const selected = ctx => ctx.state.selection.tile
const selectedFor = (ctx, type) => selected(ctx) != null && legal(ctx.state.sync.view, type)
const pickedMove = ctx => parts.okey101.picked(ctx.state.sync.view, ctx.state.meld101).move

const PLAIN_MOVES = {
	draw: 'draw',
	take: 'take_discard',
	show: 'show_indicator',
	end: 'end_hand',
	return: 'return_discard',
}

// By data-act: (ctx, button, click). Buttons on the screen and in its dialogs.
const ON_ACT = {
	// Moves (actions.js), with the picked-up tile or the 101 picks.
	discard: ctx => selected(ctx) != null && act(ctx, 'discard', selected(ctx)),
	finish: ctx => selected(ctx) != null && act(ctx, 'finish', selected(ctx)),
	// Our discard corner takes the picked-up tile, or shows what we discarded.
	'discard-here': (ctx, el) =>
		selectedFor(ctx, 'discard')
			? act(ctx, 'discard', selected(ctx))
			: openDiscards(ctx, +el.dataset.seat),
	'finish-here': ctx => selectedFor(ctx, 'discard') && act(ctx, 'finish', selected(ctx)),
	meld: (ctx, el, e) => layoff(ctx, selected(ctx), +el.dataset.meld, e.target, e.clientX),
	'open-hint': ctx => openHand(ctx, parts.okey101.suggestion(ctx.state.sync.view)?.move),
	open: ctx => openHand(ctx, pickedMove(ctx)),
	lay: ctx => act(ctx, 'lay', null, null, pickedMove(ctx)),
	'next-hand': ctx => act(ctx, 'next_hand'),
	start: (ctx, el) => {
		el.disabled = true
		startGame(ctx)
	},
	level: (ctx, el) => {
		closeModal()
		setLevel(ctx, el.dataset.level)
	},
	computer: (ctx, el) => {
		closeModal()
		seatToComputer(ctx, +el.dataset.seat)
	},

	// The rack and the screen: state changes, then a redraw.
	sort: (ctx, el) => arrange(ctx, el.dataset.by),
	group: ctx => {
		table.closeGroup(ctx.state)
		ctx.redraw('rack')
	},
	clear: ctx => {
		table.clearGroups(ctx.state)
		ctx.redraw('rack')
	},
	build: ctx => {
		table.toggleBuilding(ctx.state)
		ctx.redraw('rack')
	},
	// Pass-and-play: the next player has the device.
	uncover: ctx => {
		table.uncover(ctx.state)
		ctx.redraw()
	},
	'away-close': ctx => {
		table.setAway(ctx.state, null)
		ctx.redraw()
	},
	result: ctx => {
		table.setResultHidden(ctx.state, false)
		ctx.redraw()
	},
	'see-table': ctx => {
		table.setResultHidden(ctx.state, true)
		ctx.redraw()
	},

	// Dialogs (dialogs.js) and their answers.
	browse: (ctx, el) => openDiscards(ctx, +el.dataset.seat),
	'seat-menu': (ctx, el) =>
		import('../lobby/seat-menu.js').then(m => m.openSeatMenu(ctx, +el.dataset.seat)),
	menu: async ctx => (await dialogs()).openMenu(ctx),
	scores: async ctx => (await dialogs()).openMatchTable(ctx),
	log: ctx => {
		if (ctx.state.log.unread) {
			table.markUnread(ctx.state, 0)
			ctx.redraw()
		}
		return dialogs().then(m => m.openMoveLog(ctx))
	},
	answer: async (ctx, el) => (await dialogs()).answer(ctx, el.dataset.answer),
	device: async ctx => (await import('./device.js')).openDeviceLink(ctx),
	// The hand review: open, step, switch seat.
	review: async (ctx, el) => (await import('../review/screen.js')).onReview(ctx, el),
	// The result's "verify the shuffle", against all of the hand's events.
	verify: (ctx, el) =>
		parts.end.checkShuffle(
			el,
			ctx.state.sync.view,
			async () => (await fetchView(ctx, 0)).events || [],
		),

	// Other screens; data-to: a route.
	go: (ctx, el) => {
		closeModal()
		ctx.env.go(el.dataset.to)
	},
	help: ctx => ctx.env.go('#/rules'),
	'play-again': ctx => ctx.env.create(ctx.auth.cfg).catch(e => toast(e.message, 'error')),
	// An embed's (embed-frame.js): the seat in the full app, an open seat taken.
	'open-app': ctx => ctx.env.openApp(ctx),
	'take-seat': (ctx, el) => ctx.env.takeSeat(el),
}
for (const [name, type] of Object.entries(PLAIN_MOVES)) ON_ACT[name] = ctx => act(ctx, type)
// Friends (social.js, loaded with the first tap): the reactions picker and a reaction
// picked, a nudge, a rematch.
for (const name of ['react', 'reaction', 'nudge', 'rematch'])
	ON_ACT[name] = async (ctx, el) => (await import('./social.js'))[name](ctx, el)

// Returns the unbind of what is bound outside the root (for its dialogs).
export function bindInput(ctx) {
	bindKeys(ctx)
	bindDrags(ctx)
	return bindTaps(ctx)
}

// A rack tile picks up (in 101 with "Groups" on: into the open group); a slot takes the
// picked-up tile.
function tapSlot(ctx, slot) {
	const tile = slot.firstChild
	if (tile) {
		const id = +tile.dataset.id
		const v = ctx.state.sync.view
		if (table.is101(ctx.state)) table.tapTile101(ctx.state, id, parts.okey101.pairsOnly(v))
		else table.toggleSelection(ctx.state, id)
		return ctx.redraw('rack', id)
	}
	const moved = table.dropSelectionOn(ctx.state, [+slot.dataset.r, +slot.dataset.c])
	if (moved == null) return
	ctx.redraw('rack', moved)
	saveLayout(ctx)
}

// Dialogs are drawn outside the root: their buttons are heard on the document.
function bindTaps(ctx) {
	ctx.root.addEventListener('click', e => {
		const el = e.target.closest('[data-act], .rack .slot')
		if (!el || !ctx.state.sync.view) return
		if (el.dataset.act) ON_ACT[el.dataset.act]?.(ctx, el, e)
		else tapSlot(ctx, el)
	})
	const inDialog = e => {
		const el = e.target.closest?.('.modal [data-act]')
		if (el && ctx.state.sync.view) ON_ACT[el.dataset.act]?.(ctx, el, e)
	}
	document.addEventListener('click', inDialog)
	return () => document.removeEventListener('click', inDialog)
}

// On a rack tile: arrows move the focus or the picked-up tile; D/Delete discards, F
// finishes, Escape puts down (Enter and Space pick up: the tile is a button).
function bindKeys(ctx) {
	ctx.root.addEventListener('keydown', e => {
		const tile = e.target.closest?.('.rack .tile')
		if (!tile) return
		const id = +tile.dataset.id
		const key = e.key.toLowerCase()
		if (key === 'escape') {
			table.clearSelection(ctx.state)
			return ctx.redraw('rack', id)
		}
		if (key === 'd' || key === 'delete' || key === 'f') {
			e.preventDefault()
			return act(ctx, key === 'f' ? 'finish' : 'discard', id)
		}
		const layout = table.myLayout(ctx.state)
		const moving = selected(ctx) === id
		const to = e.key.startsWith('Arrow') && step(layout, locate(layout, id), e.key, moving)
		if (!to) return
		e.preventDefault()
		if (moving) {
			table.moveTile(ctx.state, id, to)
			saveLayout(ctx)
		}
		ctx.redraw('rack', moving ? id : layout[to[0]][to[1]])
	})
}

// A rack tile onto a slot, a corner, the centre or a 101 meld; the pile or the left
// discard onto a slot (the tile lands there).
function bindDrags(ctx) {
	const { state, root } = ctx
	let highlighted = null
	const highlight = el => {
		if (highlighted === el) return
		highlighted?.classList.remove('over')
		highlighted = el
		el?.classList.add('over')
	}
	const under = (x, y) => {
		const rack = $('.rack', root)
		const drop = document.elementFromPoint(x, y)?.closest('[data-drop]')
		return { drop, slot: rack && slotAt(rack, x, y), rack }
	}
	draggable(root, '.rack .tile, [data-src]', {
		start: el => startDrag(ctx, el),
		move(x, y, dragged) {
			if (table.is101(state) && !dragged.src) parts.okey101.scrollMeldsToward(root, x, y)
			const { drop, slot, rack } = under(x, y)
			if (dragged.src) highlight(slot && rack)
			else highlight(drop || (slot && rack.children[slot[0]].children[slot[1]]))
		},
		end(x, y, dragged) {
			highlight(null)
			$('.mine', root)?.classList.remove('ready')
			ctx.redraw(table.endDrag(state) ? 'all' : 'rack')
			const { drop, slot } = x == null ? {} : under(x, y)
			const target = drop?.dataset.drop
			if (dragged.src) {
				if (slot) act(ctx, dragged.src === 'pile' ? 'draw' : 'take_discard', null, slot)
			} else if (target === 'meld') {
				layoff(ctx, dragged.id, +drop.dataset.meld, document.elementFromPoint(x, y), x)
			} else if (target && legal(state.sync.view, 'discard')) {
				act(ctx, target, dragged.id)
			} else if (slot) {
				table.moveTile(state, dragged.id, slot)
				saveLayout(ctx)
			}
		},
	})
}

// Marked here by hand: redraws wait for the drag's end.
function startDrag(ctx, el) {
	const { state, root } = ctx
	if (state.sync.busy || state.screen.covered) return null
	if (el.dataset.src) {
		table.startDrag(state, null)
		return { src: el.dataset.src }
	}
	const id = +el.dataset.id
	table.startDrag(state, id)
	const view = state.sync.view
	el.classList.add('sel')
	$('.mid', root)?.classList.toggle('ready', !!legal(view, 'finish')?.tiles?.includes(id))
	$('.mine', root)?.classList.toggle('ready', !!legal(view, 'discard'))
	return { id }
}
