// "Your tables" on the home screen: each table this device holds a seat at, whose turn it
// is (yours first), the time left and the last move, all from one POST /api/tables/status.
// Loaded only when the device holds a table, so a first visit never pays for it.
import { t, tn, getLang, more, seatName } from '../i18n/index.js'
import { h, btn, toast } from '../ui.js'
import { api } from '../api.js'
import { timeLeft as secondsLeft, ago } from '../when.js'
import { recent, getAuth, forget, unforget, uuid } from '../storage.js'
import { useStyle } from '../style.js'

const REFRESH_MS = 60000 // a new status read while the home screen is in view
const TICK_MS = 10000 // "45 s left" and "3 min ago" move on between reads
const UNDO_MS = 8000 // a removed table's Undo stays this long

// The time left before `deadline`, seen at `now` (both epoch ms).
export function timeLeft(deadline, now) {
	return secondsLeft((deadline - now) / 1000)
}

// What a table waits for, in a few words.
export function stateLabel(entry) {
	const { error, status, turn, your_turn: mine } = entry
	if (error)
		return t({ table_not_found: 'st_gone', unauthorized: 'st_bad_token' }[error.code] || 'st_error')
	if (status === 'waiting') return t('st_waiting')
	if (status === 'finished') return t('st_finished')
	if (turn == null) return t('st_hand_over')
	const player = entry.players?.find(p => p.seat === turn)
	const name = player ? seatName(player, turn) : entry.turn_name
	return mine ? t('st_your_turn') : t('st_their_turn', { name })
}

// Tables waiting for you first, the closest deadline first among them; then the others,
// the last moved first; the ones that cannot be shown last.
export function order(entries) {
	const rank = e => (e.error ? 2 : e.your_turn ? 0 : 1)
	const due = e => e.deadline ?? Infinity
	return [...entries].sort(
		(a, b) =>
			rank(a) - rank(b) ||
			(rank(a) === 0 && due(a) - due(b)) ||
			(b.last_move ?? 0) - (a.last_move ?? 0),
	)
}

export const waitingForYou = entries => entries.filter(e => !e.error && e.your_turn).length

// The app's icon counts the tables waiting for you, where the browser can (installed apps).
function setBadge(n) {
	const nav = navigator
	if (!nav.setAppBadge) return
	;(n ? nav.setAppBadge(n) : nav.clearAppBadge()).catch(() => {})
}

// What tells a table from the others like it: the game, the computers' level, the seats.
export function kindOf(entry) {
	const levels = [...new Set(entry.players.filter(p => p.kind === 'bot').map(p => p.level))]
	return [
		t(entry.variant === '101' ? 'v101' : 'classic'),
		levels.length === 1 && levels[0] && t('lvl_' + levels[0]),
		t('yt_seats', { n: entry.players.length }),
	]
		.filter(Boolean)
		.join(' · ')
}

// Its time: the clock of a kind that shows one (friends: a turn waits on someone away),
// then the last move, or when it was opened here (`at`) before any.
export function detail(entry, now, at) {
	const bits = []
	const clock = entry.flags?.shows_clock && entry.status === 'playing' && entry.turn != null
	if (clock && entry.deadline) bits.push(timeLeft(entry.deadline, now))
	if (entry.last_move) bits.push(t('last_move', { when: ago(entry.last_move, now) }))
	else if (at) bits.push(t('yt_opened', { when: ago(at, now) }))
	return bits.join(' · ')
}

// ✕ takes a table off this device's list (with Undo, onRemove's).
const remover = (id, label, onRemove) =>
	h(
		'button.x',
		{ type: 'button', 'aria-label': t('yt_remove', { table: label }), onclick: () => onRemove(id) },
		'✕',
	)

function row(entry, now, onRemove) {
	const id = entry.table_id
	const at = recent().find(r => r.id === id)?.at
	if (entry.error) {
		const when = at ? new Date(at).toLocaleString(getLang()) : id
		return h(
			'li.gone',
			{ 'data-table': id },
			h('span', h('strong', when), h('small.state', stateLabel(entry))),
			remover(id, when, onRemove),
		)
	}
	const title = rowTitle(entry)
	return h(
		'li' + (entry.your_turn ? '.mine' : ''),
		{ 'data-table': id },
		h(
			'a',
			{ href: '#/t/' + id },
			h('strong', title),
			h('span.state', stateLabel(entry)),
			h('small.kind', kindOf(entry)),
			h('small.when', detail(entry, now, at)),
		),
		remover(id, title, onRemove),
	)
}

// A row's title names the people, not the computers: the others at the table ("Ayla,
// Mehmet · 1 computer"), every name at a pass-and-play table, or "Against 3 computers".
export function rowTitle(entry) {
	const held = entry.held_seats || []
	const humans = entry.players.filter(p => p.kind === 'human' && p.name)
	const bots = entry.players.filter(p => p.kind === 'bot').length
	const others = humans.filter(p => !held.includes(p.seat)).map(p => seatName(p, p.seat))
	const computers = bots ? tn('yt_computers', bots) : ''
	if (others.length) return [others.join(', '), computers].filter(Boolean).join(' · ')
	if (humans.length > 1) return humans.map(p => seatName(p, p.seat)).join(', ')
	return bots ? tn('yt_vs_computers', bots) : t('yt_alone')
}

const DAY_MS = 86400000
export const ABANDONED_MS = DAY_MS // a computer game nobody moved in for a day
export const EXPIRE_MS = 7 * DAY_MS // a finished table leaves the list a week after its last move

// Over: a finished match, or a computer game left alone for a day.
export function isFinished(entry, now) {
	if (entry.error) return false
	if (entry.status === 'finished' || entry.match_over) return true
	return (
		entry.flags?.ends_when_left && entry.last_move != null && now - entry.last_move > ABANDONED_MS
	)
}

export const expired = (entry, now) =>
	isFinished(entry, now) && now - (entry.last_move ?? 0) > EXPIRE_MS

// Another person asked for a rematch at a table of ours, and this device is not at the next
// table yet: { entry, name }. `holds(id)`: whether this device holds a seat at table `id`.
export function rematchOffers(entries, holds) {
	return entries
		.filter(e => !e.error && e.rematch?.table_id && !holds(e.rematch.table_id))
		.filter(e => !(e.held_seats || []).includes(e.rematch.by))
		.map(e => ({ entry: e, name: e.rematch.by_name || nameOfSeat(e, e.rematch.by) }))
}
const nameOfSeat = (entry, seat) =>
	seatName(
		entry.players.find(p => p.seat === seat),
		seat,
	)

// The offer's own row: who asks, at which game, and Join (takes this device's seat there).
function offerRow({ entry, name }) {
	const join = btn(
		t('rm_join'),
		async () => {
			join.disabled = true
			try {
				const { takeRematch } = await import('../table/rematch.js')
				location.hash =
					'#/t/' + (await takeRematch(entry.table_id, getAuth(entry.table_id), uuid()))
			} catch (e) {
				toast(e.message || t('err_network'), 'error')
				join.disabled = false
			}
		},
		'small primary',
	)
	return h(
		'li.offer',
		{ 'data-rematch': entry.rematch.table_id },
		h('span', h('strong', t('rm_offer', { name })), h('small', kindOf(entry))),
		join,
	)
}

// Fills `card` (section > h2) with the list, and keeps it up to date while it is shown.
// Finished tables fold under "Finished", and leave the list (and this device) a week on.
export async function showYourTables(card) {
	const list = h('ul.yours')
	const done = h('ul.yours')
	const folded = h('details.finished', { id: 'finished-tables', hidden: true }, h('summary'), done)
	const note = h('p.hint', t('loading'))
	const undoLine = h('p.undo', { id: 'table-removed', role: 'status', hidden: true })
	await Promise.all([more(), useStyle('social')])
	card.append(list, folded, undoLine, note)
	let answer = null // the last status answer, and when it came (this device's clock)
	let received = 0
	let undoTimer = 0
	// Off the list and this device at once; Undo, for a while, puts the seat back.
	const onRemove = id => {
		const kept = forget(id)
		const entry = answer?.tables.find(e => e.table_id === id)
		if (answer) answer.tables = answer.tables.filter(e => e.table_id !== id)
		const undo = btn(
			t('yt_undo'),
			() => {
				unforget(kept)
				if (answer && entry) answer.tables.push(entry)
				hideUndo()
				draw()
			},
			'small',
		)
		undo.id = 'undo-remove'
		undoLine.replaceChildren(h('span', t('yt_removed')), undo)
		undoLine.hidden = false
		clearTimeout(undoTimer)
		undoTimer = setTimeout(hideUndo, UNDO_MS)
		draw()
	}
	const hideUndo = () => {
		clearTimeout(undoTimer)
		undoLine.hidden = true
		undoLine.replaceChildren()
	}
	// Before the first answer, or without one: the tables as links, by when opened here.
	const plain = r =>
		h('li', h('a', { href: '#/t/' + r.id }, new Date(r.at).toLocaleString(getLang())))
	const draw = () => {
		const held = recent()
		if (!held.length) return card.remove()
		if (!answer) return list.replaceChildren(...held.map(plain))
		const now = answer.now + Date.now() - received
		for (const e of answer.tables.filter(e => expired(e, now))) forget(e.table_id)
		answer.tables = answer.tables.filter(e => !expired(e, now))
		const ordered = order(answer.tables)
		const over = ordered.filter(e => isFinished(e, now))
		const offers = rematchOffers(answer.tables, id => !!getAuth(id)).map(offerRow)
		const rows = ordered.filter(e => !isFinished(e, now)).map(e => row(e, now, onRemove))
		list.replaceChildren(...offers, ...rows)
		done.replaceChildren(...over.map(e => row(e, now, onRemove)))
		folded.hidden = !over.length
		folded.firstChild.textContent = t('yt_finished', { n: over.length })
		setBadge(waitingForYou(answer.tables.filter(e => !isFinished(e, now))))
	}
	const refresh = async () => {
		const held = recent()
		try {
			answer = await api.statuses(held.map(r => ({ table_id: r.id, token: getAuth(r.id).token })))
			received = Date.now()
			note.textContent = ''
		} catch {
			note.textContent = t('status_failed')
		}
		draw()
	}
	draw()
	refresh()
	// While the card is shown: a read a minute while the page is in view, and at once when it
	// comes back; the labels move on between reads.
	let last = Date.now()
	const timer = setInterval(() => {
		if (!card.isConnected) return stop()
		if (document.hidden) return
		if (Date.now() - last >= REFRESH_MS) {
			last = Date.now()
			refresh()
		} else draw()
	}, TICK_MS)
	const back = () => {
		if (!card.isConnected) return stop()
		if (!document.hidden) {
			last = Date.now()
			refresh()
		}
	}
	const stop = () => {
		clearInterval(timer)
		removeEventListener('visibilitychange', back)
	}
	addEventListener('visibilitychange', back)
}

export { ago }
