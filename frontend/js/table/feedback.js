// Sounds and vibration: the cue for what a view brings, the switches in the menu. Loaded
// on the first gesture (before one, the browser refuses to sound or vibrate) or with
// the menu.
import { t } from '../i18n/index.js'
import { h } from '../ui.js'
import { prefs, savePrefs } from '../storage.js'

// Sounds are on unless switched off on this device; in an embed, off unless switched on.
export const soundOn = ctx => prefs.sound ?? !ctx.env.embed

// Browsers let a page make sound only after a gesture: the first one creates it.
export async function startSound(ctx) {
	if (ctx.sound || !soundOn(ctx) || ctx.state.sync.closed) return
	const { createSound } = await import('./sound.js')
	ctx.sound ??= createSound()
	if (ctx.sound) ctx.root.dataset.audio = 'on'
}

export function stopSound(ctx) {
	ctx.sound?.close()
	ctx.sound = null
	delete ctx.root.dataset.audio
}

const myTurn = (ctx, v) =>
	!!v && !ctx.state.spectator && v.turn === ctx.state.seat && v.phase !== 'over'
const winnerOf = v => (v.variant === '101' ? v.finisher : v.result?.winner)

// A sound for what the view brings (the last that applies), a buzz when our turn comes.
export function feedback(ctx, prev, view) {
	if (ctx.state.screen.covered) return
	const types = (view.events || []).filter(e => e.v > prev.version).map(e => e.type)
	const turn = myTurn(ctx, view) && !myTurn(ctx, prev)
	const won =
		view.phase === 'over' &&
		prev.phase !== 'over' &&
		!ctx.state.spectator &&
		winnerOf(view) === ctx.state.seat
	let cue = null
	if (types.includes('draw') || types.includes('take_discard')) cue = 'take'
	if (types.includes('discard')) cue = 'discard'
	if (turn) cue = 'turn'
	if (won) cue = 'win'
	if (cue) ctx.sound?.play(cue)
	if (turn && prefs.vibrate !== false) {
		navigator.vibrate?.(80)
		globalThis.istakaTelegram?.yourTurn() // Telegram's haptic feedback (telegram.js)
	}
}

// The menu's switches, remembered on this device: sound, vibration, muted reactions, the
// okey's question (the menu awaits more() for the reactions' words).
export function feedbackSwitches(ctx) {
	const toggle = (id, label, on, change) =>
		h(
			'label.switch',
			h('input', {
				type: 'checkbox',
				id,
				checked: on,
				onchange: e => {
					change(e.target.checked)
					savePrefs()
				},
			}),
			' ',
			t(label),
		)
	const sound = on => {
		prefs.sound = on
		if (on) startSound(ctx)
		else stopSound(ctx)
	}
	return [
		h('h3', t('feedback')),
		h('p', toggle('opt-sound', 'opt_sound', soundOn(ctx), sound)),
		navigator.vibrate &&
			h(
				'p',
				toggle('opt-vibrate', 'opt_vibrate', prefs.vibrate !== false, on => {
					prefs.vibrate = on
				}),
			),
		// Others' reactions: no bubble, no sound on this device (the move log keeps them).
		h(
			'p',
			toggle('opt-mute-reactions', 'opt_mute_rx', !!prefs.muteReactions, on => {
				prefs.muteReactions = on
			}),
		),
		h('h3', t('questions')),
		h(
			'p',
			toggle('opt-ask-okey', 'opt_ask_okey', prefs.askOkey !== false, on => {
				prefs.askOkey = on
			}),
		),
	]
}
