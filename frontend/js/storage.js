// Local storage: preferences, per-table tokens, recent tables. Never throws. Where it is
// refused (a blocked third-party frame, docs/EMBED.md), memory: storageKind 'memory'.
export let storageKind = 'local'
const store = (() => {
	try {
		const s = window.localStorage
		s.getItem('x')
		return s
	} catch {
		storageKind = 'memory'
		const items = new Map()
		return {
			getItem: key => items.get(key) ?? null,
			setItem: (key, value) => items.set(key, String(value)),
			removeItem: key => items.delete(key),
		}
	}
})()

export function load(key, fallback) {
	try {
		const v = store?.getItem(key)
		return v == null ? fallback : JSON.parse(v)
	} catch {
		return fallback
	}
}
// null removes the key: load() then gives its fallback.
export function save(key, value) {
	try {
		if (value == null) store?.removeItem(key)
		else store?.setItem(key, JSON.stringify(value))
	} catch {
		/* private mode or full */
	}
}

export const prefs = Object.assign(
	{ level: 'normal', name: '', theme: null, lang: null, options: {}, pace: 'relaxed', turns: {} },
	load('istaka.prefs', {}),
)
export const savePrefs = () => save('istaka.prefs', prefs)

// Tables held, last opened first: as many as one POST /api/tables/status takes.
export const HELD_MAX = 50
export const getAuth = id => load('istaka.t.' + id, null)
export function setAuth(id, auth) {
	save('istaka.t.' + id, auth)
	const list = load('istaka.recent', []).filter(r => r.id !== id)
	list.unshift({ id, mode: auth.mode, at: Date.now() })
	save('istaka.recent', list.slice(0, HELD_MAX))
}
// A table's move not answered yet (table/outbox.js).
export const outboxKey = id => 'istaka.outbox.' + id
// This device's anonymous player (POST /api/players): { id, token, name }, or null.
export const player = () => load('istaka.player', null)
export const setPlayer = p => save('istaka.player', p)
export const forgetPlayer = () => store?.removeItem('istaka.player')
export const recent = () => load('istaka.recent', []).filter(r => getAuth(r.id))
// ✕ on Your tables: this device gives up its seat token. Returns what unforget needs.
export function forget(id) {
	const list = load('istaka.recent', [])
	const kept = { id, auth: getAuth(id), index: list.findIndex(r => r.id === id) }
	kept.entry = list[kept.index]
	store?.removeItem('istaka.t.' + id)
	save(
		'istaka.recent',
		list.filter(r => r.id !== id),
	)
	return kept
}
// Undo: the token back, at its place in the list.
export function unforget({ id, auth, entry, index }) {
	if (!auth) return
	save('istaka.t.' + id, auth)
	const list = load('istaka.recent', []).filter(r => r.id !== id)
	if (entry) list.splice(Math.max(0, index), 0, entry)
	save('istaka.recent', list.slice(0, HELD_MAX))
}
export const hex = buf =>
	[...new Uint8Array(buf)].map(b => b.toString(16).padStart(2, '0')).join('')
// A UUID, or 128 random bits in hex without randomUUID (plain http).
export const uuid = () => crypto.randomUUID?.() || hex(crypto.getRandomValues(new Uint8Array(16)))

export const sleep = ms => new Promise(r => setTimeout(r, ms))
