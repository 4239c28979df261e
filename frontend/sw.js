// App shell cache: network first, the cache when offline. /api/ is never cached.
const CACHE = 'istaka-v4'
const MODULES = [
	'app',
	'api',
	'storage',
	'ui',
	'home',
	'table',
	'table/state',
	'table/sync',
	'table/anim',
	'table/actions',
	'table/render',
	'table/input',
	'table/movelog',
	'table/feedback',
	'table/sound',
	'board',
	'okey101',
	'rack',
	'drag',
	'tiles',
	'end',
	'verify',
	'help',
	'i18n/index',
	'i18n/en',
	'i18n/tr',
	'i18n/ko',
]
const SHELL = [
	'./',
	'index.html',
	'embed.html',
	'css/app.css',
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
