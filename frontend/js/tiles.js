// Drawing tiles. Presentation only: the face of an id, its colour mark, the star on an okey.
import { t } from './i18n/index.js'
import { h } from './ui.js'

const MARKS = ['●', '▲', '■', '◆']
export const FAKE = 52
export const faceOf = id => id >> 1
const colourOf = face => (face / 13) | 0
export const valueOf = face => (face % 13) + 1

export const faceLabel = face =>
	face === FAKE ? t('fake') : `${t('c.' + 'rybk'[colourOf(face)])} ${valueOf(face)}`

export function tileLabel(id, okey) {
	const f = faceOf(id)
	if (f === FAKE) return okey == null ? t('fake') : t('fake_as', { tile: faceLabel(okey) })
	return faceLabel(f) + (f === okey ? ', ' + t('okey') : '')
}

// A tile (a button when interactive): numeral and colour mark, a star on a wild okey.
export function tileEl(id, okey, tag = 'span') {
	const f = faceOf(id),
		c = colourOf(f)
	return h(
		`${tag}.tile.${f === FAKE ? 'fake' : 'c' + c}${f === okey ? '.okey' : ''}`,
		{ 'data-id': id, role: tag === 'span' && 'img', 'aria-label': tileLabel(id, okey) },
		f === FAKE ? h('b', '♣') : [h('b', valueOf(f)), h('i', MARKS[c])],
	)
}

// A face, not a particular tile: no data-id.
export function faceTile(face, okey) {
	const el = tileEl(face * 2, okey)
	delete el.dataset.id
	return el
}

export const backTile = () => h('span.tile.back', { 'aria-hidden': 'true' })
