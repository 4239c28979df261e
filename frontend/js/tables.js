// "Your tables" on the home screen: each table this device holds a seat at, whose turn it
// is (yours first), the time left and the last move, all from one POST /api/tables/status.
// Loaded only when the device holds a table, so a first visit never pays for it.
import { t, getLang } from './i18n/index.js'
import { h, btn } from './ui.js'
import { api } from './api.js'
import { timeLeft as secondsLeft, ago } from './when.js'
import { recent, getAuth, forget } from './storage.js'

const REFRESH_MS = 60000 // a new status read while the home screen is in view
const TICK_MS = 10000 // "45 s left" and "3 min ago" move on between reads

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
	return mine ? t('st_your_turn') : t('st_their_turn', { name: entry.turn_name })
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

function detail(entry, now) {
	const bits = []
	if (entry.variant === '101') bits.push(t('v101'))
	if (entry.status === 'playing' && entry.turn != null && entry.deadline)
		bits.push(timeLeft(entry.deadline, now))
	if (entry.last_move) bits.push(t('last_move', { when: ago(entry.last_move, now) }))
	return bits.join(' · ')
}

function row(entry, now, onForget) {
	const id = entry.table_id
	if (entry.error) {
		const when = recent().find(r => r.id === id)?.at
		return h(
			'li.gone',
			{ 'data-table': id },
			h(
				'span',
				h('strong', when ? new Date(when).toLocaleString(getLang()) : id),
				h('small.state', stateLabel(entry)),
			),
			btn(t('forget'), () => onForget(id), 'small'),
		)
	}
	const names = entry.players.filter(p => p.name).map(p => p.name)
	return h(
		'li' + (entry.your_turn ? '.mine' : ''),
		{ 'data-table': id },
		h(
			'a',
			{ href: '#/t/' + id },
			h('strong', names.join(', ')),
			h('span.state', stateLabel(entry)),
			h('small', detail(entry, now)),
		),
	)
}

// Fills `card` (section > h2) with the list, and keeps it up to date while it is shown.
export function showYourTables(card) {
	const list = h('ul.yours')
	const note = h('p.hint', t('loading'))
	card.append(list, note)
	let answer = null // the last status answer, and when it came (this device's clock)
	let received = 0
	const onForget = id => {
		forget(id)
		if (answer) answer.tables = answer.tables.filter(e => e.table_id !== id)
		draw()
	}
	// Before the first answer, or without one: the tables as links, by when opened here.
	const plain = r =>
		h('li', h('a', { href: '#/t/' + r.id }, new Date(r.at).toLocaleString(getLang())))
	const draw = () => {
		const held = recent()
		if (!held.length) return card.remove()
		if (!answer) return list.replaceChildren(...held.map(plain))
		const now = answer.now + Date.now() - received
		list.replaceChildren(...order(answer.tables).map(e => row(e, now, onForget)))
		setBadge(waitingForYou(answer.tables))
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
