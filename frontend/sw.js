// App shell cache: network first, the cache when offline. /api/ is never cached.
const CACHE = 'istaka-v10'
const MODULES = [
	'app',
	'hosts/embed-frame',
	'home/join',
	'api',
	'storage',
	'ui',
	'home/index',
	'table/index',
	'table/state',
	'table/sync',
	'table/anim',
	'table/actions',
	'table/render',
	'table/input',
	'table/movelog',
	'table/dialogs',
	'table/feedback',
	'table/sound',
	'table/title',
	'table/notify',
	'table/outbox',
	'review/model',
	'review/screen',
	'review/style',
	'table/social',
	'table/away',
	'table/reactions',
	'table/series',
	'table/rematch',
	'lobby/index',
	'lobby/seat-menu',
	'style',
	'table/board',
	'table/okey101',
	'table/rack',
	'table/drag',
	'tiles',
	'table/end',
	'home/candy',
	'player',
	'player-model',
	'table/verify',
	'qr',
	'table/device',
	'home/tables',
	'when',
	'home/help',
	'i18n/index',
	'i18n/en',
	'i18n/tr',
	'i18n/ko',
	'i18n/more/en',
	'i18n/more/tr',
	'i18n/more/ko',
]
const SHELL = [
	'./',
	'index.html',
	'embed.html',
	'css/app.css',
	'css/embed.css',
	'css/review.css',
	'css/social.css',
	'css/lobby.css',
	'manifest.webmanifest',
	'img/icon.svg',
	'img/icon-192.png',
	...MODULES.map(name => `js/${name}.js`),
	...['en', 'tr', 'ko'].map(lang => `rules/${lang}.md`),
]

self.addEventListener('install', e => {
	e.waitUntil(
		caches
			.open(CACHE)
			.then(c => c.addAll(SHELL))
			.then(() => self.skipWaiting()),
	)
})
self.addEventListener('activate', e => {
	e.waitUntil(
		caches
			.keys()
			.then(ks => Promise.all(ks.filter(k => k !== CACHE).map(k => caches.delete(k))))
			.then(() => self.clients.claim()),
	)
})
self.addEventListener('fetch', e => {
	const url = new URL(e.request.url)
	if (
		e.request.method !== 'GET' ||
		url.origin !== location.origin ||
		url.pathname.includes('/api/')
	)
		return
	e.respondWith(
		fetch(e.request)
			.then(res => {
				if (res.ok) {
					const copy = res.clone()
					caches.open(CACHE).then(c => c.put(e.request, copy))
				}
				return res
			})
			.catch(() =>
				caches.match(e.request, { ignoreSearch: true }).then(r => r || caches.match('index.html')),
			),
	)
})

// Web Push (api/push): the server sends {table_id, kind, title, body, url}. A newer
// notice for a table replaces the one still showing (same tag). A tab showing that table
// in view gets no notification: it is told to poll at once instead. The server counts a
// seat as looking only for 30 s after its last recorded request and renews that record
// at most once a minute (api/tables/service.py _refresh_after), so a tab in view is sometimes
// pushed; with a page of ours visible the browser asks for no notification either.
self.addEventListener('push', e => {
	let data = {}
	try {
		data = e.data?.json() || {}
	} catch {
		/* not JSON: a plain notification */
	}
	const tag = data.table_id ? `istaka-${data.table_id}` : 'istaka'
	const url = tableUrl(data)
	e.waitUntil(
		(async () => {
			const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
			const visible = windows.filter(w => w.visibilityState === 'visible')
			const answers = await Promise.all(visible.map(w => showsTable(w, data.table_id)))
			if (answers.includes(true)) return
			return self.registration.showNotification(data.title || 'Istaka', {
				body: data.body || '',
				tag,
				renotify: true,
				icon: 'img/icon-192.png',
				data: { url, table_id: data.table_id, kind: data.kind },
			})
		})(),
	)
})

// Asks a window whether it shows the table now (a client's url may lag its address): a
// table screen answers true and polls at once; one that does not answer in a second, no.
function showsTable(client, tableId) {
	if (!tableId) return Promise.resolve(false)
	return new Promise(resolve => {
		const channel = new MessageChannel()
		const answer = value => {
			clearTimeout(timer)
			channel.port1.close()
			resolve(value)
		}
		const timer = setTimeout(() => answer(false), 1000)
		channel.port1.onmessage = e => answer(e.data === true)
		client.postMessage({ type: 'istaka-poll', table_id: tableId }, [channel.port2])
	})
}

// Only a page of this site: the table's link if it is ours, else the table on our scope.
function tableUrl(data) {
	const scope = self.registration.scope
	try {
		const url = new URL(data.url || '', scope)
		if (url.origin === location.origin) return url.href
	} catch {
		/* fall through */
	}
	return data.table_id ? new URL(`#/t/${encodeURIComponent(data.table_id)}`, scope).href : scope
}

// A tap focuses a window already on that table, else turns one of ours to it, else opens one.
self.addEventListener('notificationclick', e => {
	e.notification.close()
	const url = e.notification.data?.url || self.registration.scope
	e.waitUntil(
		(async () => {
			const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
			const same = windows.find(w => w.url === url)
			if (same) return same.focus()
			const ours = windows.find(w => new URL(w.url).origin === location.origin && w.navigate)
			if (ours) {
				const moved = await ours.navigate(url).catch(() => null)
				if (moved) return moved.focus()
			}
			return self.clients.openWindow(url)
		})(),
	)
})
