// frontend/sw.js caches the app shell for offline play: every module must be on its list,
// or a table opened offline fails on the first import the cache misses.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const FRONTEND = new URL('../../../frontend/', import.meta.url).pathname

function modulesOnDisk(dir = join(FRONTEND, 'js')) {
	return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) return modulesOnDisk(path)
		return entry.name.endsWith('.js') ? [relative(join(FRONTEND, 'js'), path).slice(0, -3)] : []
	})
}

// Not cached ahead: telegram.js runs only inside Telegram (tg.html), which needs the network
// anyway, and a browser must not download it at all (tests/frontend/e2e/test_telegram.py).
const NOT_CACHED = ['hosts/telegram']

test('the service worker caches every module under js/, and only those', () => {
	const source = readFileSync(join(FRONTEND, 'sw.js'), 'utf8')
	const list = source.match(/const MODULES = \[([^\]]*)\]/)
	assert.ok(list, 'sw.js lists its modules in const MODULES = [...]')
	const cached = [...list[1].matchAll(/'([^']+)'/g)].map(m => m[1])
	const wanted = modulesOnDisk().filter(name => !NOT_CACHED.includes(name))
	assert.deepEqual([...cached].sort(), wanted.sort())
})

// tg.html is the app for Telegram: the same page, served under its own CSP (template.yaml).
test('tg.html is index.html, byte for byte', () => {
	const page = name => readFileSync(join(FRONTEND, name), 'utf8')
	assert.equal(page('tg.html'), page('index.html'))
})
