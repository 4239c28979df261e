// The real polling schedule: frontend/js/table/sync.js paceFor, walked through an hour (or a
// visit) for each kind of open tab. Prints one JSON object: polls per scenario. Used by
// tests/bench/bench_polling.py; run alone with `node tests/bench/polling_schedule.mjs`.
//
// A poll that brings nothing raises `idle` by one, as startPolling does; these tabs watch a
// table where nothing changes in the span (a relaxed table's moves are hours apart; a live
// table never backs off, so its changes do not matter here).

// api.js reads the page's address when it loads.
globalThis.document ??= { baseURI: 'http://localhost/' }
const { paceFor } = await import('../../frontend/js/table/sync.js')

const HOUR = 3600 * 1000
const playing = pace => ({
	pace,
	turn_seconds: pace === 'live' ? 30 : 86400,
	status: 'playing',
	phase: 'take',
})

// Polls made in `span` ms by one tab, the first one 1 s after the page opened (startPolling).
function polls(view, { mine = false, hidden = false, span = HOUR } = {}) {
	let idle = 0
	let count = 0
	for (let at = 1000; at < span; at += paceFor(view, mine, hidden, idle)) {
		count++
		idle++
	}
	return count
}

// Last-seen writes made in `span` ms by one tab in view: a poll renews its seat's record
// once the record is `refresh.waiting` s old while a push could be owed to the seat
// (another seat's turn), `refresh.on_turn` s on its own turn (api/service.py _refresh_after);
// a hidden tab's poll (away=1) writes nothing. `movedAt`: the seat's move, at that ms,
// records it in its own write and ends its turn. Thresholds come from the command line.
const refresh = JSON.parse(process.argv[2] || '{"waiting": 30, "on_turn": 60}')
function seenWrites(view, { mine = false, hidden = false, span = HOUR, movedAt = null } = {}) {
	if (hidden) return 0
	let idle = 0
	let count = 0
	let record = -Infinity
	let onTurn = mine
	for (let at = 1000; at < span; at += paceFor(view, onTurn, hidden, idle)) {
		if (movedAt != null && onTurn && at >= movedAt) {
			record = movedAt
			onTurn = false
		}
		const older = (onTurn ? refresh.on_turn : refresh.waiting) * 1000
		if (at - record >= older) {
			count++
			record = at
		}
		idle++
	}
	return count
}

const minutes = n => n * 60 * 1000
const out = {
	live_others_turn: polls(playing('live')),
	live_your_turn: polls(playing('live'), { mine: true }),
	live_hidden: polls(playing('live'), { hidden: true }),
	relaxed_visible_first_hour: polls(playing('relaxed')),
	// Once idle: the steady rate, from an hour that starts backed off.
	relaxed_visible_idle: Math.round(HOUR / paceFor(playing('relaxed'), false, false, 100)),
	relaxed_hidden: polls(playing('relaxed'), { hidden: true }),
	// A spectator embed is a tab that never holds the turn.
	spectator_live: polls(playing('live')),
	spectator_relaxed: polls(playing('relaxed')),
	// A player who comes back for their turn and keeps the tab in view this long.
	relaxed_visit_2min: polls(playing('relaxed'), { mine: true, span: minutes(2) }),
	// An embed's game against the computer: every turn is the visitor's (the computers play
	// inside the move's request), one about every 40 s, each move starting the pace again.
	embed_turn_40s: polls(playing('relaxed'), { mine: true, span: 40000 }),
	writes: {
		live_others_turn: seenWrites(playing('live')),
		live_your_turn: seenWrites(playing('live'), { mine: true }),
		relaxed_visible_first_hour: seenWrites(playing('relaxed')),
		relaxed_hidden: seenWrites(playing('relaxed'), { hidden: true }),
		// The visit of a turn: the move 30 s in, then the tab stays in view to its end.
		relaxed_visit_2min: seenWrites(playing('relaxed'), {
			mine: true,
			span: minutes(2),
			movedAt: 30000,
		}),
		embed_turn_40s: seenWrites(playing('relaxed'), { mine: true, span: 40000, movedAt: 20000 }),
	},
}
console.log(JSON.stringify(out))
