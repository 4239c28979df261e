// Boot and routes: #/ home, #/t/<id> a table, #/join/<id>/<code>, #/seat/<id>/<seat>/<token>
// (a device link), #/rules, #/lobby (the open tables); and embed.html (embed-frame.js).
import { setLang, guessLang, t } from './i18n/index.js'
import { prefs, savePrefs, setAuth, getAuth } from './storage.js'
import { toast, closeModal, fitNames } from './ui.js'

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
		const { openTable } = await import('./table/index.js')
		leave = openTable(app, a, { go })
	} else if (page === 'join' && a && b) (await import('./home/join.js')).renderJoin(app, a, b, go)
	else if (page === 'seat') claimSeat()
	else if (page === 'rules') (await import('./home/help.js')).renderRules(app, go)
	else if (page === 'lobby') (await import('./lobby/index.js')).renderLobby(app, go)
	else {
		;(await import('./home/index.js')).renderHome(app, { go, setLang: changeLang, setTheme })
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

;(async () => {
	const q = new URLSearchParams(location.search)
	// embed.html: its own boot (embed-frame.js), which the app never loads.
	if (document.body.classList.contains('embed'))
		return (await import('./hosts/embed-frame.js')).startEmbed(app, q)
	if (q.get('table') && q.get('invite'))
		history.replaceState(null, '', `./#/join/${q.get('table')}/${q.get('invite')}`)
	setTheme(prefs.theme || ((prefs.lang || guessLang()) === 'ko' ? 'candy' : 'classic'))
	// Inside Telegram only (tg.html?tg=1): telegram.js, before the first route reads the hash.
	if (q.get('tg') === '1' || /tgWebAppData=/.test(location.hash))
		await (await import('./hosts/telegram.js')).startTelegram({ go })
	// The home screen's module starts loading now, beside the language; a table link (how
	// most friends arrive) never loads it.
	if (!/^#\/(t|seat)\//.test(location.hash)) import('./home/index.js')
	await setLang(prefs.lang || guessLang())
	addEventListener('hashchange', route)
	// A turned phone has other widths: a name cut before may fit now, or the other way.
	addEventListener('resize', () => fitNames())
	await route()
	navigator.serviceWorker?.register('sw.js').catch(() => {})
})()
