// The hand review's state and words, without the DOM (so `node --test` tests it). A
// review steps through one seat's turns of a finished hand, as GET .../hands/{n}/review
// answers them (docs/API.md); the seat switcher shows the same hand through another seat's
// turns. screen.js draws it and binds its swipes and keys.
import { t, tn, getLang, objectOf } from '../i18n/index.js'
import { tileLabel } from '../tiles.js'

export const VERDICTS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
// Beside the verdict's word, as chess annotates moves; never the only sign of it.
export const VERDICT_MARKS = {
	best: '★',
	good: '✓',
	inaccuracy: '?!',
	mistake: '?',
	blunder: '??',
}

// A swipe is a press that moves this far (px) across, and more across than down.
export const SWIPE_MIN_PX = 40

// hand: its number (0-based); seat: whose turns are shown; seats: how many at the table;
// viewer: the device's own seat (sentences about it say "you"), null for a spectator.
export function createReview(hand, seat, seats, viewer) {
	return {
		hand,
		seat,
		seats,
		viewer,
		bySeat: {}, // seat -> the endpoint's answer, once it came
		turn: 0, // index into the shown seat's turns
	}
}

export const shown = review => review.bySeat[review.seat] || null
export const turnsOf = review => shown(review)?.turns || []
export const currentTurn = review => turnsOf(review)[review.turn] || null

// The answer for `seat` came: kept for switching back to it without asking again.
export function acceptAnswer(review, seat, answer) {
	review.bySeat[seat] = answer
}

// To another seat's turns, at its turn nearest the moment shown so far (by the hand's
// event index), so that switching seats keeps the reader's place in the hand.
export function showSeat(review, seat) {
	const at = currentTurn(review)?.event_index
	review.seat = seat
	review.turn = at == null ? 0 : nearestTurn(turnsOf(review), at)
}

// The index of the turn whose event is closest to `eventIndex`; an earlier one on a tie.
export function nearestTurn(turns, eventIndex) {
	let best = 0
	turns.forEach((turn, i) => {
		const gap = Math.abs(turn.event_index - eventIndex)
		if (gap < Math.abs(turns[best].event_index - eventIndex)) best = i
	})
	return best
}

// To turn `index`, kept within the turns; true if the turn shown changed.
export function goTo(review, index) {
	const last = turnsOf(review).length - 1
	const to = Math.max(0, Math.min(last, index))
	if (last < 0 || to === review.turn) return false
	review.turn = to
	return true
}

export const step = (review, by) => goTo(review, review.turn + by)

// +1 (the next turn) for a swipe to the left, as a page is turned; -1 to the right; 0 for
// a press that went down, or too short a way.
export function swipeStep(dx, dy) {
	if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0
	return dx < 0 ? 1 : -1
}

// A step by key: arrows, Home and End; null for any other key.
export function keyStep(review, key) {
	if (key === 'ArrowRight') return review.turn + 1
	if (key === 'ArrowLeft') return review.turn - 1
	if (key === 'Home') return 0
	if (key === 'End') return turnsOf(review).length - 1
	return null
}

// The discard the seat was offered at this turn: the last one thrown before it.
export function offeredDiscard(turn) {
	const thrown = (turn.others || []).filter(move => move.discard != null)
	if (turn.played?.take === 'discard') return turn.played.tile
	return thrown.length ? thrown[thrown.length - 1].discard : null
}

// A line of a move: its words, and the tile it names (drawn beside them), or null. A line
// may start with the tile's name ("mavi 2 at"): it starts with a capital all the same.
const line = (text, tile = null) => ({ text: capital(text), tile })
const capital = text => text.charAt(0).toLocaleUpperCase(getLang()) + text.slice(1)

// What was played, as lines: a shown indicator, the take, then the throw (or the finish).
export function playedLines(turn, okey) {
	const move = turn.played || {}
	const label = id => tileLabel(id, okey)
	const lines = []
	if (move.show_indicator) lines.push(line(t('rv_show')))
	if (move.take === 'pile' && move.tile == null) lines.push(line(t('rv_pile')))
	else if (move.take === 'pile')
		lines.push(line(t('rv_pile_tile', { tile: label(move.tile) }), move.tile))
	else if (move.take === 'discard')
		lines.push(line(t('rv_take', { tile: label(move.tile) }), move.tile))
	else lines.push(line(t('rv_first')))
	lines.push(...tableLines(move, ''))
	if (move.discard != null) {
		const key = move.finish ? 'rv_finish' : 'rv_throw'
		lines.push(
			line(t(key, { tile: label(move.discard), obj: objectOf(label(move.discard)) }), move.discard),
		)
	}
	if (move.penalty) lines.push(line(t('rv_penalty', { n: move.penalty })))
	return lines
}

// 101's part of a move between the take and the throw: an opening (with melds or pairs),
// the tiles laid on the table. c: '' for the move played, 'c_' for the coach's.
function tableLines(move, c) {
	const lines = []
	if (move.opened) lines.push(line(t(`rv_${c}open_${move.opened}`)))
	if (move.laid) lines.push(line(tn(`rv_${c}laid`, move.laid)))
	return lines
}

// What the coach would have played, as lines, in the imperative.
export function coachLines(turn, okey) {
	const move = turn.coach || {}
	const label = id => tileLabel(id, okey)
	const lines = []
	const offered = offeredDiscard(turn)
	if (move.take === 'pile') lines.push(line(t('rv_c_pile')))
	else if (move.take === 'discard' && offered == null) lines.push(line(t('rv_c_take_top')))
	else if (move.take === 'discard')
		lines.push(line(t('rv_c_take', { tile: label(offered) }), offered))
	lines.push(...tableLines(move, 'c_'))
	if (move.discard != null) {
		const key = move.finish ? 'rv_c_finish' : 'rv_c_throw'
		lines.push(
			line(t(key, { tile: label(move.discard), obj: objectOf(label(move.discard)) }), move.discard),
		)
	}
	return lines
}

// The two copies of a tile are the same move.
const sameFace = (a, b) => (a == null ? b == null : b != null && a >> 1 === b >> 1)

// The coach's move is the one played: the same take, the same tile thrown, a finish both.
export function sameAsCoach(turn) {
	const played = turn.played || {}
	const coach = turn.coach || {}
	const take = coach.take == null || coach.take === played.take
	return take && sameFace(coach.discard, played.discard) && !!coach.finish === !!played.finish
}

// The other seats' moves (a turn's `others`, or the summary's `others_after`): one line
// each, "Mehmet: drew from the pile, threw red 7". name(seat) gives a seat's name.
export function otherLines(moves, okey, name) {
	const label = id => tileLabel(id, okey)
	return (moves || []).map(move => {
		const parts = []
		if (move.show_indicator) parts.push(t('rv_o_show'))
		if (move.take === 'pile' && move.tile == null) parts.push(t('rv_o_pile'))
		else if (move.take === 'pile') parts.push(t('rv_o_pile_tile', { tile: label(move.tile) }))
		else if (move.take === 'discard') parts.push(t('rv_o_take', { tile: label(move.tile) }))
		if (move.opened) parts.push(t('rv_o_open'))
		if (move.laid) parts.push(tn('rv_o_laid', move.laid))
		if (move.discard != null) {
			const key = move.finish ? 'rv_o_finish' : 'rv_o_throw'
			parts.push(t(key, { tile: label(move.discard), obj: objectOf(label(move.discard)) }))
		}
		return t('rv_o_line', { name: name(move.seat), moves: parts.join(', ') })
	})
}

// What the others did after the seat's last turn (the hand's end), shown at that turn.
export const othersAfter = review =>
	review.turn === turnsOf(review).length - 1 ? shown(review)?.summary?.others_after || [] : []

// Classic counts tiles from a win; 101 the points the rack would count (lower is better).
export function measureLine(turn) {
	const m = turn.measure
	if (!m) return null
	const key = m.name === 'hand_points' ? 'rv_points' : 'rv_measure'
	return t(key, { before: m.before, after: m.after, coach: m.coach_after })
}

// 101: the tiles the turn could have laid off and did not, named.
export function extraLines(turn, okey) {
	const missed = (turn.missed_layoffs || []).filter(tile => typeof tile === 'number')
	if (!missed.length) return []
	return [t('rv_missed_tiles', { tiles: missed.map(id => tileLabel(id, okey)).join(', ') })]
}

// A list or a number of things, counted.
const count = x => (Array.isArray(x) ? x.length : Number(x) || 0)
// 101's missed lay-offs in the summary: [{ turn, tiles }], counted in tiles.
const tilesIn = entries => (entries || []).reduce((n, entry) => n + count(entry.tiles), 0)

// Turn numbers as the reader counts them (from 1).
const turnList = indices => indices.map(i => i + 1).join(', ')

// The hand in a few lines: the verdicts counted, then what could have gone better.
export function summaryLines(summary) {
	if (!summary) return []
	const counts = summary.counts || {}
	const tally = VERDICTS.filter(verdict => counts[verdict]).map(
		verdict => `${VERDICT_MARKS[verdict]} ${t('rv_v_' + verdict)} ${counts[verdict]}`,
	)
	const lines = tally.length ? [tally.join(' · ')] : []
	if (summary.could_have_won?.length)
		lines.push(t('rv_could_win', { turns: turnList(summary.could_have_won) }))
	if (summary.missed_okey_finish?.length)
		lines.push(t('rv_missed_okey', { turns: turnList(summary.missed_okey_finish) }))
	if (summary.missed_indicator_show) lines.push(t('rv_missed_show'))
	const opened = summary.opening_turn
	const couldOpen = summary.could_open_turn
	if (opened != null) lines.push(t('rv_opening', { n: opened + 1 }))
	if (couldOpen != null && (opened == null || couldOpen < opened))
		lines.push(t('rv_could_open', { n: couldOpen + 1 }))
	const taken = count(summary.penalties_taken)
	const avoided = count(summary.penalties_avoided)
	if (taken || avoided) lines.push(t('rv_penalty_sum', { taken, avoided }))
	const layoffs = tilesIn(summary.missed_layoffs)
	if (layoffs) lines.push(tn('rv_missed_layoffs', layoffs))
	return lines
}

// The turns worth a look, in order: where the hand could have been won or finished with
// the okey, every mistake and blunder; in 101 also penalties taken and lay-offs missed.
export function turnsToSee(answer) {
	const summary = answer?.summary || {}
	const bad = (answer?.turns || []).filter(turn => ['mistake', 'blunder'].includes(turn.verdict))
	const turnOf = entries => (entries || []).map(entry => entry.turn)
	const all = [
		...(summary.could_have_won || []),
		...(summary.missed_okey_finish || []),
		...bad.map(turn => turn.index),
		...(Array.isArray(summary.penalties_taken) ? turnOf(summary.penalties_taken) : []),
		...turnOf(summary.missed_layoffs),
	]
	return [...new Set(all)].sort((a, b) => a - b)
}

// "Turn 3 of 14"
export const position = review => t('rv_turn', { i: review.turn + 1, n: turnsOf(review).length })

// What a screen reader hears on each step: where, the verdict, why.
export function stepAnnouncement(review) {
	const turn = currentTurn(review)
	if (!turn) return t('rv_no_turns')
	const reason = turn.reason?.text
	return [position(review), t('rv_v_' + turn.verdict), reason].filter(Boolean).join('. ')
}
