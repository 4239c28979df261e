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
// `plays` (a 101 meld's): the face a wild okey or a fake stands for, drawn in its place;
// the wild keeps its star, the fake a small ♣.
export function tileEl(id, okey, tag = 'span', plays = null) {
	const f = faceOf(id)
	const shown = plays ?? f
	const c = colourOf(shown)
	const kind = plays != null ? '.c' + c + '.plays' : f === FAKE ? '.fake' : '.c' + c
	const label = plays != null ? playsLabel(f, okey, plays) : tileLabel(id, okey)
	return h(
		`${tag}.tile${kind}${f === okey ? '.okey' : ''}${plays != null && f === FAKE ? '.as-fake' : ''}`,
		{ 'data-id': id, role: tag === 'span' && 'img', 'aria-label': label },
		shown === FAKE ? h('b', '♣') : [h('b', valueOf(shown)), h('i', MARKS[c])],
	)
}

const playsLabel = (face, okey, plays) =>
	t(face === okey ? 'okey_as' : 'fake_as', { tile: faceLabel(plays) })

// A face, not a particular tile: no data-id.
export function faceTile(face, okey) {
	const el = tileEl(face * 2, okey)
	delete el.dataset.id
	return el
}

export const backTile = () => h('span.tile.back', { 'aria-hidden': 'true' })
