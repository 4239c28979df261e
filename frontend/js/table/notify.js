// "Notify me when it's my turn": Web Push for this seat on this device. Loaded when the
// menu opens; the browser is asked for permission only when the player taps the button.
import { t, getLang } from '../i18n/index.js'
import { h, btn, toast } from '../ui.js'
import { api, ApiError } from '../api.js'
import { setAuth, sleep } from '../storage.js'

const supported = () =>
	'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
// iPhone and iPad (which may say it is a Mac): Web Push only from the Home Screen app.
const apple = () =>
	/iP(hone|ad|od)/.test(navigator.userAgent) ||
	(navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
const standalone = () =>
	navigator.standalone === true || matchMedia('(display-mode: standalone)').matches

// Why the last tap failed, per table screen: a poll that redraws the waiting room or the
// menu draws the control again, and must not take the words away before they are read.
const failures = new WeakMap()

export function pushControl(ctx) {
	const box = h('.push', { id: 'push-box' })
	draw(ctx, box, failures.get(ctx))
	return box
}

// The control on the page now: a poll may have redrawn the screen while the browser asked.
const current = box => (box.isConnected ? box : document.getElementById('push-box')) || box

// `failure`: the words for why the last tap did not turn notifications on.
function draw(ctx, box, failure = null) {
	let body
	if (!supported()) body = h('p.hint', apple() && !standalone() ? t('push_ios') : t('push_none'))
	else if (Notification.permission === 'denied') body = failed(t('push_blocked'))
	else if (ctx.auth?.push)
		body = [
			h('p.hint', t('push_on')),
			btn(t('push_off'), () => turnOff(ctx, box), 'small', { id: 'push-off' }),
		]
	else body = btn(t('push_enable'), () => turnOn(ctx, box), '', { id: 'push-on' })
	box.replaceChildren(h('h3', t('push_title')), ...[body].flat(), failure ? failed(failure) : '')
}

const failed = words => h('p.hint.error', { id: 'push-error', role: 'alert' }, words)

// In words: the browser's errors name only a kind ("AbortError") or a detail of its own.
function whyNot(error) {
	if (error instanceof ApiError) return t('push_server', { message: error.message })
	if (error.name === 'TimeoutError') return t('push_slow')
	// What a private window, or a browser with no push service, answers a subscribe.
	if (['AbortError', 'NotAllowedError', 'NotSupportedError'].includes(error.name)) {
		return t('push_refused')
	}
	return t('push_error', { message: error.message || error.name })
}

// The worker's install fetches the app shell; one that fails (the connection lost) leaves
// `ready` waiting for ever, and the player with a grey button.
const READY_MS = 10000
async function workerReady() {
	const late = sleep(READY_MS).then(() => {
		throw Object.assign(new Error('not ready'), { name: 'TimeoutError' })
	})
	return Promise.race([navigator.serviceWorker.ready, late])
}

const fromB64url = text =>
	Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), c => c.charCodeAt(0))

const sameKey = (buffer, key) => {
	const bytes = buffer == null ? null : new Uint8Array(buffer)
	return bytes?.length === key.length && bytes.every((b, i) => b === key[i])
}

async function turnOn(ctx, box) {
	for (const b of box.querySelectorAll('button')) b.disabled = true
	let failure = null
	try {
		// First, while the tap still counts as the player's: browsers refuse otherwise.
		const permission = await Notification.requestPermission()
		// Denied: draw() says so, as it does whenever the site is blocked.
		if (permission === 'default') failure = t('push_unanswered')
		if (permission === 'granted') {
			await navigator.serviceWorker.register('sw.js')
			const registration = await workerReady()
			const key = fromB64url((await api.pushKey()).public_key)
			let sub = await registration.pushManager.getSubscription()
			if (sub && !sameKey(sub.options?.applicationServerKey, key)) {
				await sub.unsubscribe() // made for another server key: it would be refused
				sub = null
			}
			sub ||= await registration.pushManager.subscribe({
				userVisibleOnly: true,
				applicationServerKey: key,
			})
			const body = { subscription: sub.toJSON(), seat: ctx.state.seat, lang: getLang() }
			await api.subscribePush(ctx.id, ctx.token, body)
			ctx.auth.push = sub.endpoint
			setAuth(ctx.id, ctx.auth)
			toast(t('push_done'))
		}
	} catch (e) {
		failure = whyNot(e)
	}
	failures.set(ctx, failure)
	draw(ctx, current(box), failure)
}

// The browser's subscription stays: other tables may use it.
async function turnOff(ctx, box) {
	for (const b of box.querySelectorAll('button')) b.disabled = true
	try {
		await api.unsubscribePush(ctx.id, ctx.token, { endpoint: ctx.auth.push, seat: ctx.state.seat })
		ctx.auth.push = null
		setAuth(ctx.id, ctx.auth)
	} catch (e) {
		toast(e.message || t('err_network'), 'error')
	}
	draw(ctx, current(box))
}
