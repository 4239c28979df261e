// While a table is open, the tab's title and the app's badge say when it waits for you.
import { t } from '../i18n/index.js'

let shown = null

export function showTurn(ctx) {
	const v = ctx.state.sync.view
	// Pass and play holds every seat: there the turn is always "yours".
	const mine =
		!!v &&
		!ctx.env.embed &&
		!ctx.state.spectator &&
		v.flags.announces_turn &&
		v.status === 'playing' &&
		v.phase !== 'over' &&
		(v.held_seats || []).includes(v.turn)
	document.title = mine ? t('title_your_turn') : t('title')
	if (mine !== shown) badge(mine ? 1 : 0)
	shown = mine
}

export function hideTurn() {
	document.title = t('title')
	if (shown) badge(0)
	shown = null
}

function badge(count) {
	const done = count ? navigator.setAppBadge?.(count) : navigator.clearAppBadge?.()
	done?.catch(() => {}) // not allowed here (no installed app): the title says it anyway
}
