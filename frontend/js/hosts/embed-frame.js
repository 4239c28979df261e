// The page inside an embed (embed.html; docs/EMBED.md): which game the frame shows, the
// visitor's seat kept in the frame's own storage, and the messages to the host page.
// Loaded only by embed.html, so the app never downloads it.
//
//   embed.html?play=computer[&variant=classic|101][&level=…][&seats=2..4]  a game of its own
//   embed.html?table=ID                   watch a table
//   embed.html?table=ID&invite=CODE       watch it, and take an open seat
//   &lang=en|tr|ko  &theme=classic|candy  (any mode); &slot=N (embed.js: its place on the page)
//
// The seat's token stays inside the frame: in its storage (storage.js falls back to memory
// where the browser blocks a third-party frame's storage) and in the "Open in Istaka"
// link's fragment, which goes to Istaka's own origin. No message to the host carries it.
import { setLang, guessLang, getLang, t, more } from '../i18n/index.js'
import { api } from '../api.js'
import { load, save, getAuth, setAuth, uuid } from '../storage.js'
import { h, toast } from '../ui.js'

const LEVELS = ['gentle', 'easy', 'normal', 'hard']
const VARIANTS = ['classic', '101']
const THEMES = ['classic', 'candy']

// The frame's address, checked: anything unknown falls back to the default.
export function settings(query) {
	const pick = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback)
	const seats = Math.round(Number(query.get('seats')))
	return {
		play: query.get('play') === 'computer',
		variant: pick(query.get('variant'), VARIANTS, 'classic'),
		level: pick(query.get('level'), LEVELS, 'easy'),
		seats: seats >= 2 && seats <= 4 ? seats : 4,
		table: query.get('table'),
		invite: query.get('invite'),
		lang: query.get('lang'),
		theme: pick(query.get('theme'), THEMES, 'classic'),
		slot: Math.max(0, Math.round(Number(query.get('slot'))) || 0),
	}
}

// Messages to the host page: { source: 'istaka', type, ...fields }. To any origin, since
// any site may embed the game; so they carry nothing private (no token, no tile).
export function post(type, fields = {}) {
	if (parent !== window) parent.postMessage({ source: 'istaka', type, ...fields }, '*')
}

const onTurn = v =>
	v.status === 'playing' && v.phase !== 'over' && (v.held_seats || []).includes(v.turn)
const canDraw = v => (v.legal || []).some(a => a.type === 'draw' || a.type === 'take_discard')

// The messages a new view calls for, given the one before it (null: the first).
export function messagesFor(view, prev) {
	const out = []
	if (!prev) out.push(['ready', { table_id: view.table_id }])
	const newHand = !prev || prev.hand !== view.hand
	const turnBegins = !prev || !onTurn(prev) || newHand || (canDraw(view) && !canDraw(prev))
	if (onTurn(view) && turnBegins) out.push(['your_turn', { table_id: view.table_id }])
	const over = v => v.phase === 'over'
	if (over(view) && (newHand || !over(prev))) {
		const winner = view.variant === '101' ? view.finisher : view.result?.winner
		out.push(['hand_over', { table_id: view.table_id, hand: view.hand, winner: winner ?? null }])
	}
	if (view.match_over && (!prev || !prev.match_over))
		out.push(['match_over', { table_id: view.table_id, result: matchResult(view) }])
	return out
}

// A match's result for the host: seats, names and totals, never a tile.
function matchResult(v) {
	const you = (v.held_seats || [])[0] ?? null
	const winners = v.match_winners || []
	return {
		winners,
		names: v.players.map(p => p.name),
		scores: v.scores || v.seats.map(s => s.score ?? s.total ?? null),
		you,
		won: you != null && winners.includes(you),
	}
}

// The height the frame asks for: its content, or an open dialog's when that is taller (a
// dialog is fixed to the frame, so the page's own height leaves it out).
function neededHeight() {
	let height = document.body.getBoundingClientRect().height
	for (const panel of document.querySelectorAll('.overlay > *'))
		height = Math.max(height, panel.scrollHeight + 24) // the overlay's padding
	for (const sheet of document.querySelectorAll('.modal .sheet'))
		height = Math.max(height, sheet.scrollHeight / 0.88) // its max-height: 88dvh
	return Math.ceil(height)
}

// Through a hand the frame keeps the tallest height it has asked for: the table is stretched
// to it (--embed-hold, embed.css), so a turn with fewer lines (no move buttons, a status on
// one line) does not shrink the frame and move the host page under a finger; the result may
// still grow it. A new hand lets go. `key`: the hand on the table (onView), null before.
const hold = { key: null, table: 0 }
function holdFor(view) {
	const key = view.status === 'waiting' ? null : `${view.table_id}:${view.hand}`
	if (key === hold.key) return
	hold.key = key
	hold.table = 0
	document.body.style.removeProperty('--embed-hold')
}
function holdTable() {
	const table = hold.key && document.querySelector('.embed-screen .table')
	const height = table ? Math.ceil(table.getBoundingClientRect().height) : 0
	if (height <= hold.table) return
	hold.table = height
	document.body.style.setProperty('--embed-hold', height + 'px')
}

// A resize message whenever that height changes. Measured after each change to the page
// in a microtask: an iframe out of view gets no animation frames.
function watchHeight() {
	let last = 0
	let queued = false
	const measure = () => {
		queued = false
		holdTable()
		const height = neededHeight()
		if (height !== last) post('resize', { height: (last = height) })
	}
	const soon = () => {
		if (!queued) queueMicrotask(measure)
		queued = true
	}
	new ResizeObserver(soon).observe(document.body)
	new MutationObserver(soon).observe(document.body, { childList: true, subtree: true })
	addEventListener('load', soon)
	measure()
}

function setTheme(name) {
	document.body.dataset.theme = THEMES.includes(name) ? name : 'classic'
}

// The waiting room's "Take a seat" (render.js asks, input.js's ON_ACT calls takeSeat).
function offerSeat(v, state) {
	if (!state.spectator || !v.players.some(p => p.kind === 'open')) return null
	return h('button.btn.primary', { id: 'take-seat', 'data-act': 'take-seat' }, t('take_seat'))
}

const appUrl = route => new URL('./' + route, location.href).href
const openInApp = route => window.open(appUrl(route), '_blank', 'noopener')

// The frame's one game at a time; show() replaces it (play again, a seat taken, a language).
export async function startEmbed(mount, query) {
	const s = settings(query)
	await setLang(s.lang || guessLang())
	await more()
	setTheme(s.theme)
	const screen = h('.embed-screen')
	const brand = h(
		'a.embed-brand',
		{ target: '_blank', rel: 'noopener', href: appUrl('') },
		'Istaka',
	)
	mount.replaceChildren(screen, h('p.embed-foot', brand))
	let leave = null
	let current = null // { id, auth }
	let join = null // one request_id per visit: a repeated tap gets the same seat

	async function show(id, auth) {
		leave?.()
		current = { id, auth }
		// Reactions are for the players: hidden from a visitor who holds no seat (docs/EMBED.md).
		document.body.classList.toggle('no-reactions', !auth)
		brand.href = appUrl(s.play ? '' : '#/t/' + id)
		const { openTable } = await import('../table/index.js')
		let prev = null
		leave = openTable(screen, id, {
			embed: true,
			auth,
			go: to => typeof to === 'string' && openInApp(to),
			create: s.play && auth ? () => newGame().then(show2) : undefined,
			gone: s.play ? () => newGame().then(show2) : undefined,
			seatOffer: (v, state) => !auth && s.invite && offerSeat(v, state),
			takeSeat,
			openApp,
			onView: ({ view }) => {
				holdFor(view)
				for (const [type, fields] of messagesFor(view, prev)) post(type, fields)
				prev = view
			},
		})
	}
	const show2 = id => show(id, getAuth(id))

	// A game against the computer, remembered under its settings: a reload continues it.
	// The slot tells two games of the same settings on one page apart (embed.js numbers them).
	const gameKey = `istaka.embed.${s.variant}.${s.seats}.${s.level}.${s.slot}`
	async function newGame() {
		const name = t('guest_name', { n: 1 })
		const bots = Array(s.seats - 1).fill({ kind: 'bot', level: s.level })
		// One hand is the whole match, so a visit ends with a result (and Play again).
		const options = s.variant === '101' ? { hands: 1 } : { scoring: 'points', hands: 1 }
		const cfg = {
			mode: 'computer',
			variant: s.variant,
			options: { seats: s.seats, ...options },
			turn_seconds: 86400,
			seats: [{ kind: 'human', name }, ...bots],
		}
		const created = await api.create({ name, ...cfg })
		const { table_id: id, token, seat, seats } = created
		setAuth(id, { token, seat, seats, mode: 'embed', cfg })
		save(gameKey, id)
		return id
	}

	async function takeSeat(button) {
		button.disabled = true
		join ??= uuid()
		try {
			const r = await api.join(current.id, s.invite, undefined, join, getLang())
			setAuth(current.id, { token: r.token, seat: r.seat, seats: [r.seat], mode: 'embed' })
			show2(current.id)
		} catch (e) {
			button.disabled = false
			toast(e.message || t('err_network'), 'error')
		}
	}

	// The seat in the full app, through a device link (app.js claimSeat): its token is in
	// the fragment of an Istaka address, which neither the host nor a server sees.
	function openApp(ctx) {
		const seat = ctx.auth.seat ?? 0
		openInApp(`#/seat/${ctx.id}/${seat}/${ctx.token}`)
	}

	addEventListener('message', async e => {
		const data = e.data
		if (e.source !== parent || data?.source !== 'istaka-host') return
		if (data.type === 'theme') setTheme(data.theme)
		if (data.type === 'lang' && data.lang !== getLang()) {
			await setLang(data.lang)
			await more()
			if (current) show(current.id, current.auth)
		}
	})
	watchHeight()

	try {
		if (s.play) {
			const kept = load(gameKey, null)
			show2(kept && getAuth(kept) ? kept : await newGame())
		} else if (s.table) {
			// A seat given in the fragment (#token=…&seat=N, the old embed) or one taken here.
			const f = new URLSearchParams(location.hash.slice(1))
			const token = f.get('token')
			const seat = +f.get('seat') || 0
			const given = token && { token, seat, seats: [seat], mode: 'embed' }
			show(s.table, given || (s.invite ? getAuth(s.table) : null))
		} else screen.textContent = t('err_notable')
	} catch (e) {
		screen.replaceChildren(h('p.loading', e.message || t('err_network')))
	}
}
