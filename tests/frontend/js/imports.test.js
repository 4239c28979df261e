// No module under frontend/js imports, directly or through others, a module that imports
// it back: each screen's data goes one way (docs/ARCHITECTURE.md), and a cycle is
// where that breaks first.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { importsOf, importGraph, cycles } from './imports.js'

test('the specifiers of every kind of import are read, comments left out', () => {
	const source = [
		"import { a } from './a.js'",
		"import * as b from '../b.js'",
		"import './c.js'",
		"export { d } from './d.js'",
		"const e = await import('./e.js')",
		"// import { f } from './f.js'",
		"const g = 'import me'",
	].join('\n')
	assert.deepEqual(importsOf(source).sort(), ['../b.js', './a.js', './c.js', './d.js', './e.js'])
})

test('a cycle is found however long it is', () => {
	const graph = new Map([
		['a', ['b']],
		['b', ['c']],
		['c', ['a']],
		['d', ['a']],
	])
	assert.deepEqual(cycles(graph), [['a', 'b', 'c', 'a']])
	assert.deepEqual(
		cycles(
			new Map([
				['a', ['b']],
				['b', []],
			]),
		),
		[],
	)
})

test('every import under frontend/js is of a module that exists', () => {
	const graph = importGraph()
	for (const [name, imported] of graph) {
		for (const target of imported) assert.ok(graph.has(target), `${name} imports ${target}`)
	}
})

test('no module under frontend/js imports itself back through others', () => {
	const found = cycles(importGraph()).map(cycle => cycle.join(' → '))
	assert.deepEqual(found, [])
})
