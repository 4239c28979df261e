// frontend/sw.js's push and notificationclick handlers, run in a sandbox with a fake
// service worker scope (the browser test delivers a real push; it cannot tap one).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import vm from 'node:vm'

const SOURCE = readFileSync(new URL('../../../frontend/sw.js', import.meta.url), 'utf8')
const SCOPE = 'https://okey.example/'

function worker(windows = [], answers = {}) {
	const handlers = {}
	const calls = { shown: [], opened: [], focused: [], navigated: [], asked: [] }
	const client = url => ({
		url,
		// A window listed with an answer is in view; it answers the worker's question so.
		visibilityState: url in answers ? 'visible' : 'hidden',
		postMessage: (message, [port]) => {
			calls.asked.push(message)
			if (answers[url] != null) port.postMessage(answers[url])
		},
		focus: async () => (calls.focused.push(url), client(url)),
		navigate: async to => (calls.navigated.push(to), client(to)),
	})
	const self = {
		addEventListener: (type, fn) => (handlers[type] = fn),
		registration: {
			scope: SCOPE,
			showNotification: async (title, options) => calls.shown.push({ title, ...options }),
		},
		clients: {
			matchAll: async () => windows.map(client),
			openWindow: async url => calls.opened.push(url),
		},
	}
	const context = { self, location: new URL(SCOPE + 'sw.js'), URL, console }
	vm.runInNewContext(SOURCE, { ...context, MessageChannel, setTimeout, clearTimeout })
	const fire = async (type, event) => {
		let done
		handlers[type]({ ...event, waitUntil: p => (done = p) })
		await done
	}
	return { fire, calls }
}

const push = data => ({ data: { json: () => data } })
const payload = {
	table_id: 'T1',
	kind: 'your_turn',
	title: 'Your turn',
	body: 'Your Okey table is waiting for your move.',
	url: SCOPE + '#/t/T1',
}

test('a push shows its title and text, one notification per table', async () => {
	const { fire, calls } = worker()
	await fire('push', push(payload))
	const [shown] = calls.shown
	assert.equal(shown.title, 'Your turn')
	assert.equal(shown.body, payload.body)
	assert.equal(shown.tag, 'istaka-T1')
	assert.equal(shown.data.url, SCOPE + '#/t/T1')
})

test("a push's link to another site is replaced by the table on ours", async () => {
	const { fire, calls } = worker()
	await fire('push', push({ ...payload, url: 'https://evil.example/#/t/T1' }))
	await fire('push', push({ ...payload, url: './#/t/T1' }))
	assert.deepEqual(
		calls.shown.map(n => n.data.url),
		[SCOPE + '#/t/T1', SCOPE + '#/t/T1'],
	)
})

test('a table in view is told to poll instead of shown the push; one that does not answer is not', async () => {
	const url = SCOPE + '#/t/T1'
	const watching = worker([url], { [url]: true })
	await watching.fire('push', push(payload))
	assert.equal(JSON.stringify(watching.calls.asked), '[{"type":"istaka-poll","table_id":"T1"}]')
	assert.equal(watching.calls.shown.length, 0)
	// In view but another screen (the home page says no), or silent: the push is shown.
	for (const answer of [false, null]) {
		const other = worker([SCOPE + '#/'], { [SCOPE + '#/']: answer })
		await other.fire('push', push(payload))
		assert.equal(other.calls.asked.length, 1)
		assert.equal(other.calls.shown.length, 1)
	}
})

const tap = url => ({ notification: { data: { url }, close: () => {} } })

test('a tap focuses the window on that table, else turns one of ours to it, else opens one', async () => {
	const url = SCOPE + '#/t/T1'
	let w = worker([SCOPE + '#/t/T2', url])
	await w.fire('notificationclick', tap(url))
	assert.deepEqual(w.calls.focused, [url])
	assert.deepEqual(w.calls.opened, [])

	w = worker([SCOPE + '#/'])
	await w.fire('notificationclick', tap(url))
	assert.deepEqual(w.calls.navigated, [url])
	assert.deepEqual(w.calls.focused, [url])

	w = worker(['https://elsewhere.example/'])
	await w.fire('notificationclick', tap(url))
	assert.deepEqual(w.calls.opened, [url])
})
