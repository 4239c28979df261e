// The move log: the hand's last moves, newest first, each with how long ago it was made
// (or, for a move the server kept no time for, how long ago this device saw it). Loaded the
// first time the log is opened.
import { t } from '../i18n/index.js'
import { h } from '../ui.js'
import { describe } from './anim.js'

// How long before `now` `then` was (ms): [unit, n], the unit one of now, min, h, d.
export function elapsed(then, now) {
	const s = Math.max(0, (now - then) / 1000)
	if (s < 60) return ['now', 0]
	if (s < 3600) return ['min', Math.floor(s / 60)]
	if (s < 86400) return ['h', Math.floor(s / 3600)]
	return ['d', Math.floor(s / 86400)]
}

// "2 min ago", "3 h ago", in the page's language.
export function ago(then, now) {
	const [unit, n] = elapsed(then, now)
	return t('ago_' + unit, { n })
}

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
