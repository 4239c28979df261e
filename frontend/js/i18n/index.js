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

export async function setLang(code) {
	lang = LANGS[code] ? code : 'en'
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
		if (LANGS[c]) return c
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

// Count phrases; key + '1' is the "one" form, where a language has one.
export const tn = (key, n, p = {}) => t(n === 1 && cur[key + '1'] ? key + '1' : key, { n, ...p })
