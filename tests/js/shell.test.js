// frontend/sw.js caches the app shell for offline play: every module must be on its list,
// or a table opened offline fails on the first import the cache misses.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const FRONTEND = new URL('../../frontend/', import.meta.url).pathname

function modulesOnDisk(dir = join(FRONTEND, 'js')) {
	return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) return modulesOnDisk(path)
		return entry.name.endsWith('.js') ? [relative(join(FRONTEND, 'js'), path).slice(0, -3)] : []
	})
}

test('the service worker caches every module under js/, and only those', () => {
	const source = readFileSync(join(FRONTEND, 'sw.js'), 'utf8')
	const list = source.match(/const MODULES = \[([^\]]*)\]/)
	assert.ok(list, 'sw.js lists its modules in const MODULES = [...]')
	const cached = [...list[1].matchAll(/'([^']+)'/g)].map(m => m[1])
	assert.deepEqual([...cached].sort(), modulesOnDisk().sort())
})
