// Play with anyone (api/lobby): one tap seats the device's player at an open table with the
// choices made last time; a sheet changes them; #/lobby lists the open tables, Join in one
// tap. Loaded on first use, so the home page's first download stays as it was.
import { t, tn, getLang, more, madeName } from '../i18n/index.js'
import { h, btn, toast, modal, closeModal } from '../ui.js'
import { call, query } from '../api.js'
import { useStyle } from '../style.js'
import { prefs, savePrefs, setAuth, uuid } from '../storage.js'

// The lobby's requests (api/lobby): a Play now carries a request_id, so it is safe to repeat.
export const lobbyApi = {
	playNow: (body, player) => call('POST', 'lobby/play', { body, player, retry: true }),
	list: filters => call('GET', `lobby?${query(filters)}`, { retry: true }),
	join: (id, player) => call('POST', `tables/${id}/join`, { body: {}, player, retry: true }),
	block: (token, table_id, seat) =>
		call('POST', 'players/me/blocks', { body: { table_id, seat }, token }),
	report: (id, token, seat, reason) =>
		call('POST', `tables/${id}/reports`, { body: { seat, reason }, token }),
}

const CHOICES = { variants: ['classic', '101'], paces: ['live', 'relaxed'], seats: [2, 3, 4] }
const DEFAULTS = { variants: ['classic'], paces: ['live'], seats: [4] }
const LABEL = {
	variants: v => t(v === '101' ? 'v101' : 'classic'),
	paces: p => t('pace_' + p),
	seats: n => tn('lb_seats', n),
}

export const choices = () => ({ ...DEFAULTS, ...prefs.anyone })

// The device's player (made on a first visit): an open table needs one.
async function myPlayer() {
	const { playerSoon } = await import('../player-model.js')
	const me = await playerSoon(getLang())
	if (!me) throw new Error(t('err_network'))
	return me.token
}

function sit(answer, go) {
	setAuth(answer.table_id, {
		token: answer.token,
		seat: answer.seat,
		seats: [answer.seat],
		mode: 'open',
	})
	go('#/t/' + answer.table_id)
}

// One tap: a seat with the last choices. A lost answer is asked again with the same id,
// which the server answers with the same seat.
export async function playNow(go) {
	const player = await myPlayer()
	sit(await lobbyApi.playNow({ ...choices(), request_id: uuid() }, player), go)
}

// The sheet: which variants, paces and table sizes a Play now accepts (at least one each).
export async function chooseSheet(onDone) {
	await more()
	const picked = choices()
	const group = key =>
		h(
			'.chips',
			{ role: 'group', 'aria-label': t('lb_' + key) },
			CHOICES[key].map(value =>
				h(
					'button.chip',
					{
						id: `any-${key}-${value}`,
						'aria-pressed': String(picked[key].includes(value)),
						onclick: e => {
							const on = picked[key].includes(value)
							if (on && picked[key].length === 1) return // one stays chosen
							picked[key] = on ? picked[key].filter(v => v !== value) : [...picked[key], value]
							e.currentTarget.setAttribute('aria-pressed', String(!on))
						},
					},
					LABEL[key](value),
				),
			),
		)
	const save = () => {
		prefs.anyone = picked
		savePrefs()
		closeModal()
		onDone?.()
	}
	modal(
		t('lb_choose'),
		h(
			'.lobby-choices',
			...['variants', 'paces', 'seats'].flatMap(key => [h('h3', t('lb_' + key)), group(key)]),
			btn(t('lb_save'), save, 'primary', { id: 'any-save' }),
		),
	)
}

// What the choices are, in words: "Classic · Live · 4 players".
export const choicesLine = c =>
	['variants', 'paces', 'seats'].map(key => c[key].map(LABEL[key]).join('/')).join(' · ')

// #/lobby: the open tables, filtered by the choices, newest first, Join in one tap.
export async function renderLobby(app, go) {
	await Promise.all([more(), useStyle('lobby')])
	const list = h('ul.lobby-list', { id: 'lobby-list', 'aria-live': 'polite' })
	const refresh = async () => {
		const c = choices()
		const one = key => (c[key].length === 1 ? c[key][0] : undefined)
		try {
			const { tables } = await lobbyApi.list({
				variant: one('variants'),
				pace: one('paces'),
				seats: one('seats'),
			})
			list.replaceChildren(...(tables.length ? tables.map(row) : [h('li.hint', t('lb_none'))]))
		} catch (e) {
			toast(e.message || t('err_network'), 'error')
		}
	}
	const join = id => async e => {
		e.currentTarget.disabled = true
		try {
			sit(await lobbyApi.join(id, await myPlayer()), go)
		} catch (err) {
			toast(err.message || t('err_network'), 'error')
			refresh()
		}
	}
	const row = r =>
		h(
			'li.lobby-row',
			h(
				'.what',
				h('strong', `${LABEL.variants(r.variant)} · ${LABEL.paces(r.pace)}`),
				h('span', t('lb_taken', { n: r.taken, of: r.seats })),
				h(
					'span.names',
					r.players
						.map(
							p =>
								madeName(p) +
								(p.reliability?.of ? ` ${p.reliability.finished}/${p.reliability.of}` : ''),
						)
						.join(', '),
				),
			),
			btn(t('join_title'), join(r.table_id), 'primary', { 'data-table': r.table_id }),
		)
	app.replaceChildren(
		h(
			'.home',
			h(
				'section.card.main',
				h('h1', t('lb_title')),
				h('p.hint', choicesLine(choices())),
				h(
					'.row2',
					btn(t('lb_choose'), () => chooseSheet(() => renderLobby(app, go)), '', {
						id: 'lobby-choose',
					}),
					btn(t('lb_refresh'), refresh, '', { id: 'lobby-refresh' }),
				),
				list,
				btn(t('lb_play'), () => playNow(go).catch(e => toast(e.message, 'error')), 'primary big', {
					id: 'lobby-play',
				}),
				h('a.btn', { href: '#/' }, t('home')),
			),
		),
	)
	performance.mark('istaka-ready')
	await refresh()
}
