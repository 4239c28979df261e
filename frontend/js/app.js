// Boot and routes: #/ home, #/t/<id> a table, #/join/<id>/<code>, #/seat/<id>/<seat>/<token>
// (a device link), #/rules; and embed.html.
import { setLang, guessLang, getLang, t } from './i18n/index.js'
import { prefs, savePrefs, setAuth, getAuth, uuid, player } from './storage.js'
import { api } from './api.js'
import { h, btn, toast, closeModal, fitNames } from './ui.js'

const app = document.getElementById('app')
let leave = null

const go = to =>
	to === -1 ? history.back() : location.hash === to ? route() : (location.hash = to)
const ready = () => performance.mark('istaka-ready')

function setTheme(name) {
	prefs.theme = document.body.dataset.theme = name === 'candy' ? 'candy' : 'classic'
	document.querySelector('meta[name=theme-color]').content =
		name === 'candy' ? '#ff8fb8' : '#14532d'
	savePrefs()
}

async function changeLang(code) {
	prefs.lang = code
	savePrefs()
	await setLang(code)
	route()
}

async function route() {
	leave?.()
	leave = null
	closeModal()
	const [page, a, b] = location.hash.replace(/^#\/?/, '').split('/')
	scrollTo(0, 0)
	if (page === 't' && a) {
		const { openTable } = await import('./table.js')
		// "Play again" needs home.js; a table loads it only then.
		const create = async cfg => (await import('./home.js')).createTable(cfg, go)
		leave = openTable(app, a, { go, create })
	} else if (page === 'join' && a && b) join(a, b)
	else if (page === 'seat') claimSeat()
	else if (page === 'rules') (await import('./help.js')).renderRules(app, go)
	else {
		;(await import('./home.js')).renderHome(app, { go, setLang: changeLang, setTheme })
		ready()
	}
}

// A device link (device.js): this device keeps the seat's token, the token leaves the
// address bar at once (so history, bookmarks and a shared address do not carry it), and
// the table opens seated. Both devices then play the seat with the same token. The link's
// last part, where the sender has a player, is its token: this device may take it on.
const SEAT_LINK = /^#\/seat\/([\w-]{1,64})\/([0-3])\/([\w-]{16,128})(?:\/([\w.-]{16,128}))?$/
function claimSeat() {
	const [, id, seat, token, playerToken] = location.hash.match(SEAT_LINK) || []
	history.replaceState(null, '', id ? '#/t/' + id : '#/')
	if (!id) toast(t('bad_seat_link'), 'error')
	else if (getAuth(id)?.token !== token) {
		setAuth(id, { token, seat: +seat, seats: [+seat], mode: 'device' })
		toast(t('device_linked'))
	}
	if (id && playerToken) import('./player.js').then(m => m.offerPlayer(playerToken))
	route()
}

function join(id, code) {
	if (getAuth(id)) return go('#/t/' + id)
	const name = h('input', {
		type: 'text',
		maxlength: 24,
		value: prefs.name,
		id: 'join-name',
		'aria-label': t('your_name'),
	})
	// One join per visit to this page: a second tap after a lost answer gets the same seat.
	const request = uuid()
	const submit = btn(
		t('join_title'),
		async () => {
			submit.disabled = true
			prefs.name = name.value.trim()
			savePrefs()
			try {
				// No name: the server names the seat it gives ("Player 2") in our language.
				const me = player()?.token
				const r = await api.join(id, code, prefs.name || undefined, request, getLang(), me)
				setAuth(id, { token: r.token, seat: r.seat, seats: [r.seat], mode: 'friends' })
				go('#/t/' + id)
			} catch (e) {
				toast(e.message || t('err_network'), 'error')
				submit.disabled = false
			}
		},
		'primary big',
		{ id: 'join-go' },
	)
	app.replaceChildren(
		h(
			'.home',
			h(
				'section.card.main',
				h('h1', t('join_title')),
				h('p.hint', t('join_hint')),
				h('label', t('your_name'), name),
				h('p', submit),
				h('a.btn', { href: '#/' }, t('home')),
			),
		),
	)
	ready()
}

// embed.html?table=ID[#token=...&seat=N]: a compact table for an iframe; without a
// token, a spectator's.
async function embed(q) {
	const f = new URLSearchParams(location.hash.slice(1)),
		id = q.get('table'),
		token = f.get('token'),
		seat = +f.get('seat') || 0
	await setLang(q.get('lang') || guessLang())
	document.body.dataset.theme = q.get('theme') === 'candy' ? 'candy' : 'classic'
	if (!id) return (app.textContent = t('err_notable'))
	const { openTable } = await import('./table.js')
	openTable(app, id, {
		embed: true,
		auth: token ? { token, seat, seats: [seat], mode: 'embed' } : null,
		go: to => {
			if (typeof to === 'string')
				window.open(new URL(to, new URL('./', location.href)).href, '_blank', 'noopener')
		},
	})
}

;(async () => {
	const q = new URLSearchParams(location.search)
	if (document.body.classList.contains('embed')) return embed(q)
	if (q.get('table') && q.get('invite'))
		history.replaceState(null, '', `./#/join/${q.get('table')}/${q.get('invite')}`)
	setTheme(prefs.theme || ((prefs.lang || guessLang()) === 'ko' ? 'candy' : 'classic'))
	// Inside Telegram only (tg.html?tg=1): telegram.js, before the first route reads the hash.
	if (q.get('tg') === '1' || /tgWebAppData=/.test(location.hash))
		await (await import('./telegram.js')).startTelegram({ go })
	// The home screen's module starts loading now, beside the language; a table link (how
	// most friends arrive) never loads it.
	if (!/^#\/(t|seat)\//.test(location.hash)) import('./home.js')
	await setLang(prefs.lang || guessLang())
	addEventListener('hashchange', route)
	// A turned phone has other widths: a name cut before may fit now, or the other way.
	addEventListener('resize', () => fitNames())
	await route()
	navigator.serviceWorker?.register('sw.js').catch(() => {})
})()
