// A series: the chain of tables friends played by rematch, shown on the score sheet (the
// view's `series`, docs/API.md). Loaded only where a view has one.
import { t, tn } from '../i18n/index.js'
import { h } from '../ui.js'
import { nameOf } from './board.js'

// section.series > h3 "Series · table 3", one line per seat: the name, the matches won.
export function seriesTable(v) {
	const series = v.series
	const names = series.names || []
	const most = Math.max(...series.wins)
	const line = (wins, seat) =>
		h(
			'li' + (wins && wins === most ? '.lead' : ''),
			h('span', names[seat] || nameOf(v, seat)),
			h('b', tn('se_wins', wins)),
		)
	return h(
		'section.series',
		{ 'aria-label': t('se_title') },
		h('h3', t('se_title'), ' · ', t('se_table', { n: series.tables })),
		h('ul', series.wins.map(line)),
	)
}
