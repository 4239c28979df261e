// Friends at a table: reactions (the picker, a bubble beside the seat that sent
// one, the move log's copy), the nudge, and the rematch. Loaded by the first tap on one of
// their buttons or the first view that carries reactions; its strings are in i18n/more/.
import { t, more } from '../i18n/index.js'
import { h, $, modal, closeModal, toast, announce } from '../ui.js'
import { api } from '../api.js'
import { prefs, save, uuid } from '../storage.js'
import { nameOf } from './board.js'
import { useStyle } from '../style.js'
import { parts } from './sync.js'
import {
	REACTIONS,
	reactionText,
	reactionTime,
	reactionsKey,
	unseenReactions,
} from './reactions.js'

const BUBBLE_MS = 6000 // then it fades out (social.css) for half a second
// A reaction older than this when first seen is history, not news: no bubble.
const FRESH_MS = 15000

// Each view (table.js); `since` on a visit's first view: the events after the last one,
// for "while you were away" (away.js, loaded then). An embed without a seat shows neither.
export async function onView(ctx, view, since) {
	if (ctx.env.embed && !ctx.token) return
	if (since && !ctx.env.embed) {
		parts.away ??= await import('./away.js')
		await parts.away.showAway(ctx, view, since)
	}
	if (view.reactions?.length) await hear(ctx, view, !!since)
}

// Each view's new reactions: a bubble beside their seat unless this device muted them. The
// first view of a visit bubbles only those just sent.
export async function hear(ctx, view, first) {
	const fresh = unseenReactions(ctx, view)
	if (!fresh.length) return
	save(reactionsKey(ctx.id), view.reactions)
	if (prefs.muteReactions || ctx.state.sync.closed) return
	await Promise.all([more(), useStyle('social')])
	const now = Date.now()
	const muted = prefs.mutedSeats?.[ctx.id] || [] // lobby/seat-menu.js: a stranger muted
	for (const r of fresh)
		if ((!first || now - reactionTime(r.at) < FRESH_MS) && !muted.includes(r.seat))
			bubble(ctx, view, r)
}

// Beside the seat's badge (our own: beside the dock's name), for a few seconds; fixed to
// the page, so that the redraws of the table under it leave it alone. Never over a discard
// (one we may want to take) nor the pile: the first place around the badge clear of them.
function bubble(ctx, view, reaction) {
	const mine = reaction.seat === ctx.state.seat && !ctx.state.spectator
	const anchor = mine ? $('.dock .me', ctx.root) : $(`.opp[data-seat="${reaction.seat}"]`, ctx.root)
	const box = (anchor || ctx.root).getBoundingClientRect()
	const text = reactionText(reaction.reaction)
	const said = `${nameOf(view, reaction.seat)}: ${text}`
	const el = h(
		'.reaction' + (REACTIONS[reaction.reaction] ? '.emoji' : ''),
		{ 'data-seat': reaction.seat, title: said, 'aria-hidden': 'true' },
		text,
	)
	document.body.append(el)
	const avatar = anchor?.querySelector('.av')?.getBoundingClientRect() || box
	place(el, box, avatar, mine, [...ctx.root.querySelectorAll('.dslot, .pile, .rack')])
	keepOff(el, $('#away'))
	announce(said)
	setTimeout(() => el.classList.add('out'), BUBBLE_MS)
	setTimeout(() => el.remove(), BUBBLE_MS + 500)
}

// Under the badge, else beside its avatar, else over it (our own: over, under, beside): the
// first place on screen that covers none of `keepClear`.
function place(el, box, avatar, mine, keepClear) {
	const w = el.offsetWidth
	const ht = el.offsetHeight
	const cx = box.left + box.width / 2 - w / 2
	const cy = avatar.top + avatar.height / 2 - ht / 2
	const below = [cx, box.bottom + 4]
	const above = [cx, box.top - 8 - ht]
	// Beside the avatar: a seat across the table spans the felt's width.
	const beside = [
		[avatar.right + 6, cy],
		[avatar.left - 6 - w, cy],
	]
	const places = mine ? [above, below, ...beside] : [below, ...beside, above]
	const clear = ([x, y]) =>
		x >= 4 &&
		y >= 4 &&
		x + w <= innerWidth - 4 &&
		y + ht <= innerHeight - 4 &&
		keepClear.every(k => {
			const r = k.getBoundingClientRect()
			return x + w <= r.left || x >= r.right || y + ht <= r.top || y >= r.bottom
		})
	const [x, y] = places.find(clear) || places[0]
	el.style.left = `${Math.max(4, Math.min(x, innerWidth - 4 - w))}px`
	el.style.top = `${Math.max(4, y)}px`
}

// "While you were away" lists the reaction too; a bubble over the panel would hide its
// text, so it drops to just under the panel.
function keepOff(el, panel) {
	if (!panel) return
	const r = el.getBoundingClientRect()
	const q = panel.getBoundingClientRect()
	const apart = r.bottom <= q.top || r.top >= q.bottom || r.right <= q.left || r.left >= q.right
	if (apart) return
	el.style.top = `${q.bottom + 4}px`
}

// The picker: twelve buttons in a dialog (input.js ON_ACT.reaction sends the one tapped).
export async function react() {
	await Promise.all([more(), useStyle('social')])
	const choice = code =>
		h(
			'button.pick' + (REACTIONS[code] ? '.emoji' : ''),
			{ 'data-act': 'reaction', 'data-code': code, 'aria-label': t('rx_' + code) },
			reactionText(code),
		)
	const muted = prefs.muteReactions && h('p.hint', t('rx_muted'))
	const picker = h('.picker', { id: 'reactions' }, Object.keys(REACTIONS).map(choice))
	modal(t('react'), h('div', muted, picker))
}

const seconds = e => Math.max(1, Math.ceil(Number(e.retryAfter) || 2))

export async function reaction(ctx, el) {
	closeModal()
	try {
		const answer = await api.seatPost(ctx.id, ctx.token, 'reactions', {
			reaction: el.dataset.code,
		})
		// The answer's view (if any) shows the bubble at once; else the next poll does.
		if (answer?.view) hear(ctx, answer.view, false)
		ctx.polling.wake?.()
	} catch (e) {
		await more()
		const slow = e.code === 'too_many_reactions'
		toast(slow ? t('rx_slow', { n: seconds(e) }) : e.message, 'error')
	}
}

// The seat on turn gets a push ("Ayla is waiting for your move"); once in a while only.
export async function nudge(ctx, el) {
	await more()
	const view = ctx.state.sync.view
	const name = nameOf(view, view.turn)
	el.disabled = true
	try {
		await api.seatPost(ctx.id, ctx.token, 'nudge')
		toast(t('nudge_sent', { name }))
	} catch (e) {
		const wait = Math.ceil(seconds(e) / 60)
		if (e.code === 'too_soon') toast(t('nudge_soon', { name, n: wait }), 'error')
		else toast(e.message, 'error')
		el.disabled = false
	}
}

// Rematch (the result panel's, an offer's Join): this seat at the next table, then that
// table opens. A repeat answers the same seat.
export async function rematch(ctx, el) {
	el.disabled = true
	ctx.rematchId ??= uuid()
	try {
		const { takeRematch } = await import('./rematch.js')
		ctx.env.go('#/t/' + (await takeRematch(ctx.id, ctx.auth, ctx.rematchId)))
	} catch (e) {
		toast(e.message, 'error')
		el.disabled = false
	}
}
