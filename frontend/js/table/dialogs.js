// The table screen's dialogs: the menu, the move log, the score sheet, a seat's discards,
// and questions (a discard that costs a penalty). Like render.js they only read the
// state; their buttons carry a data-act for input.js, which binds the taps.
import { t, tn, more, seatName } from '../i18n/index.js'
import { h, btn, shareBox, modal, closeModal } from '../ui.js'
import { discardsOf, fitOf } from './board.js'
import { tileEl } from '../tiles.js'
import { draggable } from './drag.js'
import { heldSeats } from './state.js'
import { loadEnd } from './sync.js'
import { inviteUrl, pushSlot } from './render.js'

export async function openMenu(ctx) {
	// The embed's two snippets are labelled with strings of more/ (docs/EMBED.md).
	const [{ feedbackSwitches }] = await Promise.all([import('./feedback.js'), more()])
	const { id } = ctx
	const v = ctx.state.sync.view
	const url = inviteUrl(ctx)
	const src = new URL('embed.html?table=' + id, location.href).href
	const attrs = 'width="100%" height="560" style="border:0;max-width:720px" title="Okey"'
	const script = new URL('embed.js', location.href).href
	const held = heldSeats(ctx.state, ctx.auth)
	const absent = v.creator
		? v.players.filter(p => p.kind === 'human' && !held.includes(p.seat))
		: []
	const goTo = (label, to) => btn(t(label), null, '', { 'data-act': 'go', 'data-to': to })
	const toComputer = p =>
		btn(t('replace_x', { name: seatName(p, p.seat) }), null, 'small', {
			'data-act': 'computer',
			'data-seat': p.seat,
		})
	const replace = absent.length > 0 && [h('h3', t('replace_title')), absent.map(toComputer)]
	// Your seat on another device: its private link and QR code (device.js, loaded on demand).
	const device = ctx.auth && [
		h('h3', t('device_title')),
		btn(t('device_show'), null, 'small', { id: 'device-open', 'data-act': 'device' }),
	]
	const menu = h(
		'.menu',
		levelChips(v),
		url && [h('h3', t('invite_title')), shareBox(url, t('invite_title'), null, true)],
		pushSlot(ctx),
		device,
		h('h3', t('embed_title')),
		h('p.hint', t('embed_hint')),
		h('p.hint', t('embed_script')),
		shareBox(
			`<script src="${script}" data-table="${id}" async></script>`,
			t('embed_title'),
			'embed-script',
		),
		h('p.hint', t('embed_iframe')),
		shareBox(`<iframe src="${src}" ${attrs}></iframe>`, t('embed_title'), 'embed-snippet'),
		replace,
		feedbackSwitches(ctx),
		h('p', goTo('rules', '#/rules'), ' ', goTo('home', '#/')),
	)
	modal(t('menu'), menu)
}

// Against the computer: the computers' level, and chips to change it (input.js ON_ACT.level).
// The server refuses a table where another seat is a person's, so none are offered there.
const LEVELS = ['gentle', 'easy', 'normal', 'hard']
function levelChips(v) {
	const computers = v.players.filter(p => p.seat !== v.you)
	if (!v.flags.chooses_levels || !computers.every(p => p.kind === 'bot')) return null
	const now = computers[0]?.level
	const chip = level =>
		h(
			'button.chip',
			{ 'data-act': 'level', 'data-level': level, 'aria-pressed': String(level === now) },
			t('lvl_' + level),
		)
	return [
		h('h3', t('level_table')),
		h('.chips', { role: 'group', id: 'level-chips' }, LEVELS.map(chip)),
	]
}

// The move log's code is loaded the first time it opens.
export async function openMoveLog(ctx) {
	const { moveLog } = await import('./movelog.js')
	const log = await moveLog(ctx.state.log.moves, ctx.state.sync.view, Date.now(), ctx.id)
	modal(t('move_log'), log)
}

export async function openMatchTable(ctx) {
	const { matchTable, seriesSlot } = await loadEnd()
	const v = ctx.state.sync.view
	modal(t('match_table'), h('div', matchTable(v), seriesSlot(v)))
}

// Oldest first; only the top one where the table keeps no history.
function pileBrowser(v, seat) {
	const state = v.seats[seat]
	const hint = state.discards ? tn('n_discarded', state.discard_count) : t('only_top')
	const tiles = (state.discards || [state.discard_top]).filter(id => id != null)
	return h(
		'div',
		h('p.hint', hint),
		h(
			'.tilegrid',
			tiles.map(id => tileEl(id, v.okey)),
		),
	)
}

export function openDiscards(ctx, seat) {
	const v = ctx.state.sync.view
	const mine = seat === ctx.state.seat && !ctx.state.spectator
	modal(discardsOf(v, seat, mine), pileBrowser(v, seat))
}

// A question in a dialog; resolves with the data-answer of the button tapped (input.js
// ON_ACT.answer), never if it is closed with ×, Escape or a tap outside. One at a time:
// a new one replaces the last, which then stays unanswered.
export function ask(ctx, title, body) {
	return new Promise(resolve => {
		ctx.question = resolve
		// Taps only: its buttons answer a finger at once, as the table's do. Chromium may
		// make no click of a tap soon after another gesture (seen in tests: pointerup and
		// touchend on Keep after a drag, then nothing).
		draggable(modal(title, body), null, {})
	})
}

// The answer of the open question, from its button.
export function answer(ctx, value) {
	const resolve = ctx.question
	ctx.question = null
	closeModal()
	resolve?.(value)
}

const answerButton = (label, value, cls, id) =>
	btn(label, null, cls, { id, 'data-act': 'answer', 'data-answer': value })

// Before an opening with `n` pairs: true if the player says to open. Not now has the focus.
export async function askPairs(ctx, n) {
	await more()
	const body = h(
		'.penalty',
		h('p', t('pairs_ask', { n })),
		h(
			'.acts',
			answerButton(t('pairs_keep'), 'keep', '', 'keep-melds'),
			answerButton(t('pairs_yes'), 'open', 'primary', 'open-pairs'),
		),
	)
	const answered = ask(ctx, t('pairs_title', { n }), body)
	document.getElementById('keep-melds')?.focus()
	return (await answered) === 'open'
}

// Before a discard that costs a 101 penalty ('okey', 'layoff') or throws the okey away
// ('wild'): true if the player says to discard anyway. Keep has the focus, so Enter keeps;
// ×, Escape and a tap outside leave the question unanswered, which keeps the tile too.
export async function askPenalty(ctx, reason, tile) {
	const v = ctx.state.sync.view
	const fit = reason === 'layoff' && fitOf(v, tile)
	const fits = fit && t(fit.mine ? 'pen_fits_yours' : 'pen_fits', fit)
	const body = h(
		'.penalty',
		h('p', t('pen_' + reason, { n: 101 })),
		fits && h('p.fits', fits),
		h(
			'.acts',
			answerButton(t('pen_keep'), 'keep', 'primary', 'keep-tile'),
			answerButton(t('pen_yes'), 'discard', '', 'discard-anyway'),
		),
	)
	const answered = ask(ctx, t(reason === 'wild' ? 'okey_title' : 'pen_title'), body)
	document.getElementById('keep-tile')?.focus()
	return (await answered) === 'discard'
}
