// The hand review: a finished hand stepped through one turn at a time, the move played
// beside the coach's, with its verdict and what the other seats did meanwhile. Loaded the
// first time "Review this hand" is tapped (in the result panel or on a hand of the score
// sheet), with its strings (i18n/more/) and its style sheet (css/review.css), so that no
// table's first download carries it. Its buttons carry data-act="review" for the table's
// input.js, which hands their data-* here (onReview); swipes and arrow keys are bound on
// the dialog itself, which is the one place they mean a step.
import { t, more, getLang } from '../i18n/index.js'
import { h, modal, toast } from '../ui.js'
import { api } from '../api.js'
import { tileEl } from '../tiles.js'
import { nameOf } from '../table/board.js'
import { reviewStyle } from './style.js'
import * as model from './model.js'

// The review open now (one dialog at a time, as ui.js's modal):
// { ctx, review, okey, opener (focused before it opened), dialog, body, live }
let open = null

// From a button (its data-*): hand (open that hand's review), step (-1, +1), to (a turn's
// index), seat (switch).
export async function onReview(ctx, button) {
	const data = button.dataset
	if (data.hand != null) return openReview(ctx, +data.hand, button)
	if (!open) return
	if (data.step != null && model.step(open.review, +data.step)) redraw(true)
	if (data.to != null && model.goTo(open.review, +data.to)) redraw(true)
	if (data.seat != null) await switchSeat(+data.seat)
}

// opener: the button tapped, which has the focus back when the review closes.
async function openReview(ctx, hand, opener) {
	await Promise.all([more(), reviewStyle()])
	const v = ctx.state.sync.view
	const viewer = ctx.state.spectator ? null : ctx.state.seat
	const review = model.createReview(hand, viewer ?? 0, v.seats.length, viewer)
	const body = h('.review', { id: 'review' }, h('p.hint', t('rv_loading')))
	const live = h('p.sr', { 'aria-live': 'polite', id: 'review-live' })
	modal(t('rv_title', { n: hand + 1 }), [body, live])
	const dialog = body.closest('.modal')
	dialog.classList.add('review-modal')
	open = { ctx, review, okey: null, opener, dialog, body, live }
	bindSteps(open)
	watchClose(open)
	try {
		// The okey of that hand (its tiles' stars): from the view if it is this hand, else
		// from the finished hand itself (cached: it never changes).
		const okey = hand === v.hand ? v.okey : (await api.hand(ctx.id, hand)).okey
		if (open?.review !== review) return
		open.okey = okey
		await load(review.seat)
	} catch (e) {
		if (open?.review === review) showError(e)
	}
}

// A seat's answer, asked for once per open review.
async function load(seat) {
	const { ctx, review } = open
	if (!review.bySeat[seat]) {
		const answer = await api.review(ctx.id, review.hand, seat, getLang())
		model.acceptAnswer(review, seat, answer)
	}
	if (open?.review !== review) return
	model.showSeat(review, seat)
	redraw(true)
}

async function switchSeat(seat) {
	const review = open.review
	if (seat === review.seat) return
	try {
		await load(seat)
	} catch (e) {
		// The seat shown so far stays: only the switch failed.
		if (open?.review === review) toast(errorText(e), 'error')
	}
}

const errorText = e => (e.status === 404 ? t('rv_none') : t('rv_error', { message: e.message }))

function showError(e) {
	open.body.replaceChildren(h('p.hint', { role: 'alert' }, errorText(e)))
}

// Redrawn whole on each step: the focus goes back to the control that had it (by id); if
// that is gone or disabled (a jump to a turn no longer worth a look, › at the last turn), to
// the other step button, or the one that is enabled.
function redraw(say) {
	const { body, live } = open
	const had = body.contains(document.activeElement)
	const focused = had ? document.activeElement.id : null
	// replaceChildren writes a null or false part as text ("null"): the parts left out go.
	body.replaceChildren(...content(open).filter(part => part != null && part !== false))
	if (had) {
		const other = focused === 'rv-prev' ? 'rv-next' : 'rv-prev'
		const ids = [focused, other, 'rv-next', 'rv-prev']
		const target = ids.map(id => id && document.getElementById(id)).find(el => el && !el.disabled)
		target?.focus()
	}
	if (say) live.textContent = model.stepAnnouncement(open.review)
}

// .review
//   p.rv-summary        the hand in a few lines
//   .rv-seats           whose turns (a button per seat)
//   .rv-turn            the turn: verdict, the two moves, the rack, the others' moves (swiped)
//   .rv-steps           previous, "Turn 3 of 14", next
function content({ review, okey, ctx }) {
	const answer = model.shown(review)
	const turn = model.currentTurn(review)
	const name = seat => whose(ctx, review, seat)
	const summary = model.summaryLines(answer?.summary)
	const parts = [
		summary.length > 0 &&
			h(
				'.rv-summary',
				summary.map(text => h('p', text)),
			),
		jumps(answer),
		seatSwitcher(ctx, review),
	]
	if (!turn) return [...parts, h('p.hint', t('rv_no_turns'))]
	return [...parts, turnPart(turn, okey, review, name), stepsBar(review)]
}

// "You" for the device's own seat, else the seat's name.
const whose = (ctx, review, seat) =>
	seat === review.viewer ? t('you') : nameOf(ctx.state.sync.view, seat)

// "Worth a look: 3 7 9", each a button to that turn.
function jumps(answer) {
	const turns = model.turnsToSee(answer)
	const jump = index =>
		h(
			'button.chip.rv-jump',
			{
				id: 'rv-jump-' + index,
				'data-act': 'review',
				'data-to': index,
				'aria-label': t('rv_go', { n: index + 1 }),
			},
			index + 1,
		)
	if (!turns.length) return null
	return h(
		'.rv-jumps',
		{ role: 'group', 'aria-label': t('rv_look') },
		h('span', t('rv_look')),
		turns.map(jump),
	)
}

function seatSwitcher(ctx, review) {
	const seat = s =>
		h(
			'button.chip',
			{
				id: 'rv-seat-' + s,
				'data-act': 'review',
				'data-seat': s,
				'aria-pressed': String(s === review.seat),
			},
			whose(ctx, review, s),
		)
	const seats = Array.from({ length: review.seats }, (_, s) => seat(s))
	return h('.rv-seats.chips', { role: 'group', 'aria-label': t('rv_seats') }, seats)
}

function turnPart(turn, okey, review, name) {
	const verdict = turn.verdict
	const mark = h('span.rv-mark', { 'aria-hidden': 'true' }, model.VERDICT_MARKS[verdict])
	const judged = h(
		'.rv-verdict.v-' + verdict,
		{ id: 'rv-verdict' },
		h('strong', mark, ' ', t('rv_v_' + verdict)),
		turn.reason?.text && h('span.rv-reason', turn.reason.text),
	)
	const who =
		review.seat === review.viewer ? t('rv_you_played') : t('rv_played', { name: name(review.seat) })
	// Said only where the reason does not say it already (code coach_move, engine/review/texts.py).
	const same =
		model.sameAsCoach(turn) && turn.reason?.code !== 'coach_move' && h('p.rv-same', t('rv_same'))
	const moves = h(
		'.rv-moves',
		moveColumn('rv-played', who, model.playedLines(turn, okey), okey),
		moveColumn('rv-coach', t('rv_coach'), model.coachLines(turn, okey), okey),
	)
	const measure = model.measureLine(turn)
	const extras = model.extraLines(turn, okey)
	const others = model.otherLines(turn.others, okey, name)
	const after = model.otherLines(model.othersAfter(review), okey, name)
	return h(
		'section.rv-turn',
		{ id: 'rv-turn', 'aria-labelledby': 'rv-pos' },
		judged,
		moves,
		same,
		measure && h('p.rv-measure', measure),
		extras.map(text => h('p.rv-extra', text)),
		h('h3', t('rv_rack')),
		rackTiles(turn, okey),
		h('p.hint', t('rv_legend')),
		h('h3', t('rv_others')),
		others.length
			? h(
					'ul.rv-others',
					others.map(text => h('li', text)),
				)
			: h('p.hint', t('rv_others_none')),
		after.length > 0 && [
			h('h3', t('rv_after')),
			h(
				'ul.rv-others',
				after.map(text => h('li', text)),
			),
		],
	)
}

// A move: its heading, then a line per part with the tile it names drawn beside it.
function moveColumn(cls, heading, lines, okey) {
	const row = ({ text, tile }) => h('li', tile != null && tileEl(tile, okey), h('span', text))
	return h('section.rv-move.' + cls, { id: cls }, h('h3', heading), h('ul', lines.map(row)))
}

// The rack before the take; the tile thrown is outlined, the coach's throw dashed.
function rackTiles(turn, okey) {
	const tile = id => {
		const el = tileEl(id, okey)
		if (id === turn.played?.discard) el.classList.add('rv-threw')
		if (id === turn.coach?.discard) el.classList.add('rv-coached')
		return el
	}
	return h('.tilegrid.rv-rack', (turn.rack || []).map(tile))
}

function stepsBar(review) {
	const last = model.turnsOf(review).length - 1
	const stepButton = (id, by, label, text, disabled) =>
		h(
			'button.btn.rv-step',
			{ id, 'data-act': 'review', 'data-step': by, 'aria-label': label, disabled },
			text,
		)
	return h(
		'.rv-steps',
		stepButton('rv-prev', -1, t('rv_prev'), '‹', review.turn <= 0),
		h('span.rv-pos', { id: 'rv-pos' }, model.position(review)),
		stepButton('rv-next', 1, t('rv_next'), '›', review.turn >= last),
	)
}

// Swipes across the turn and the arrow keys (Home, End) anywhere in the dialog.
function bindSteps(state) {
	const { dialog } = state
	const go = index => {
		if (open === state && model.goTo(state.review, index)) redraw(true)
	}
	dialog.addEventListener('keydown', e => {
		const to = model.keyStep(state.review, e.key)
		if (to == null || e.altKey || e.ctrlKey || e.metaKey) return
		e.preventDefault()
		go(to)
	})
	let press = null
	dialog.addEventListener('pointerdown', e => {
		press = e.target.closest('.rv-turn') && { id: e.pointerId, x: e.clientX, y: e.clientY }
	})
	dialog.addEventListener('pointerup', e => {
		if (!press || press.id !== e.pointerId) return
		const by = model.swipeStep(e.clientX - press.x, e.clientY - press.y)
		press = null
		if (by) go(state.review.turn + by)
	})
	dialog.addEventListener('pointercancel', () => {
		press = null
	})
}

// When the dialog goes (×, Escape, the backdrop, another dialog), the focus goes back to
// what opened it; if that is gone (a redraw, or the score sheet the review replaced), to the
// result panel's button or else 🏆; not when another dialog took its place.
function watchClose(state) {
	const gone = new MutationObserver(() => {
		if (state.dialog.isConnected) return
		gone.disconnect()
		if (open === state) open = null
		const hand = state.review.hand
		const back = state.opener?.isConnected
			? state.opener
			: document.querySelector(`#review-hand[data-hand="${hand}"], [data-act=scores]`)
		if (!document.querySelector('.modal')) back?.focus()
	})
	gone.observe(document.body, { childList: true })
}
