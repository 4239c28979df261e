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

// Last-seen writes made in `span` ms by one tab in view, under the rule of api/tables/service.py
// _refresh_after: a poll renews its seat's record once the record is `refresh.next` s old
// while the next move could owe the seat a push (it is the next human to play), and
// `refresh.presence` s old otherwise (on its own turn, or two and more turns away); a
// hidden tab's poll (away=1) writes nothing. `role(at)` says which the seat is at that ms
// ('mine', 'next' or 'far'); `moves`: the seat's own moves, at those ms, which record it
// in their own write. Thresholds come from the command line.
const refresh = JSON.parse(process.argv[2] || '{"next": 60, "presence": 120}')
function seenWrites(view, { role, hidden = false, span = HOUR, moves = [] } = {}) {
	if (hidden) return 0
	let idle = 0
	let count = 0
	let record = -Infinity
	const pending = [...moves]
	for (let at = 1000; at < span;) {
		while (pending.length && pending[0] <= at) record = pending.shift()
		const older = (role(at) === 'next' ? refresh.next : refresh.presence) * 1000
		if (at - record >= older) {
			count++
			record = at
		}
		idle++
		at += paceFor(view, role(at) === 'mine', hidden, idle)
	}
	return count
}

// A live table of `humans` seats played round and round, every turn its full 30 s (the
// slowest live play: the deadline), this tab's seat first; its move ends its turn.
function rotation(humans) {
	const turn = 30000
	const role = at => {
		const k = Math.floor(at / turn) % humans
		return k === 0 ? 'mine' : k === humans - 1 ? 'next' : 'far'
	}
	const moves = []
	for (let at = turn; at < HOUR; at += turn * humans) moves.push(at - 1)
	return seenWrites(playing('live'), { role, moves })
}

const minutes = n => n * 60 * 1000
const always = name => () => name
const out = {
	live_others_turn: polls(playing('live')),
	live_your_turn: polls(playing('live'), { mine: true }),
	live_hidden: polls(playing('live'), { hidden: true }),
	relaxed_visible_first_hour: polls(playing('relaxed')),
	// Once idle: the steady rate, from an hour that starts backed off.
	relaxed_visible_idle: Math.round(HOUR / paceFor(playing('relaxed'), false, false, 100)),
	relaxed_hidden: polls(playing('relaxed'), { hidden: true }),
	// Another person has the table open too (the view's others_here): it polls as a live
	// table, on the others' turn and on its own.
	relaxed_both_here_others_turn: polls({ ...playing('relaxed'), others_here: true }),
	relaxed_both_here_your_turn: polls({ ...playing('relaxed'), others_here: true }, { mine: true }),
	// A spectator embed is a tab that never holds the turn.
	spectator_live: polls(playing('live')),
	spectator_relaxed: polls(playing('relaxed')),
	// A player who comes back for their turn and keeps the tab in view this long.
	relaxed_visit_2min: polls(playing('relaxed'), { mine: true, span: minutes(2) }),
	// An embed's game against the computer: every turn is the visitor's (the computers play
	// inside the move's request), one about every 40 s, each move starting the pace again.
	embed_turn_40s: polls(playing('relaxed'), { mine: true, span: 40000 }),
	writes: {
		live_others_turn: seenWrites(playing('live'), { role: always('next') }),
		live_others_turn_far: seenWrites(playing('live'), { role: always('far') }),
		live_your_turn: seenWrites(playing('live'), { role: always('mine') }),
		live_rotation_2: rotation(2),
		live_rotation_4: rotation(4),
		relaxed_visible_first_hour: seenWrites(playing('relaxed'), { role: always('next') }),
		relaxed_hidden: seenWrites(playing('relaxed'), { role: always('next'), hidden: true }),
		relaxed_both_here: seenWrites(
			{ ...playing('relaxed'), others_here: true },
			{ role: always('next') },
		),
		// The visit of a turn: the move 30 s in, then the tab stays in view to its end,
		// the seat then three turns from its next (four friends).
		relaxed_visit_2min: seenWrites(playing('relaxed'), {
			role: at => (at < 30000 ? 'mine' : 'far'),
			span: minutes(2),
			moves: [30000],
		}),
		// The visitor's turn: its move 20 s in records the seat in its own write.
		embed_turn_40s: seenWrites(playing('relaxed'), {
			role: always('mine'),
			span: 40000,
			moves: [20000],
		}),
	},
}
console.log(JSON.stringify(out))
