// A table: polls the view, keeps the rack layout, sends moves, animates and
// announces the others' moves.
import { t, tn } from './i18n/index.js'
import { h, $, $$, toast, modal, closeModal, announce, shareBox, btn } from './ui.js'
import { api, ApiError, onConnection } from './api.js'
import { getAuth, setAuth, uuid, sleep } from './state.js'
import { reconcile, renderRack, place as putTile, locate, slotAt, step } from './rack.js'
import { draggable } from './drag.js'
import { renderFelt, dock, toolbar, legal, nameOf, clock, pileBrowser, discardsOf } from './board.js'
import { resultPanel, matchTable } from './end.js'
import { tileEl, backTile, tileLabel } from './tiles.js'
import { pick, picked, markRack, placeOn } from './okey101.js'

const EV = { draw: 'e_draw', take_discard: 'e_take', discard: 'e_discard', finish: 'e_finish', show_indicator: 'e_show', end_hand: 'e_end', deal: 'e_deal', open: 'e_open', layoff: 'e_layoff' }
// Moves the server judges even when the legal list does not offer them (it says why not).
const FREE = ['finish', 'open', 'lay']
const MOVES = ['draw', 'take_discard', 'discard', 'finish']
// Buttons (data-act) that send a move as it is.
const SIMPLE = { draw: 'draw', take: 'take_discard', show: 'show_indicator', end: 'end_hand', return: 'return_discard' }
const strip = v => JSON.stringify({ ...v, events: 0, events_complete: 0 })
const same = (a, b) => a && b && a.version === b.version && strip(a) === strip(b)

// Polling: ~1 s on an active live table, backing off on asynchronous tables
// and hidden tabs, at once on focus.
function poller(tick, pace) {
	let timer, stopped, running, idle = 0
	async function run() {
		clearTimeout(timer)
		if (stopped || running) return
		running = true
		const changed = await tick().catch(() => false)
		running = false
		idle = changed ? 0 : idle + 1
		if (!stopped) timer = setTimeout(run, pace(idle, document.hidden))
	}
	const wake = () => { if (!document.hidden) { idle = 0; run() } }
	const on = f => ['visibilitychange', 'focus', 'online'].forEach(e => f(e, wake))
	on(addEventListener)
	timer = setTimeout(run, 1000)
	return { stop() { stopped = true; clearTimeout(timer); on(removeEventListener) } }
}

// The delay before the next poll; idle counts polls that brought nothing new.
function paceFor(v, mine, hidden, idle) {
	if (hidden) return 30000
	const live = v?.turn_seconds <= 300
	if (!v || v.status === 'waiting') return 2000
	if (v.phase === 'over') return live ? 3000 : 15000
	if (live) return mine ? 2500 : 1000
	return Math.min(30000, 2000 * 1.6 ** Math.min(idle, 8))
}

export function openTable(mount, id, env) {
	const root = h('.screen')
	mount.replaceChildren(root)
	const auth = env.auth !== undefined ? env.auth : getAuth(id)
	const T = { spectator: !auth, seat: auth?.seat, layouts: {}, cur: [], groups: [] }
	const held = () => T.view?.held_seats || auth?.seats || [], token = auth?.token, L = () => T.layouts[T.seat]
	const is101 = () => T.view?.variant === '101'
	const startId = uuid() // one start per open table: a repeat after a lost answer is not a 409
	const fetchView = (since, etag) => api.view(id, { token, seat: T.spectator ? null : T.seat, since, etag })

	async function tick() {
		const v = !T.busy && !T.closed && (await fetchView(T.view?.version, T.view?.etag))
		if (!v) return false
		if (same(v, T.view)) { Object.defineProperty(T.view, 'etag', { value: v.etag, configurable: true }); return false }
		await apply(v)
		return true
	}

	// A new view: catch up on events, pass a shared device to the seat on turn, re-render.
	async function apply(v, own) {
		const prev = T.view
		if (prev && v.version < prev.version) return
		if (prev && v.version > prev.version && !v.events) v = (await fetchView(prev.version).catch(() => 0)) || v
		if (held().length > 1 && v.turn != null && v.phase !== 'over' && v.turn !== T.seat && held().includes(v.turn)) {
			T.seat = v.turn
			T.covered = true
			T.sel = null
			v = (await fetchView(prev?.version).catch(() => 0)) || v
		}
		T.view = v
		if (auth && !env.embed) { auth.seen = v.version; setAuth(id, auth) }
		if (v.you != null && v.rack) {
			const Lv = T.layouts[v.you] = reconcile(T.layouts[v.you] || v.rack_layout, v.rack, T.prefer)
			if (T.prefer) T.fresh = Lv[T.prefer[0]][T.prefer[1]]
			T.prefer = null
			const keep = g => g.filter(x => v.rack.includes(x))
			if (!v.rack.includes(T.sel)) T.sel = null
			T.cur = keep(T.cur)
			T.groups = T.groups.map(keep).filter(g => g.length)
		}
		if (prev && v.events?.length && !T.covered) await playEvents(v.events.filter(e => e.v > prev.version), prev.pile_count, own)
		if (prev && v.hand !== prev.hand) T.hideResult = false
		render()
	}

	async function fly(from, to, tile) {
		if (!from || !to || document.hidden || matchMedia('(prefers-reduced-motion:reduce)').matches) return
		const a = from.getBoundingClientRect(), b = to.getBoundingClientRect()
		const el = tile == null ? backTile() : tileEl(tile, T.view.okey)
		el.classList.add('flyer')
		document.body.append(el)
		const p = r => `translate(${r.left + (r.width - el.offsetWidth) / 2}px,${r.top + (r.height - el.offsetHeight) / 2}px)`
		try { await el.animate([{ transform: p(a) }, { transform: p(b) }], { duration: T.speed, easing: 'ease-out' }).finished } catch { /* cut short */ }
		el.remove()
	}
	// A hand cut off by the 400-turn limit ends like an empty pile, but says why.
	const eventKey = e => (e.reason === 'turn_limit' ? 'e_turn_limit' : EV[e.type])
	const describe = (e, v) => eventKey(e) && t(eventKey(e), { name: nameOf(v, e.seat), from: nameOf(v, e.source ?? 0), n: (e.hand ?? 0) + 1, tile: e.tile != null ? tileLabel(e.tile, v.okey) : '' }) + (e.auto ? ' ' + t('e_auto') : '')
	async function playEvents(events, pc, own) {
		const v = T.view
		const others = events.filter(e => T.spectator || e.auto || e.type === 'deal' || !held().includes(e.seat))
		const said = others.map(e => describe(e, v)).filter(Boolean)
		if (said.length > 6) { announce(tn('e_many', said.length) + ' ' + said.slice(-3).join(' ')); if (!own) toast(tn('e_many', said.length)) } else if (said.length) announce(said.join(' '))
		const anim = others.filter(e => MOVES.includes(e.type)).slice(-12)
		T.speed = anim.length > 6 ? 170 : 280
		const disc = s => $(`.disc[data-seat="${s}"] .dslot`, root)
		for (const e of anim) {
			if (T.closed || $('.modal')) break
			const who = e.seat === T.seat && !T.spectator ? $('.rack', root) : $(`.opp[data-seat="${e.seat}"]`, root)
			if (e.type === 'draw') { await fly($('.pile', root), who); const c = $('.pc', root); if (c) c.textContent = --pc }
			if (e.type === 'take_discard') { const d = disc(e.source); d?.replaceChildren(); await fly(d, who, e.tile) }
			if (e.type === 'discard') { const d = disc(e.seat); await fly(who, d, e.tile); d?.replaceChildren(tileEl(e.tile, v.okey)) }
			if (e.type === 'finish') await fly(who, $('.mid', root), e.tile)
		}
	}

	async function act(type, tile, prefer, more) {
		const v = T.view
		if (T.busy || !v) return
		if (!legal(v, type) && !(FREE.includes(type) && legal(v, 'discard'))) return toast(t(v.turn === T.seat ? 'not_now' : 'not_your_turn'))
		T.busy = true
		flush?.()
		T.sel = T.hint = null
		if (type === 'discard') {
			const at = locate(L(), tile)
			if (at) L()[at[0]][at[1]] = null
			render()
			$('.mine .dslot', root)?.replaceChildren(tileEl(tile, v.okey))
		} else $('.dock', root)?.replaceWith(dock(T))
		try {
			await saved
			const nv = await api.act(id, token, { type, tile, ...more, expected_version: v.version, action_id: uuid(), seat: T.seat })
			Object.assign(T, { prefer, cur: [], groups: [], busy: false })
			await apply(nv, true)
		} catch (e) {
			T.busy = false
			await fail(e)
		}
	}

	// 409 and network trouble: quietly take the current view. Refusals: the server's message.
	const send = request => request.then(apply, fail)
	async function fail(e) {
		if (e.status === 409 && e.body?.view) return apply(e.body.view)
		if (e instanceof ApiError && (e.status !== 409 || e.code === 'seat_active')) toast(e.message, 'error')
		try { const v = await fetchView(T.view?.version); if (v) return await apply(v) } catch { /* offline */ }
		render()
	}

	// 101: lay a rack tile off on table meld m (or swap it for the okey there).
	function layoff(tile, m, el, x) {
		const a = placeOn(T.view, tile, m, el, x)
		if (a) return act(a.type, tile, null, { meld: m, position: a.position })
		toast(t('not_now'))
		render()
	}

	// A move first sends the pending layout save, which the move would make stale (a 422).
	let saveTimer, saved, flush
	function saveLayout() {
		clearTimeout(saveTimer)
		const seat = T.seat
		saveTimer = setTimeout(flush = () => { flush = clearTimeout(saveTimer); saved = api.rack(id, token, T.layouts[seat], seat).catch(() => {}) }, 700)
	}

	async function arrange(by) {
		try {
			const r = await api.arrangement(id, token, T.seat, by)
			T.layouts[T.seat] = reconcile(r.layout, T.view.rack)
			T.hint = r.discard
			T.sel = null
			if (is101()) { T.cur = []; T.groups = by === 'best' ? r.groups : [] }
			rackOnly()
			saveLayout()
		} catch (e) { toast(e instanceof ApiError ? e.message : t('err_network'), 'error') }
	}

	function render() {
		if (T.closed) return
		if (T.dragging) { T.dirty = true; return }
		const v = T.view, focus = document.activeElement?.closest?.('.rack .tile')?.dataset.id
		if (!v) return root.replaceChildren(h('.loading', t('loading')))
		const hasRack = !T.spectator && v.rack && !T.covered
		const icon = (act, label, text) => h('button.icon', { 'data-act': act, 'aria-label': t(label) }, text)
		root.replaceChildren(h('.table' + (env.embed ? '.compact' : '') + (hasRack ? '' : '.norack'), { id: 'table' },
			h('header.bar', !env.embed && icon('menu', 'menu', '☰'),
				h('span.title', `${t('hand')} ${v.hand + 1} · ${t(is101() ? 'v101' : 'sc_' + v.options.scoring)}`),
				icon('scores', 'match_table', '🏆'), !env.embed && icon('help', 'rules', '?')),
			renderFelt(T),
			hasRack && h('section.rackwrap', toolbar(), h('.rack', { id: 'rack' }))))
		if (hasRack) rackOnly(focus)
		if (v.status === 'waiting') root.append(waitingPanel())
		else if (v.phase === 'over' && !T.hideResult) root.append(h('.overlay', resultPanel(v, endHandlers)))
		if (T.covered) {
			const c = h('button.cover', { id: 'cover', onclick: () => { T.covered = false; render() } },
				h('span.big', backTile(), backTile()), h('strong', t('pass_to', { name: nameOf(v, T.seat) })), h('span', t('tap_continue')))
			root.append(c)
			setTimeout(() => c.focus())
		}
	}

	function rackOnly(focus) {
		const el = $('.rack', root)
		if (!el || !L()) return
		const fin = legal(T.view, 'finish')?.tiles || []
		renderRack(el, L(), { okey: T.view.okey, selected: T.sel, hint: T.hint, fresh: T.fresh, focus: focus == null ? null : +focus, canfin: fin })
		if (is101()) markRack(el, T)
		$('.dock', root)?.replaceWith(dock(T))
		$('.mid', root)?.classList.toggle('ready', fin.includes(T.sel))
		if (focus != null) el.querySelector(`[data-id="${focus}"]`)?.focus()
	}

	const inviteUrl = () => {
		const code = T.view.invite_code || auth?.invite
		return code && new URL(`#/join/${id}/${code}`, location.href.split('#')[0]).href
	}

	function waitingPanel() {
		const v = T.view, url = inviteUrl()
		return h('.overlay', h('section.result', { id: 'waiting' },
			h('h2', t('s_waiting')),
			h('ul.seats', v.players.map(p => h('li', h('span.av', p.kind === 'bot' ? '🤖' : p.name ? [...p.name][0] : '·'), p.name || t('open_seat')))),
			url && h('div', h('p.hint', t('invite_hint')), shareBox(url, t('invite_title'), 'invite-link', true)),
			v.creator ? btn(t('start_now'), e => { e.currentTarget.disabled = true; send(api.start(id, token, startId)) }, 'primary', { id: 'start-now' }) : h('p.hint', t('waiting_host')),
			btn(t('home'), () => env.go('#/'))))
	}

	const endHandlers = {
		next: () => act('next_hand'),
		home: () => env.go('#/'),
		hide: () => { T.hideResult = true; render() },
		again: auth?.cfg && !env.embed && (() => env.create(auth.cfg).catch(e => toast(e.message, 'error'))),
		events: async () => (await fetchView(0)).events || [],
	}

	function menu() {
		const v = T.view, url = inviteUrl()
		const snippet = `<iframe src="${new URL('embed.html?table=' + id, location.href).href}" width="100%" height="420" style="border:0;max-width:720px" title="Okey"></iframe>`
		const quiet = v.creator ? v.players.filter(p => p.kind === 'human' && !held().includes(p.seat)) : []
		const go = to => () => { closeModal(); env.go(to) }
		modal(t('menu'), h('.menu',
			url && [h('h3', t('invite_title')), shareBox(url, t('invite_title'), null, true)],
			h('h3', t('embed_title')), h('p.hint', t('embed_hint')), shareBox(snippet, t('embed_title'), 'embed-snippet'),
			quiet.length > 0 && [h('h3', t('replace_title')), quiet.map(p => btn(t('replace_x', { name: p.name }), () => { closeModal(); send(api.bot(id, token, p.seat)) }, 'small'))],
			h('p', btn(t('rules'), go('#/rules')), ' ', btn(t('home'), go('#/')))))
	}

	root.addEventListener('click', e => {
		const el = e.target.closest('[data-act], .rack .slot'), v = T.view
		if (!el || !v) return
		const a = el.dataset.act, s = +el.dataset.seat
		if (!a) {
			const tile = el.firstChild
			if (tile) { const n = +tile.dataset.id; if (is101()) pick(T, n); else T.sel = T.sel === n ? null : n; T.hint = null; return rackOnly(n) }
			if (T.sel != null) { const n = T.sel; putTile(L(), n, +el.dataset.r, +el.dataset.c); T.sel = null; T.cur = []; rackOnly(n); saveLayout() }
			return
		}
		const selIs = type => T.sel != null && legal(v, type)
		if (SIMPLE[a]) act(SIMPLE[a])
		else if (a === 'discard' || (a === 'discard-here' && selIs('discard'))) T.sel != null && act('discard', T.sel)
		else if (a === 'finish' || (a === 'finish-here' && selIs('discard'))) T.sel != null && act('finish', T.sel)
		else if (a === 'browse' || a === 'discard-here') modal(discardsOf(v, s, s === T.seat && !T.spectator), pileBrowser(v, s))
		else if (a === 'sort') arrange(el.dataset.by)
		else if (a === 'menu') menu()
		else if (a === 'scores') modal(t('match_table'), matchTable(v))
		else if (a === 'help') env.go('#/rules')
		else if (a === 'result') { T.hideResult = false; render() }
		else if (a === 'meld') layoff(T.sel, +el.dataset.meld, e.target, e.clientX)
		else if (a === 'group' || a === 'clear') { T.groups = a === 'group' ? [...T.groups, T.cur] : []; T.cur = []; T.sel = null; rackOnly() }
		else if (a === 'open-hint') act('open', null, null, legal(v, 'open'))
		else if (a === 'open' || a === 'lay') act(a, null, null, picked(T).move)
	})

	// Arrows move focus, or the picked-up tile; Enter/Space picks up; D discards, F finishes.
	root.addEventListener('keydown', e => {
		const tile = e.target.closest?.('.rack .tile')
		if (!tile) return
		const n = +tile.dataset.id, k = e.key.toLowerCase()
		if (k === 'escape') { T.sel = null; return rackOnly(n) }
		if (k === 'd' || k === 'delete' || k === 'f') { e.preventDefault(); return act(k === 'f' ? 'finish' : 'discard', n) }
		const moving = T.sel === n, to = e.key.startsWith('Arrow') && step(L(), locate(L(), n), e.key, moving)
		if (!to) return
		e.preventDefault()
		if (moving) { putTile(L(), n, to[0], to[1]); saveLayout() }
		rackOnly(moving ? n : L()[to[0]][to[1]])
	})

	let over = null
	const mark = el => { if (over !== el) { over?.classList.remove('over'); over = el; el?.classList.add('over') } }
	const target = (x, y) => {
		const rack = $('.rack', root)
		return { drop: document.elementFromPoint(x, y)?.closest('[data-drop]'), slot: rack && slotAt(rack, x, y), rack }
	}
	const done = () => { T.dirty ? render() : rackOnly(); T.dirty = false }
	draggable(root, '.rack .tile, [data-src]', {
		start(el) {
			if (T.busy || T.covered) return null
			T.dragging = true
			if (el.dataset.src) return { src: el.dataset.src }
			const n = T.sel = +el.dataset.id
			el.classList.add('sel')
			$('.mid', root)?.classList.toggle('ready', !!legal(T.view, 'finish')?.tiles?.includes(n))
			$('.mine', root)?.classList.toggle('ready', !!legal(T.view, 'discard'))
			return { id: n }
		},
		move(x, y, d) {
			const { drop, slot, rack } = target(x, y)
			mark(d.src ? slot && rack : drop || (slot && rack.children[slot[0]].children[slot[1]]))
		},
		end(x, y, d) {
			mark(null)
			T.dragging = false
			$('.mine', root)?.classList.remove('ready')
			const { drop, slot } = x == null ? {} : target(x, y)
			const kind = drop?.dataset.drop
			T.sel = null
			if (d.src) { if (slot) { T.dirty = false; return act(d.src === 'pile' ? 'draw' : 'take_discard', null, slot) } return done() }
			if (kind === 'meld') { T.dirty = false; return layoff(d.id, +drop.dataset.meld, document.elementFromPoint(x, y), x) }
			if (kind && legal(T.view, 'discard')) { T.dirty = false; return act(kind, d.id) }
			if (slot) { putTile(L(), d.id, slot[0], slot[1]); saveLayout() }
			done()
		},
	})

	// While a request waits to be tried again, a line says so; the next answer clears it.
	const reconnecting = h('p.toast.reconnecting', { id: 'reconnecting', role: 'status' }, t('reconnecting'))
	onConnection(ok => {
		if (ok) reconnecting.remove()
		else mount.append(reconnecting)
	})

	const clockTimer = setInterval(() => { for (const c of $$('[data-clock]', root)) c.textContent = clock(T.view) }, 1000)
	let poll;
	(async () => {
		render()
		try {
			let v = await fetchView(auth?.seen)
			const hot = (v.held_seats || []).length > 1 && v.turn != null && v.phase !== 'over'
			if (hot) {
				T.covered = true
				if (v.turn !== T.seat) { T.seat = v.turn; v = await fetchView() }
			}
			const events = (T.view = v).events || []
			if (v.you != null && v.rack) T.layouts[v.you] = reconcile(v.rack_layout, v.rack)
			render()
			performance.mark('istaka-ready')
			if (events.length && auth?.seen != null && !T.covered) {
				await sleep(300)
				await playEvents(events.filter(e => e.v > auth.seen), v.pile_count + events.filter(e => e.type === 'draw').length)
				render()
			}
		} catch (e) {
			root.replaceChildren(h('.loading', h('p', e.status === 404 ? t('err_notable') : e.message), btn(t('home'), () => env.go('#/'))))
			if (e instanceof ApiError) return
		}
		poll = poller(tick, (idle, hidden) => paceFor(T.view, T.view?.turn === T.seat, hidden, idle))
	})()

	return () => {
		T.closed = true
		poll?.stop()
		clearInterval(clockTimer)
		flush?.()
		onConnection(() => {})
		reconnecting.remove()
	}
}
