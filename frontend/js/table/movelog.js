// The move log: the hand's last moves, a nudge to this seat and the table's reactions, newest first, each with
// how long ago it was made (or, for a move the server kept no time for, how long ago this
// device saw it). Loaded the first time the log is opened.
import { t, more } from '../i18n/index.js'
import { h } from '../ui.js'
import { nameOf, nudgeText } from './board.js'
import { describe } from './anim.js'
import { ago } from '../when.js'
import { reactionText, reactionTime, seenReactions } from './reactions.js'

// The log's lines, newest first: { at, seen, text }. moves: the state's log.moves
// ({ event, at, seen }), events nobody needs to hear left out; reactions: as the view has
// them, said in the reader's language.
export async function logLines(moves, view, reactions = []) {
	const lines = moves
		.map(move => ({ at: move.at, seen: move.seen, text: describe(move.event, view) }))
		.filter(line => line.text)
		.reverse()
	// A nudge to this seat, while its turn lasts (the view carries it only then).
	if (view.nudge) {
		lines.push({ at: view.nudge.at, text: nudgeText(view.nudge) })
		lines.sort((a, b) => b.at - a.at)
	}
	if (!reactions.length) return lines
	await more()
	const said = reactions.map(r => ({
		at: reactionTime(r.at),
		text: `${nameOf(view, r.seat)}: ${reactionText(r.reaction)}`,
	}))
	// Stable: moves of the same second keep their order.
	return [...lines, ...said].sort((a, b) => b.at - a.at)
}

// `id`: the table, whose reactions this device has seen (social.js keeps them).
export async function moveLog(moves, view, now, id) {
	const lines = await logLines(moves, view, seenReactions(id))
	const row = ({ at, seen, text }) =>
		h(
			'li',
			h('span', text),
			' ',
			h(
				'time',
				{ datetime: new Date(at).toISOString(), title: new Date(at).toLocaleString() },
				seen ? t('seen_ago', { ago: ago(at, now) }) : ago(at, now),
			),
		)
	return h(
		'.movelog',
		h('p.hint', t('log_hint')),
		lines.length ? h('ol', { id: 'move-log' }, lines.map(row)) : h('p', t('log_empty')),
	)
}
