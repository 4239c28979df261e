// "While you were away": opening a table after other people moved, a summary on the screen
// that stays until dismissed: how many moves, what touched you (your discard taken, an
// indicator shown, a 101 opening or lay-off, a turn played for you), the reactions, whose
// turn it is now. Loaded only for such a visit; the screen reader hears it as before (anim.js).
import { t, tn, more } from '../i18n/index.js'
import { h } from '../ui.js'
import { playerOf, nameOf } from './board.js'
import { useStyle } from '../style.js'
import { describe } from './anim.js'
import { heldSeats, setAway } from './state.js'
import { unseenReactions, reactionText } from './reactions.js'

const TOUCHING_LINES = 6 // the newest ones; the move log has the rest

// Whether an event touched the seats `held`: taken from them, played for them, or another
// seat's show, opening or lay-off (each changes what their rack is worth).
function touches(event, held) {
	const theirs = !held.includes(event.seat)
	if (event.type === 'take_discard') return held.includes(event.source)
	if (['show_indicator', 'open', 'layoff', 'finish', 'end_hand'].includes(event.type)) return theirs
	return !theirs && !!event.auto
}

// The summary of `events` (those after the last visit) and `reactions` (those not seen
// here yet) for the seats `held`, or null when no other person did anything.
export function awaySummary(view, events, reactions, held) {
	const person = seat => !held.includes(seat) && playerOf(view, seat).kind === 'human'
	if (!events.some(e => person(e.seat)) && !reactions.some(r => person(r.seat))) return null
	const moves = events.filter(e => e.type !== 'deal' && describe(e, view))
	const lines = events
		.filter(e => touches(e, held))
		.map(e => describe(e, view))
		.filter(Boolean)
		.slice(-TOUCHING_LINES)
	const said = reactions.map(r => `${nameOf(view, r.seat)}: ${reactionText(r.reaction)}`)
	return { moves: moves.length, lines, reactions: said, turn: turnNow(view, held) }
}

function turnNow(view, held) {
	if (view.phase === 'over') return t(view.match_over ? 's_match_over' : 's_hand_over')
	if (held.includes(view.turn)) return t('aw_your_turn')
	return t('st_their_turn', { name: nameOf(view, view.turn) })
}

// On the first view of a visit (table.js): the summary goes into the state, and the screen
// draws it (render.js) until its OK is tapped (input.js ON_ACT['away-close']).
export async function showAway(ctx, view, events) {
	await Promise.all([more(), useStyle('social')])
	const summary = awaySummary(
		view,
		events,
		unseenReactions(ctx, view),
		heldSeats(ctx.state, ctx.auth),
	)
	if (!summary || ctx.state.sync.closed) return
	setAway(ctx.state, summary)
	ctx.redraw()
}

// section.away > h2, the moves, what touched you, the reactions, whose turn, OK
export function awayPanel(summary) {
	const list = (cls, lines) =>
		lines.length > 0 &&
		h(
			'ul.' + cls,
			lines.map(line => h('li', line)),
		)
	return h(
		'section.away',
		{ id: 'away', 'aria-labelledby': 'away-title' },
		h('h2', { id: 'away-title' }, t('aw_title')),
		h('p', summary.moves ? tn('aw_moves', summary.moves) : t('aw_no_moves')),
		list('touched', summary.lines),
		list('said', summary.reactions),
		h('p.turn', h('strong', summary.turn)),
		h('button.btn.primary', { id: 'away-ok', 'data-act': 'away-close' }, t('aw_ok')),
	)
}
