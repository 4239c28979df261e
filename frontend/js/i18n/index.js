// Strings: English is built in, Turkish and Korean load on demand. A dictionary
// is text, one "key=text" a line; t() fills in {name} and the like. Screens loaded on
// demand await more() for their own strings (more/), kept out of first downloads.
import text from './en.js'

export const dict = text =>
	Object.fromEntries(
		text
			.trim()
			.split('\n')
			.map(line => line.split(/=(.*)/)),
	)
const en = dict(text)

export const LANGS = { en: 'English', tr: 'Türkçe', ko: '한국어' }
let cur = en
let lang = 'en'

// Own keys only: `lang=__proto__` (or constructor, toString) is an unknown language too.
export const known = code => typeof code === 'string' && Object.hasOwn(LANGS, code)

export async function setLang(code) {
	lang = known(code) ? code : 'en'
	cur = lang === 'en' ? en : dict((await import(`./${lang}.js`)).default)
	document.documentElement.lang = lang
	document.title = cur.title
}

export const getLang = () => lang

const extras = {} // language -> its more/ strings (a promise)

export async function more() {
	const code = lang
	extras[code] ??= import(`./more/${code}.js`).then(m => dict(m.default))
	const strings = await extras[code]
	if (code === lang) Object.assign(cur, strings)
}

export function guessLang() {
	for (const l of navigator.languages || [navigator.language || 'en']) {
		const c = String(l).slice(0, 2).toLowerCase()
		if (known(c)) return c
	}
	return 'en'
}

export function t(key, params) {
	let s = cur[key]
	if (s == null) {
		console.error(`i18n: missing key ${key} (${lang})`)
		s = en[key] ?? key
	}
	return params ? s.replace(/\{(\w+)\}/g, (_, n) => params[n] ?? '') : s
}

// A seat's name for the reader. The names the game makes up are said in the reader's
// language, from the seat: a computer's (the API's "Computer 2", or none) and a default
// "Player 2" in any language (the creator's device chose the words). `p`: a view's player.
const MADE_UP = /^(?:Player|Oyuncu|플레이어) (\d+)$/
export function seatName(p, seat) {
	// "Computer for Tea Fox": an open table's seat whose turns kept running out.
	if (p?.quit && cur.lb_quit) return cur.lb_quit.replace('{name}', madeName(p))
	if (p?.name_code) return madeName(p)
	const name = p?.name
	if (p?.kind === 'bot' && (!name || name === `Computer ${seat + 1}`))
		return t('computer_n', { n: seat + 1 })
	const made = name && MADE_UP.exec(name)
	if (made) return t('guest_name', { n: made[1] })
	return name || t('player_n', { n: seat + 1 })
}

// A name the server made for a player at an open table (api/tables/made_names.py): its code
// ("~7.12") said with the more/ strings' words (mn_a adjectives, mn_b animals) once loaded,
// else as the API wrote it (English).
export function madeName(p) {
	const code = /^~(\d+)\.(\d+)$/.exec(p?.name_code || '')
	const a = code && cur.mn_a?.split(',')[+code[1]]
	const b = code && cur.mn_b?.split(',')[+code[2]]
	return a && b ? `${a} ${b}` : p?.name || ''
}

// Turkish: a tile's name as the object of a verb ("Sarı 7'yi attın"): the accusative ending
// after a number goes by how the number is said (bir'i, iki'yi, üç'ü...), "okey'i". Other
// languages: the name as it is.
const TR_ACC = 'i yi ü ü i yı yi i u u i yi ü'.split(' ')
export function objectOf(label) {
	if (lang !== 'tr') return label
	const number = /(\d+)$/.exec(label)
	if (number) return `${label}'${TR_ACC[number[1] - 1]}`
	return /okey$/.test(label) ? label + "'i" : label
}

// A sentence starts with a capital letter, whichever word the language puts first.
export const sentence = text => (text ? text[0].toLocaleUpperCase(lang) + text.slice(1) : text)

// Count phrases; key + '1' is the "one" form, where a language has one.
export const tn = (key, n, p = {}) => t(n === 1 && cur[key + '1'] ? key + '1' : key, { n, ...p })
