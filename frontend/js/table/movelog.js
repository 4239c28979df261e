// The move log: the hand's last moves, newest first, each with how long ago it was made
// (or, for a move the server kept no time for, how long ago this device saw it). Loaded the
// first time the log is opened.
import { t } from '../i18n/index.js'
import { h } from '../ui.js'
import { describe } from './anim.js'
import { ago } from '../when.js'

// moves: the state's log.moves ({ event, at }); events nobody needs to hear are left out.
export function moveLog(moves, view, now) {
	const said = moves
		.map(move => ({ move, text: describe(move.event, view) }))
		.filter(row => row.text)
		.reverse()
	const row = ({ move, text }) =>
		h(
			'li',
			h('span', text),
			' ',
			h(
				'time',
				{ datetime: new Date(move.at).toISOString(), title: new Date(move.at).toLocaleString() },
				move.seen ? t('seen_ago', { ago: ago(move.at, now) }) : ago(move.at, now),
			),
		)
	return h(
		'.movelog',
		h('p.hint', t('log_hint')),
		said.length ? h('ol', { id: 'move-log' }, said.map(row)) : h('p', t('log_empty')),
	)
}
