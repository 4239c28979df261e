// The language table is looked up by its own keys only: a name that is a property of every
// object (`embed.html?lang=__proto__`, constructor, toString) is an unknown language and
// falls back to English, as any other unknown name, instead of a blank frame.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { setLang, getLang, guessLang, known, t } from '../../../frontend/js/i18n/index.js'
import { failOnConsoleError } from './helpers.js'

failOnConsoleError()

globalThis.document ??= { documentElement: {} }

test('an object prototype name is an unknown language: English', async () => {
	for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'xx']) {
		await setLang('tr')
		await setLang(name)
		assert.equal(getLang(), 'en', name)
		assert.equal(globalThis.document.documentElement.lang, 'en', name)
		assert.equal(t('title'), globalThis.document.title, name)
		assert.equal(known(name), false, name)
	}
	await setLang(undefined)
	assert.equal(getLang(), 'en')
})

test('the three languages are known', async () => {
	for (const name of ['en', 'tr', 'ko']) {
		assert.ok(known(name), name)
		await setLang(name)
		assert.equal(getLang(), name)
	}
	await setLang('en')
})

test("a browser's language list is read by own keys too", () => {
	const nav = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
	Object.defineProperty(globalThis, 'navigator', {
		configurable: true,
		value: { languages: ['__proto__', 'constructor', 'to-DO', 'ko-KR'] },
	})
	try {
		assert.equal(guessLang(), 'ko')
	} finally {
		if (nav) Object.defineProperty(globalThis, 'navigator', nav)
		else delete globalThis.navigator
	}
})
