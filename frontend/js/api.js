// The REST client, the one module that knows URLs. An action's retries reuse
// its action_id and expected_version.
import { sleep } from './state.js'

const BASE = new URL('api/', document.baseURI).href

export class ApiError extends Error {
	constructor(status, code, message, body) {
		super(message || code || `HTTP ${status}`)
		Object.assign(this, { status, code, body })
	}
}

async function call(method, path, { body, token, etag } = {}) {
	const headers = {}
	if (body !== undefined) headers['Content-Type'] = 'application/json'
	if (token) headers.Authorization = 'Bearer ' + token
	if (etag) headers['If-None-Match'] = etag
	const res = await fetch(BASE + path, { method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body) })
	if (res.status === 304) return null
	let data = null
	try { data = await res.json() } catch { /* empty body */ }
	if (!res.ok) throw new ApiError(res.status, data?.error?.code, data?.error?.message, data)
	const tag = res.headers.get('ETag')
	if (tag && data && typeof data === 'object') Object.defineProperty(data, 'etag', { value: tag, configurable: true })
	return data
}

const q = o => new URLSearchParams(Object.entries(o).filter(([, v]) => v != null)).toString()

// Retries only network failures (TypeError from fetch), with the same body.
async function retry(fn, tries = 4) {
	for (let i = 0; ; i++) {
		try { return await fn() } catch (e) {
			if (e instanceof ApiError || i >= tries - 1) throw e
			await sleep(300 * 2 ** i)
		}
	}
}

export const api = {
	create: body => call('POST', 'tables', { body }),
	join: (id, invite_code, name) => call('POST', `tables/${id}/join`, { body: { invite_code, name } }),
	view: (id, { token, seat, since, etag }) => call('GET', `tables/${id}?${q({ seat, since })}`, { token, etag }),
	act: (id, token, action) => retry(() => call('POST', `tables/${id}/actions`, { body: action, token })),
	start: (id, token) => call('POST', `tables/${id}/start`, { body: {}, token }),
	bot: (id, token, seat, level = 'normal') => call('POST', `tables/${id}/seats/${seat}/bot`, { body: { level }, token }),
	rack: (id, token, layout, seat) => retry(() => call('PUT', `tables/${id}/rack`, { body: { layout, seat }, token })),
	arrangement: (id, token, seat, by) => call('GET', `tables/${id}/arrangement?${q({ seat, by })}`, { token }),
}
