// The table screen's one direction of data (docs/ARCHITECTURE.md): input → actions →
// sync → state, with render, dialogs and anim only reading the state, and table.js
// wiring them. A cycle test alone would let sync.js import render.js as long as render.js
// stopped importing sync.js; these say which way each import may go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { JS, importGraph, withoutComments } from './imports.js'

// For each part, the table modules it must not import (statically or lazily).
const NEVER = {
	'table/state.js': ['table/index.js', 'table/sync.js', 'table/actions.js', 'table/input.js'],
	// It knows the server and the state; the screen hears of a view through ctx.onView.
	'table/sync.js': [
		'table/index.js',
		'table/actions.js',
		'table/input.js',
		'table/render.js',
		'table/dialogs.js',
		'table/anim.js',
	],
	// They read the state: a move or an input handler is out of their reach.
	'table/render.js': ['table/index.js', 'table/actions.js', 'table/input.js', 'table/dialogs.js'],
	'table/dialogs.js': ['table/index.js', 'table/actions.js', 'table/input.js'],
	'table/anim.js': ['table/index.js', 'table/actions.js', 'table/input.js', 'table/sync.js'],
	'table/actions.js': ['table/index.js', 'table/input.js', 'table/render.js', 'table/anim.js'],
	'table/input.js': ['table/index.js'],
}

test('each part of the table screen imports only the parts below it', () => {
	const graph = importGraph()
	const wrong = Object.entries(NEVER).flatMap(([part, never]) =>
		(graph.get(part) || [])
			.filter(imported => never.includes(imported))
			.map(imported => `${part} imports ${imported}`),
	)
	assert.deepEqual(wrong, [])
})

test('only table.js asks render.js to draw at once; every other redraw is ctx.redraw', () => {
	const graph = importGraph()
	const drawing = [...graph]
		.filter(([, imported]) => imported.includes('table/render.js'))
		.map(([name]) => name)
		.filter(name =>
			/\bdraw\b/.test(
				source(name).match(/import \{([^}]*)\} from '.\/(table\/)?render.js'/)?.[1] || '',
			),
		)
	assert.deepEqual(drawing, ['table/index.js'])
})

const source = name => withoutComments(readFileSync(join(JS, name), 'utf8'))

// A listener in these would be a second way for a button to act: all go through
// data-act and input.js ON_ACT. `btn(label, null, …)` draws a button with no handler.
const DRAWING_ONLY = ['table/render.js', 'table/dialogs.js', 'table/end.js']

test('the screen and its dialogs draw buttons with a data-act and bind no listener', () => {
	for (const name of DRAWING_ONLY) {
		const code = source(name)
		assert.doesNotMatch(code, /addEventListener/, name)
		assert.doesNotMatch(code, /['"]?\bon[a-z]+['"]?\s*:/, `${name}: an on… attribute`)
		assert.doesNotMatch(code, /\.on[a-z]+\s*=[^=]/, `${name}: an on… property`)
		const handlers = [
			...code.matchAll(/\bbtn\(\s*(?:[^(),]|\((?:[^()]|\([^()]*\))*\))+,\s*([^,)]+)/g),
		]
		for (const [call, handler] of handlers) assert.equal(handler.trim(), 'null', `${name}: ${call}`)
	}
})
