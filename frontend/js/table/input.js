// Input on a table screen: taps on buttons (by data-act) and on the rack, keys on a
// rack tile, drags. Handlers change the state, then ask for a redraw.
import { $ } from '../ui.js'
import { locate, slotAt, step } from '../rack.js'
import { draggable } from '../drag.js'
import { legal } from '../board.js'
import * as table from './state.js'
import { parts } from './sync.js'

// Buttons that send a move as it is: data-act → move type.
const PLAIN_MOVES = {
	draw: 'draw',
	take: 'take_discard',
	show: 'show_indicator',
	end: 'end_hand',
	return: 'return_discard',
}

export function bindInput(ctx, actions, screen, redraw) {
	const { state, root, env } = ctx
	const { act } = actions
	const selected = () => state.selection.tile
	const selectedFor = type => selected() != null && legal(state.sync.view, type)
	const pickedMove = () => parts.okey101.picked(state.sync.view, state.meld101).move

	// What a button does, by its data-act: (button, click) => void.
	const onAct = {
		discard: () => selected() != null && act('discard', selected()),
		finish: () => selected() != null && act('finish', selected()),
		// Our discard corner takes the picked-up tile, or shows what we discarded.
		'discard-here': el =>
			selectedFor('discard') ? act('discard', selected()) : screen.openDiscards(+el.dataset.seat),
		'finish-here': () => selectedFor('discard') && act('finish', selected()),
		browse: el => screen.openDiscards(+el.dataset.seat),
		sort: el => actions.arrange(el.dataset.by),
		menu: () => screen.openMenu(),
		scores: () => screen.openMatchTable(),
		help: () => env.go('#/rules'),
		result: () => {
			table.setResultHidden(state, false)
			redraw()
		},
		meld: (el, e) => actions.layoff(selected(), +el.dataset.meld, e.target, e.clientX),
		group: () => {
			table.closeGroup(state)
			redraw('rack')
		},
		clear: () => {
			table.clearGroups(state)
			redraw('rack')
		},
		'open-hint': () => act('open', null, null, legal(state.sync.view, 'open')),
		open: () => act('open', null, null, pickedMove()),
		lay: () => act('lay', null, null, pickedMove()),
	}
	for (const [name, type] of Object.entries(PLAIN_MOVES)) onAct[name] = () => act(type)

	// A rack tile picks up (in 101: into the open group); a slot takes the picked-up tile.
	function tapSlot(slot) {
		const tile = slot.firstChild
		if (tile) {
			const id = +tile.dataset.id
			if (table.is101(state)) table.pickForMeld(state, id)
			else table.toggleSelection(state, id)
			return redraw('rack', id)
		}
		const moved = table.dropSelectionOn(state, [+slot.dataset.r, +slot.dataset.c])
		if (moved == null) return
		redraw('rack', moved)
		actions.saveLayout()
	}

	root.addEventListener('click', e => {
		const el = e.target.closest('[data-act], .rack .slot')
		if (!el || !state.sync.view) return
		if (el.dataset.act) onAct[el.dataset.act]?.(el, e)
		else tapSlot(el)
	})

	// On a rack tile: arrows move the focus, or the picked-up tile; Enter or Space picks
	// up (the tile is a button); D or Delete discards, F finishes, Escape puts down.
	root.addEventListener('keydown', e => {
		const tile = e.target.closest?.('.rack .tile')
		if (!tile) return
		const id = +tile.dataset.id
		const key = e.key.toLowerCase()
		if (key === 'escape') {
			table.clearSelection(state)
			return redraw('rack', id)
		}
		if (key === 'd' || key === 'delete' || key === 'f') {
			e.preventDefault()
			return act(key === 'f' ? 'finish' : 'discard', id)
		}
		const layout = table.myLayout(state)
		const moving = selected() === id
		const to = e.key.startsWith('Arrow') && step(layout, locate(layout, id), e.key, moving)
		if (!to) return
		e.preventDefault()
		if (moving) {
			table.moveTile(state, id, to)
			actions.saveLayout()
		}
		redraw('rack', moving ? id : layout[to[0]][to[1]])
	})

	// Drags: a rack tile to a slot, a discard corner, the centre or a 101 meld; the pile or
	// the left discard to a slot (draw or take, landing there).
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
		start(el) {
			if (state.sync.busy || state.screen.covered) return null
			if (el.dataset.src) {
				table.startDrag(state, null)
				return { src: el.dataset.src }
			}
			const id = +el.dataset.id
			table.startDrag(state, id)
			// Marked by hand: redraws wait for the drag's end.
			const view = state.sync.view
			el.classList.add('sel')
			$('.mid', root)?.classList.toggle('ready', !!legal(view, 'finish')?.tiles?.includes(id))
			$('.mine', root)?.classList.toggle('ready', !!legal(view, 'discard'))
			return { id }
		},
		move(x, y, dragged) {
			const { drop, slot, rack } = under(x, y)
			if (dragged.src) highlight(slot && rack)
			else highlight(drop || (slot && rack.children[slot[0]].children[slot[1]]))
		},
		end(x, y, dragged) {
			highlight(null)
			$('.mine', root)?.classList.remove('ready')
			redraw(table.endDrag(state) ? 'all' : 'rack')
			const { drop, slot } = x == null ? {} : under(x, y)
			const target = drop?.dataset.drop
			if (dragged.src) {
				if (slot) act(dragged.src === 'pile' ? 'draw' : 'take_discard', null, slot)
			} else if (target === 'meld') {
				actions.layoff(dragged.id, +drop.dataset.meld, document.elementFromPoint(x, y), x)
			} else if (target && legal(state.sync.view, 'discard')) {
				act(target, dragged.id)
			} else if (slot) {
				table.moveTile(state, dragged.id, slot)
				actions.saveLayout()
			}
		},
	})
}
