// A stranger's seat at an open table: mute their reactions on this device, block them (never
// seated together again), or report them to a moderator with one of four reasons. The fixed
// reactions stay the only words between strangers.
import { t, more } from '../i18n/index.js'
import { h, btn, modal, closeModal, toast } from '../ui.js'
import { lobbyApi } from './index.js'
import { prefs, savePrefs, player } from '../storage.js'
import { nameOf } from '../table/board.js'

const REASONS = ['cheating', 'abuse', 'stalling', 'other']

export async function openSeatMenu(ctx, seat) {
	await more()
	const name = nameOf(ctx.state.sync.view, seat)
	const muted = prefs.mutedSeats?.[ctx.id] || []
	const isMuted = muted.includes(seat)
	const done = message => {
		closeModal()
		toast(message)
	}
	const mute = () => {
		const seats = isMuted ? muted.filter(s => s !== seat) : [...muted, seat]
		prefs.mutedSeats = { ...prefs.mutedSeats, [ctx.id]: seats }
		savePrefs()
		done(t(isMuted ? 'sm_unmuted' : 'sm_muted', { name }))
	}
	const guard = fn => async e => {
		e.currentTarget.disabled = true
		try {
			await fn()
		} catch (err) {
			toast(err.message || t('err_network'), 'error')
			e.currentTarget.disabled = false
		}
	}
	const block = guard(async () => {
		await lobbyApi.block(player()?.token, ctx.id, seat)
		done(t('sm_blocked', { name }))
	})
	const report = reason =>
		guard(async () => {
			await lobbyApi.report(ctx.id, ctx.token, seat, reason)
			done(t('sm_reported', { name }))
		})
	modal(
		name,
		h(
			'.seat-menu-sheet',
			btn(t(isMuted ? 'sm_unmute' : 'sm_mute'), mute, '', { id: 'sm-mute' }),
			h('p.hint', t('sm_block_hint')),
			btn(t('sm_block'), block, '', { id: 'sm-block' }),
			h('h3', t('sm_report')),
			h(
				'.chips',
				REASONS.map(r => btn(t('sm_r_' + r), report(r), 'chip', { id: 'sm-report-' + r })),
			),
		),
	)
}
