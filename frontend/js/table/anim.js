// The others' moves, shown and said: tiles fly between the pile, racks and discard
// corners, and the screen reader hears a sentence per move. It redraws nothing: the
// view's subscriber (table.js) does, after it.
import { t, tn, objectOf, sentence } from '../i18n/index.js'
import { $, toast, announce } from '../ui.js'
import { tileEl, backTile, tileLabel } from '../tiles.js'
import { nameOf } from './board.js'
import { setAnimationPace, markUnread, heldSeats } from './state.js'

const EVENT_TEXT = {
	draw: 'e_draw',
	take_discard: 'e_take',
	discard: 'e_discard',
	finish: 'e_finish',
	show_indicator: 'e_show',
	end_hand: 'e_end',
	deal: 'e_deal',
	open: 'e_open',
	layoff: 'e_layoff',
}
// The sentences that have a second-person form, KEY_you (i18n).
const SECOND_PERSON = ['e_draw', 'e_take', 'e_discard', 'e_finish', 'e_show', 'e_open', 'e_layoff']
const FLYING = ['draw', 'take_discard', 'discard', 'finish']

// The sentence for an event, or '' for one nobody needs to hear. A hand cut off by the
// 400-turn limit ends like an empty pile, but says why. A move of the viewer's seat, or a
// take of its discard, is said to them in the second person ("You took…", "…took your").
export function describe(event, view) {
	const key = event.reason === 'turn_limit' ? 'e_turn_limit' : EVENT_TEXT[event.type]
	if (!key) return ''
	const mine = seat => view.you != null && seat === view.you && SECOND_PERSON.includes(key)
	let said = key
	if (mine(event.seat)) said = key + '_you'
	else if (key === 'e_take' && mine(event.source)) said = 'e_take_yours'
	const tile = event.tile != null ? tileLabel(event.tile, view.okey) : ''
	const text = sentence(
		showCost(event, view) ||
			t(said, {
				name: nameOf(view, event.seat),
				from: nameOf(view, event.source ?? 0),
				n: (event.hand ?? 0) + 1,
				tile,
				obj: objectOf(tile), // the tile as the verb's object (Turkish: "Sarı 7'yi")
			}),
	)
	return event.auto ? text + ' ' + t('e_auto') : text
}

// Another seat's indicator show takes or gives points: the event's deltas say how many,
// by seat. The viewer hears their own, or else what the shower gained ("−1", "+1").
function showCost(event, view) {
	if (event.type !== 'show_indicator' || !event.deltas || event.seat === view.you) return ''
	const signed = n => (n < 0 ? '\u2212' + -n : '+' + n)
	const name = nameOf(view, event.seat)
	const mine = view.you != null ? event.deltas[view.you] : 0
	if (mine) return t('e_show_points', { name, delta: signed(mine) })
	const gain = event.deltas[event.seat]
	return gain ? t('e_show_gain', { name, delta: signed(gain) }) : ''
}

async function fly(ctx, from, to, tile) {
	if (!from || !to || document.hidden) return
	if (matchMedia('(prefers-reduced-motion:reduce)').matches) return
	const start = from.getBoundingClientRect()
	const end = to.getBoundingClientRect()
	const flyer = tile == null ? backTile() : tileEl(tile, ctx.state.sync.view.okey)
	flyer.classList.add('flyer')
	document.body.append(flyer)
	const over = box => {
		const x = box.left + (box.width - flyer.offsetWidth) / 2
		const y = box.top + (box.height - flyer.offsetHeight) / 2
		return { transform: `translate(${x}px,${y}px)` }
	}
	const timing = { duration: ctx.state.anim.speed, easing: 'ease-out' }
	try {
		await flyer.animate([over(start), over(end)], timing).finished
	} catch {
		// Cut short: the flyer goes all the same.
	}
	flyer.remove()
}

// `own`: they follow our move, so no toast.
function say(ctx, events, own) {
	const said = events.map(e => describe(e, ctx.state.sync.view)).filter(Boolean)
	if (said.length > 6) {
		announce(tn('e_many', said.length) + ' ' + said.slice(-3).join(' '))
		if (!own) {
			toast(tn('e_many', said.length))
			markUnread(ctx.state, said.length)
		}
	} else if (said.length) {
		announce(said.join(' '))
	}
}

// The status line follows the turn as the computers play, not only once they are done (the
// redraw after them says what our turn asks). A line with a notice is left alone.
function turnPassed({ root, state }, view, seat) {
	const line = $('#status', root)
	const next = (seat + 1) % view.seats.length
	if (!line || line.children.length || next === state.seat) return
	line.textContent = t('s_wait', { name: nameOf(view, next) })
}

// The others' moves (and the computer's for us); the pile counts down as tiles fly.
export async function playEvents(ctx, events, pileCount, own) {
	const { state, root } = ctx
	const view = state.sync.view
	const held = heldSeats(state, ctx.auth)
	const others = events.filter(
		e => state.spectator || e.auto || e.type === 'deal' || !held.includes(e.seat),
	)
	say(ctx, others, own)
	// A show costs the viewer a point with nothing moving on the felt: it is said there.
	const shows = others.filter(e => e.type === 'show_indicator' && e.seat !== state.seat)
	for (const e of shows) toast(describe(e, view))
	const flights = others.filter(e => FLYING.includes(e.type)).slice(-12)
	setAnimationPace(state, flights.length)
	const corner = seat => $(`.disc[data-seat="${seat}"] .dslot`, root)
	for (const e of flights) {
		if (state.sync.closed || $('.modal')) break
		const mine = e.seat === state.seat && !state.spectator
		const rack = mine ? $('.rack', root) : $(`.opp[data-seat="${e.seat}"]`, root)
		if (e.type === 'draw') {
			await fly(ctx, $('.pile', root), rack)
			const count = $('.pc', root)
			if (count) count.textContent = --pileCount
		} else if (e.type === 'take_discard') {
			corner(e.source)?.replaceChildren()
			await fly(ctx, corner(e.source), rack, e.tile)
		} else if (e.type === 'discard') {
			await fly(ctx, rack, corner(e.seat), e.tile)
			corner(e.seat)?.replaceChildren(tileEl(e.tile, view.okey))
			turnPassed(ctx, view, e.seat)
		} else {
			await fly(ctx, rack, $('.mid', root), e.tile)
		}
	}
}
