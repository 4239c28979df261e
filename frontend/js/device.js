// "Continue on another device": a private link to this seat, as text and as a QR code.
// The token travels only in the fragment (#/seat/<table>/<seat>/<token>), which a browser
// never sends to a server, so no server, CDN or Referer log holds it; the device that opens
// it keeps the token and takes it out of the address bar (app.js, claimSeat). Both devices
// then hold the same seat token. Loaded when the dialog opens: the QR encoder stays out of
// a table's first load.
import { t } from './i18n/index.js'
import { h, modal, shareBox } from './ui.js'
import { encode, svg } from './qr.js'

export const seatLink = (id, seat, token) =>
	new URL(`#/seat/${id}/${seat}/${token}`, location.href.split('#')[0]).href

export function openDeviceLink(ctx) {
	const url = seatLink(ctx.id, ctx.auth.seat ?? 0, ctx.token)
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
