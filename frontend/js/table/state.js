// The state of one open table screen, declared in one place. The other table
// modules read it freely but change it only through the functions below, so
// every change has a name a reader can search for. Nothing here touches the DOM.
import { reconcile, place, locate } from './rack.js'

// A table screen before the first view; `auth` is the seat's token record, or null.
export function createTableState(auth) {
	return {
		spectator: !auth, // no seat token: watches the table, sees no rack
		seat: auth?.seat, // the shown rack's seat; pass-and-play moves it to the seat on turn
		sync: {
			view: null, // the seat's last view (docs/API.md), null until the first answer
			busy: false, // a move is on its way: polls and other moves wait for it
			moving: null, // its type: the screen shows it made ('next_hand': no result panel)
			closed: false, // the screen was left: late answers are dropped
			discarding: null, // a discard on its way, shown in our corner before the answer
			discardSlot: null, // the slot it left, to go back to if not made
			pending: false, // the move on its way waits for the connection (outbox.js)
		},
		rack: {
			layouts: {}, // by seat: 2 rows of 15 slots, tile ids or null (rack.js)
			prefer: null, // [row, col] for the tile the current move brings (dropped there)
			fresh: null, // the tile that arrived last, marked on the rack
			hand: null, // the hand the layouts belong to: a new hand starts from a sorted rack
			unsorted: false, // the shown rack was laid out here, not sorted yet (sortNewRack)
		},
		selection: {
			tile: null, // picked up by a tap: a slot tap moves it; Discard and Finish use it
			hint: null, // the tile "Best" advises to discard
		},
		meld101: {
			current: [], // the group being picked on the rack, tile by tile
			groups: [], // groups closed with "+", to open or lay together
			building: false, // "Groups" is on: a rack tap groups; off, it picks up for a discard
		},
		screen: {
			covered: false, // pass-and-play: the rack waits behind a cover for a tap
			resultHidden: false, // the result panel was closed to see the table
			dragging: false, // redraws wait for the drag's end, not to pull the tile away
			redrawWaiting: false, // a full redraw was asked for during the drag
			notice: null, // words about our last move: not sent yet, or not made
			away: null, // "While you were away": the summary shown until dismissed (away.js)
		},
		anim: {
			speed: 280, // ms per flying tile; quicker when many queue up
		},
		log: {
			// The hand's last LOG_SIZE events, oldest first, as { event, at, seen }: `at` (ms)
			// is when the move was made, as the server says (event.at); for an event it has no
			// time for, when this device first saw it, and then `seen` is true.
			moves: [],
			hand: null, // the hand the moves belong to; another hand starts the log afresh
			seen: 0, // the newest event version logged: events are logged once
			unread: 0, // moves made while the player was away, marked on 📜 until it is opened
		},
	}
}

export const myLayout = state => state.rack.layouts[state.seat ?? -1]

export const is101 = state => state.sync.view?.variant === '101'

// All of them on a pass-and-play table; `auth` (table.js) before the first view.
export const heldSeats = (state, auth) => state.sync.view?.held_seats || auth?.seats || []

// --- sync ---

// A new view: the layout follows the rack (a move's tile lands where it was dropped);
// picks of tiles that left are forgotten. A new hand forgets the last hand's layouts:
// its rack starts from the layout the server kept for it, else sorted by face here and
// marked `unsorted`, for the player's own sort to replace (actions.js sortNewRack).
export function acceptView(state, view) {
	state.sync.view = view
	if (view.you == null || !view.rack) return
	const { rack } = state
	if (view.hand !== rack.hand) newHand(state, view.hand)
	if (!rack.layouts[view.you] && !view.rack_layout) rack.unsorted = true
	const old = rack.layouts[view.you] || view.rack_layout
	const layout = (rack.layouts[view.you] = reconcile(old, view.rack, rack.prefer))
	if (rack.prefer) rack.fresh = layout[rack.prefer[0]][rack.prefer[1]]
	rack.prefer = null
	const onRack = group => group.filter(id => view.rack.includes(id))
	if (!view.rack.includes(state.selection.tile)) state.selection.tile = null
	state.meld101.current = onRack(state.meld101.current)
	state.meld101.groups = state.meld101.groups.map(onRack).filter(group => group.length)
}

function newHand(state, hand) {
	state.rack.hand = hand
	state.rack.layouts = {}
	state.rack.prefer = null
	state.rack.fresh = null
	// Tile ids repeat from hand to hand: a pick of the last hand is no pick of this one.
	state.selection.tile = null
	state.selection.hint = null
	dropGroups(state)
}

// No 101 group is being built, or kept, any more.
function dropGroups(state) {
	state.meld101.current = []
	state.meld101.groups = []
	state.meld101.building = false
}

// The sort for a rack marked `unsorted` is asked for once.
export function sortAsked(state) {
	state.rack.unsorted = false
}

export const LOG_SIZE = 20

// The view's events into the move log, each once, with when it was made (or, when the
// server has no time for it, when this device saw it: `at`); a deal or another hand starts
// it afresh.
export function logEvents(state, view, at) {
	const log = state.log
	if (view.hand != null && log.hand !== view.hand) {
		log.moves = []
		log.hand = view.hand
	}
	for (const event of view.events || []) {
		if (event.v <= log.seen) continue
		if (event.type === 'deal') log.moves = []
		const made = event.at != null
		log.moves.push({ event, at: made ? event.at * 1000 : at, seen: !made })
		log.seen = event.v
	}
	log.seen = Math.max(log.seen, view.version ?? 0)
	log.moves = log.moves.slice(-LOG_SIZE)
}

// Many moves came while the player was away: 📜 says how many until the log is opened.
export function markUnread(state, count) {
	state.log.unread = count
}

// A log kept on this device from an earlier visit, if it is of this table's current hand.
export function restoreLog(state, saved, hand) {
	if (!saved || saved.hand !== hand || !Array.isArray(saved.moves)) return
	state.log.moves = saved.moves.slice(-LOG_SIZE)
	state.log.hand = saved.hand
	state.log.seen = saved.seen || 0
}

export function setAway(state, summary) {
	state.screen.away = summary
}

// The discard made last, if it still lies on the felt: { seat, tile } or null. While the
// seat on turn has still to take it is the previous seat's top tile; once it has taken,
// only the log can tell a draw from the pile (the tile is still there) from a take:
// it must hold that discard and the draw after it.
export function lastDiscard(view, moves = []) {
	if (!view?.seats || view.turn == null || view.phase === 'over') return null
	const n = view.seats.length
	const seat = (view.turn + n - 1) % n
	const tile = view.seats[seat].discard_top
	if (tile == null) return null
	if (view.phase === 'take') return { seat, tile }
	const at = moves.findLastIndex(m => m.event.type === 'discard')
	const made = moves[at]?.event
	const drew = moves.slice(at + 1).some(m => m.event.type === 'draw' && m.event.seat === view.turn)
	const logged = made && made.seat === seat && made.tile === tile
	return logged && drew ? { seat, tile } : null
}

// Pass-and-play: the rack goes to the seat on turn, behind the cover.
export function passDevice(state, seat) {
	state.seat = seat
	state.screen.covered = true
	state.selection.tile = null
}

export function uncover(state) {
	state.screen.covered = false
}

// No more moves until this one is answered; a discard shows at once.
export function beginMove(state, type, tile) {
	state.sync.busy = true
	state.sync.moving = type
	state.screen.notice = null
	state.selection.tile = null
	state.selection.hint = null
	if (type !== 'discard' || tile == null) return
	const layout = myLayout(state)
	const at = layout && locate(layout, tile)
	if (at) layout[at[0]][at[1]] = null
	state.sync.discarding = tile
	state.sync.discardSlot = at
}

// The move waits for the connection; `notice` says so in words.
export function movePending(state, notice) {
	state.sync.pending = true
	state.screen.notice = notice
}

// The table moved on instead: `notice` says how.
export function moveNotMade(state, notice) {
	moveFailed(state)
	state.screen.notice = notice
}

// The move is answered, either way: nothing waits for the server, no notice stays.
function moveDone(state) {
	state.sync.busy = false
	state.sync.moving = null
	state.sync.pending = false
	state.screen.notice = null
}

// The picks are spent; the tile the move brings goes to `prefer`.
export function moveAccepted(state, prefer) {
	moveDone(state)
	state.sync.discarding = null
	state.sync.discardSlot = null
	state.rack.prefer = prefer
	dropGroups(state)
}

// A discard goes back where it was.
export function moveFailed(state) {
	moveDone(state)
	const rack = state.sync.view?.rack
	const layout = myLayout(state)
	if (rack && layout)
		state.rack.layouts[state.seat] = reconcile(layout, rack, state.sync.discardSlot)
	state.sync.discarding = null
	state.sync.discardSlot = null
}

export function close(state) {
	state.sync.closed = true
}

// --- rack and selection ---

export function toggleSelection(state, tile) {
	state.selection.tile = state.selection.tile === tile ? null : tile
	state.selection.hint = null
}

export function clearSelection(state) {
	state.selection.tile = null
}

export function moveTile(state, tile, slot) {
	place(myLayout(state), tile, slot[0], slot[1])
}

// The tapped slot takes the picked-up tile (returned, if any); 101 groups stay.
export function dropSelectionOn(state, slot) {
	const tile = state.selection.tile
	if (tile == null) return null
	moveTile(state, tile, slot)
	state.selection.tile = null
	return tile
}

// A sort: the server's layout, discard advice and, for "best" in 101, groups. False, and
// the rack left as it is but marked `unsorted` (for the next view's sort), when the server
// sorted another rack (a timed-out turn was played meanwhile). A new rack's own sort
// (not `chosen`) keeps the tile picked up meanwhile.
export function arrangeRack(state, advice, by, chosen = true) {
	const shown = state.sync.view.rack
	const sorted = advice.layout.flat().filter(tile => tile != null)
	if (sorted.length !== shown.length || !sorted.every(tile => shown.includes(tile))) {
		state.rack.unsorted = true
		return false
	}
	state.rack.unsorted = false
	state.rack.layouts[state.seat ?? -1] = reconcile(advice.layout, shown)
	state.selection.hint = advice.discard
	if (chosen) state.selection.tile = null
	if (is101(state)) {
		state.meld101.current = []
		state.meld101.groups = by === 'best' && advice.groups ? advice.groups : []
	}
	return true
}

// A rack tile dragged is also picked up.
export function startDrag(state, tile) {
	state.screen.dragging = true
	if (tile != null) state.selection.tile = tile
}

export function deferRedraw(state) {
	state.screen.redrawWaiting = true
}

// Returns whether a full redraw waited for the drag's end.
export function endDrag(state) {
	const waited = state.screen.redrawWaiting
	state.screen.dragging = false
	state.screen.redrawWaiting = false
	state.selection.tile = null
	return waited
}

// --- 101 picking ---

// A 101 rack tap. Its intent is the "Groups" switch's: off, the tap picks the tile up (for
// a discard or a lay-off; a second tap puts it down) and never touches the groups; on, it
// takes the tile out of its group, or into the open group, and picks nothing up. After a
// pairs opening (pairsWith) a group is a pair at most: a third tile, or one that does not
// pair, starts anew.
export function tapTile101(state, tile, pairsWith) {
	if (!state.meld101.building) return toggleSelection(state, tile)
	pickForMeld(state, tile, pairsWith)
}

export function pickForMeld(state, tile, pairsWith) {
	const picks = state.meld101
	const group = picks.groups.find(g => g.includes(tile))
	if (group) group.splice(group.indexOf(tile), 1)
	else if (picks.current.includes(tile)) picks.current = picks.current.filter(id => id !== tile)
	else {
		const [a, b] = picks.current
		if (pairsWith && (b != null || (a != null && !pairsWith(a, tile)))) {
			if (b != null) picks.groups.push(picks.current)
			picks.current = []
		}
		picks.current = [...picks.current, tile]
	}
	picks.groups = picks.groups.filter(g => g.length)
	state.selection.tile = null
	state.selection.hint = null
}

// "Groups" on or off. Turning it on puts down the tile picked up: it is no group's.
export function toggleBuilding(state) {
	state.meld101.building = !state.meld101.building
	state.selection.tile = null
}

export function closeGroup(state) {
	state.meld101.groups = [...state.meld101.groups, state.meld101.current]
	state.meld101.current = []
	state.selection.tile = null
}

export function clearGroups(state) {
	state.meld101.groups = []
	state.meld101.current = []
	state.selection.tile = null
}

// --- screen ---

export function setResultHidden(state, hidden) {
	state.screen.resultHidden = hidden
}

export function setAnimationPace(state, count) {
	state.anim.speed = count > 6 ? 170 : 280
}
