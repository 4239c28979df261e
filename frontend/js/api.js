// The REST client, the one module that knows URLs. A busy server (503, 429) or a lost
// connection is tried again for requests safe to repeat: reads, layouts, actions, and
// joins and starts (they carry a request_id), resent byte for byte, so one that landed
// before its answer was lost is answered again, not done twice. Else no retry.
import { sleep } from './storage.js'

// Read on each call, not on load: so this module loads without a page (unit tests).
const base = () => new URL('api/', document.baseURI).href
const TRIES = 6
const FIRST_WAIT_MS = 500
const MAX_WAIT_MS = 4000

export class ApiError extends Error {
	constructor(status, code, message, body, retryAfter) {
		super(message || code || `HTTP ${status}`)
		Object.assign(this, { status, code, body, retryAfter })
	}
}

// Told false while a request waits to be tried again, true once the server answers.
let connected = () => {}
export function onConnection(listener) {
	connected = listener
}
// For the outbox (table/outbox.js), which tries moves again itself.
export const reportConnection = ok => connected(ok)

const busy = status => status === 503 || status === 429

// The server's Retry-After, else a doubling wait, half of it random so that clients
// that failed together do not come back together.
function pause(attempt, retryAfter) {
	connected(false)
	const seconds = Number(retryAfter) // NaN for a date or junk: then our own wait
	let ms = seconds * 1000
	if (!retryAfter || !(seconds >= 0)) {
		const ceiling = FIRST_WAIT_MS * 2 ** attempt
		ms = ceiling / 2 + (Math.random() * ceiling) / 2
	}
	return sleep(Math.min(ms, MAX_WAIT_MS))
}

async function call(method, path, { body, token, etag, player, retry = false } = {}) {
	const headers = {}
	if (body !== undefined) headers['Content-Type'] = 'application/json'
	if (token) headers.Authorization = 'Bearer ' + token
	// The device's player on create and join: a header of its own, apart from seat tokens.
	if (player) headers['X-Istaka-Player'] = player
	if (etag) headers['If-None-Match'] = etag
	const init = {
		method,
		headers,
		cache: 'no-store',
		body: body === undefined ? undefined : JSON.stringify(body),
	}
	for (let attempt = 0; ; attempt++) {
		const last = !retry || attempt === TRIES - 1
		let res
		try {
			res = await fetch(base() + path, init)
		} catch (e) {
			// No answer at all: offline, or the connection dropped.
			if (last) throw e
			await pause(attempt)
			continue
		}
		if (busy(res.status) && !last) {
			await pause(attempt, res.headers.get('Retry-After'))
			continue
		}
		// Not busy: the server is reachable again.
		if (!busy(res.status)) connected(true)
		return read(res)
	}
}

async function read(res) {
	if (res.status === 304) return null
	let data = null
	try {
		data = await res.json()
	} catch {
		/* empty body */
	}
	const wait = res.headers.get('Retry-After')
	if (!res.ok) throw new ApiError(res.status, data?.error?.code, data?.error?.message, data, wait)
	const tag = res.headers.get('ETag')
	if (tag && data && typeof data === 'object')
		Object.defineProperty(data, 'etag', { value: tag, configurable: true })
	return data
}

const q = o => new URLSearchParams(Object.entries(o).filter(([, v]) => v != null)).toString()

export const api = {
	create: (body, player) => call('POST', 'tables', { body, player }),
	join: (id, invite_code, name, request_id, lang, player) =>
		call('POST', `tables/${id}/join`, {
			body: { invite_code, name, lang, request_id },
			player,
			retry: true,
		}),
	newPlayer: lang => call('POST', 'players', { body: { lang } }),
	me: token => call('GET', 'players/me', { token, retry: true }),
	renameMe: (token, name) => call('PATCH', 'players/me', { body: { name }, token, retry: true }),
	// Read-only, so safe to repeat: [{ table_id, token }] of up to 50 tables.
	statuses: entries => call('POST', 'tables/status', { body: entries, retry: true }),
	view: (id, { token, seat, since, etag, away }) =>
		call('GET', `tables/${id}?${q({ seat, since, away })}`, { token, etag, retry: true }),
	act: (id, token, action, retry = true) =>
		call('POST', `tables/${id}/actions`, { body: action, token, retry }),
	// A beacon outlives a closing page, but sets no header: the token is in the body.
	away: (id, token) =>
		navigator.sendBeacon?.(base() + `tables/${id}/away`, JSON.stringify({ token })),
	start: (id, token, request_id) =>
		call('POST', `tables/${id}/start`, { body: { request_id }, token, retry: true }),
	// A seat's friends request: 'rematch', 'reactions', 'nudge' (table/social.js).
	seatPost: (id, token, what, body = {}) => call('POST', `tables/${id}/${what}`, { body, token }),
	level: (id, token, level) => call('PUT', `tables/${id}/level`, { body: { level }, token }),
	bot: (id, token, seat, level = 'normal') =>
		call('POST', `tables/${id}/seats/${seat}/bot`, { body: { level }, token }),
	rack: (id, token, layout, seat) =>
		call('PUT', `tables/${id}/rack`, { body: { layout, seat }, token, retry: true }),
	hand: (id, n) => call('GET', `tables/${id}/hands/${n}`, { retry: true }),
	review: (id, n, seat, lang) =>
		call('GET', `tables/${id}/hands/${n}/review?${q({ seat, lang })}`, { retry: true }),
	arrangement: (id, token, seat, by) =>
		call('GET', `tables/${id}/arrangement?${q({ seat, by })}`, { token, retry: true }),
	pushKey: () => call('GET', 'push/key', { retry: true }),
	subscribePush: (id, token, body) =>
		call('PUT', `tables/${id}/push`, { body, token, retry: true }),
	unsubscribePush: (id, token, body) =>
		call('DELETE', `tables/${id}/push`, { body, token, retry: true }),
	tgPlayer: (init_data, player) =>
		call('POST', 'players/telegram', { body: { init_data }, player, retry: true }),
	tgNotifications: (init_data, enabled) =>
		call('PUT', 'players/telegram/notifications', { body: { init_data, enabled }, retry: true }),
	tgLink: (id, token, body) => call('PUT', `tables/${id}/telegram`, { body, token, retry: true }),
}

// For the screens loaded on demand (lobby/), which name their own paths.
export { call, q as query }
