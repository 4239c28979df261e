// Istaka as a Telegram Mini App. app.js loads this module only inside Telegram (tg.html
// opened by the bot's button or a t.me link), so a browser downloads none of it. It loads
// Telegram's script (allowed by tg.html's CSP and no other page's), then: the player
// (POST /api/players/telegram), Telegram's theme colours on our CSS variables, its Back
// button, a haptic tap when the turn comes, invites as t.me links, the start parameter of
// such a link opening its table, and the bot's turn messages for each seat played here
// (with a switch on the home screen).
//
// The Telegram user's player is the device's one player (storage.js player()): a first
// launch on a device that played in the browser brings that player along (the server links
// it), and player-model.js waits for the sign-in before it shows or makes one.
import { api } from '../api.js'
import { getAuth, load, save, prefs, savePrefs, player, setPlayer } from '../storage.js'
import { getLang, t } from '../i18n/index.js'
import { h, btn, toast } from '../ui.js'

const SCRIPT = 'https://telegram.org/js/telegram-web-app.js'
const SCRIPT_WAIT_MS = 5000
// A start parameter: a table id (12 URL-safe characters) and an invite code, or the id alone.
const START = /^([\w-]{12})(?:_([A-Z2-9]{6}))?$/
// Telegram's theme colours -> the variables the app's CSS is drawn with.
const THEME = {
	bg_color: ['--page-bg', '--page-backdrop'],
	text_color: ['--ink', '--title-ink'],
	hint_color: ['--ink-muted'],
	secondary_bg_color: ['--card-bg', '--field-bg'],
	button_color: ['--primary-bg'],
	button_text_color: ['--primary-ink'],
	link_color: ['--highlight'],
}

function loadScript() {
	return new Promise(resolve => {
		const script = document.createElement('script')
		script.src = SCRIPT
		script.onload = script.onerror = resolve
		setTimeout(resolve, SCRIPT_WAIT_MS) // never hold the game for Telegram's CDN
		document.head.append(script)
	})
}

export function applyTheme(params) {
	const style = document.body.style
	for (const [key, names] of Object.entries(THEME)) {
		const colour = params?.[key]
		if (/^#[0-9a-f]{3,8}$/i.test(colour || '')) for (const n of names) style.setProperty(n, colour)
	}
	const bg = params?.bg_color
	if (bg) document.querySelector('meta[name=theme-color]').content = bg
}

// Where a start parameter leads: an invite's join page, or a table.
export function startRoute(param) {
	const [, id, code] = START.exec(param || '') || []
	return !id ? null : code ? `#/join/${id}/${code}` : `#/t/${id}`
}

// The t.me link that opens the table's invite in the mini app, if the bot is known.
export const inviteLink = (player, id, code) =>
	player?.bot && player.app && `https://t.me/${player.bot}/${player.app}?startapp=${id}_${code}`

const isHome = () => !/^#\/(t|join|seat|rules)\b/.test(location.hash)

export async function startTelegram({ go }) {
	const query = new URLSearchParams(location.search)
	await loadScript()
	const wa = window.Telegram?.WebApp
	if (!wa) return null
	wa.ready()
	wa.expand?.()
	document.body.dataset.telegram = 'on'
	applyTheme(wa.themeParams)
	wa.onEvent?.('themeChanged', () => applyTheme(wa.themeParams))

	// Telegram's launch data sits in the hash, where our routes go: replace it (its script
	// has read it already) with where the start parameter points, and keep ?tg=1 for a reload.
	const start = wa.initDataUnsafe?.start_param || query.get('start')
	if (/tgWebApp/.test(location.hash) || start) {
		const route = startRoute(start)
		if (start && !route) toast(t('tg_bad_start'), 'error')
		history.replaceState(null, '', `?tg=1${route || '#/'}`)
	}

	const tg = { wa, player: player()?.bot ? player() : null, notifications: null }
	const signedIn = wa.initData ? signIn(tg) : Promise.resolve()
	globalThis.istakaTelegram = {
		signedIn,
		inviteUrl: (id, code) => inviteLink(tg.player, id, code),
		settingsRow: () => messagesSwitch(tg, signedIn),
		yourTurn: () => wa.HapticFeedback?.notificationOccurred('success'),
		// "Share in Telegram" beside the invite's Copy and Share (ui.js shareBox).
		shareButton: (url, text) =>
			btn(
				t('tg_share'),
				() => wa.openTelegramLink(`https://t.me/share/url?${new URLSearchParams({ url, text })}`),
				'small.tg-share',
			),
	}

	wa.BackButton.onClick(() => go('#/'))
	const onRoute = () => {
		if (isHome()) wa.BackButton.hide()
		else wa.BackButton.show()
		linkSeat(tg)
	}
	addEventListener('hashchange', onRoute)
	onRoute()
	signedIn.then(() => linkSeat(tg))
	return tg
}

// The player behind this Telegram user, kept as the device's player; its name becomes the
// default seat name.
async function signIn(tg) {
	try {
		const r = await api.tgPlayer(tg.wa.initData, player()?.token)
		tg.player = { id: r.player_id, token: r.token, name: r.name, bot: r.bot, app: r.app }
		tg.notifications = r.notifications
		setPlayer(tg.player)
		if (!prefs.name) {
			prefs.name = r.name
			savePrefs()
		}
	} catch {
		/* the game plays on without: no t.me invites, no bot messages */
	}
}

// The home screen's switch for the bot's messages (PUT /api/players/telegram/notifications),
// shown once the sign-in has said where it stands.
function messagesSwitch(tg, signedIn) {
	const change = async () => {
		box.disabled = true
		try {
			tg.notifications = (await api.tgNotifications(tg.wa.initData, box.checked)).enabled
		} catch {
			toast(t('err_network'), 'error')
		}
		box.checked = tg.notifications
		box.disabled = false
	}
	const box = h('input', { type: 'checkbox', id: 'tg-messages', onchange: change })
	const row = h('label.check', { hidden: true }, box, t('tg_messages'))
	signedIn.then(() => {
		if (tg.notifications == null) return
		box.checked = tg.notifications
		row.hidden = false
	})
	return row
}

// The bot's turn messages for a seat this device plays, asked for once per table.
async function linkSeat(tg) {
	const [, id] = location.hash.match(/^#\/t\/([\w-]{1,64})/) || []
	const auth = id && getAuth(id)
	if (!auth || !tg.player || !tg.wa.initData) return
	const linked = load('istaka.tglinked', [])
	if (linked.includes(id)) return
	try {
		await api.tgLink(id, auth.token, { init_data: tg.wa.initData, lang: getLang() })
		save('istaka.tglinked', [id, ...linked].slice(0, 50))
	} catch {
		/* a later visit to the table tries again */
	}
}
