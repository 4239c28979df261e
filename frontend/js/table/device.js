// "Continue on another device": a private link to this seat, as text and as a QR code.
// The token travels only in the fragment (#/seat/<table>/<seat>/<token>[/<player token>]:
// the device's player comes along, with its candy and stats), which a browser
// never sends to a server, so no server, CDN or Referer log holds it; the device that opens
// it keeps the token and takes it out of the address bar (app.js, claimSeat). Both devices
// then hold the same seat token. Loaded when the dialog opens: the QR encoder stays out of
// a table's first load.
import { t, more } from '../i18n/index.js'
import { h, modal, shareBox } from '../ui.js'
import { encode, svg } from '../qr.js'
import { player } from '../storage.js'

export function seatLink(id, seat, token, playerToken) {
	const path = [id, seat, token, playerToken].filter(part => part != null).join('/')
	return new URL(`#/seat/${path}`, location.href.split('#')[0]).href
}

export async function openDeviceLink(ctx) {
	await more()
	const url = seatLink(ctx.id, ctx.auth.seat ?? 0, ctx.token, player()?.token)
	const code = svg(encode(url), 240)
	code.id = 'device-qr'
	code.setAttribute('aria-label', t('device_qr'))
	modal(
		t('device_title'),
		h(
			'.device',
			h('p.hint', t('device_hint')),
			h('.qr', code),
			shareBox(url, t('device_title'), 'device-link', true),
		),
	)
}
