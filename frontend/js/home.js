// Home: one tap to play the computer, friends, pass-and-play, join, options.
import { t, LANGS, getLang } from './i18n/index.js'
import { h, btn, toast } from './ui.js'
import { api } from './api.js'
import { prefs, savePrefs, setAuth, recent, getAuth } from './state.js'
import { faceTile } from './tiles.js'

// Each variant's options with their defaults (docs/API.md); prefs.options keeps the choices of both.
const DEFAULTS = {
	classic: { seats: 4, scoring: 'countdown', start_points: 20, hands: 1, target: null, run_13_1: true, pairs_finish: true, indicator_bonus: true, traditional_deal: false, partners: false },
	101: { seats: 4, hands: 5, opening_rule: 'sum101', pairs_opening: true, okey_swap: true, discard_must_be_used: true, burn_full_sets: false, penalties: true, partners: false },
}
const TURNS = [30, 60, 120, 600, 3600, 43200, 86400, 259200], LEVELS = ['easy', 'normal', 'hard']
const variant = () => (prefs.variant === '101' ? '101' : 'classic')
// The chosen variant's options only; partners need four seats.
function options(seats) {
	const o = { ...DEFAULTS[variant()] }
	for (const k in o) if (k in prefs.options) o[k] = prefs.options[k];
	if (seats) o.seats = seats
	if (o.seats !== 4) o.partners = false
	return o
}
const myName = () => prefs.name.trim() || t('you')
const turnLabel = s => (s < 60 ? t('sec', { n: s }) : s < 3600 ? t('min', { n: s / 60 }) : s < 86400 ? t('hours', { n: s / 3600 }) : t('days', { n: s / 86400 }))
// A labelled <select> of values (fmt gives each one's text); change gets the chosen value.
const choice = (label, id, values, on, fmt, change) => h('label', label, h('select', { id, onchange: e => change(values[e.target.selectedIndex]) },
	values.map(v => h('option', { value: v, selected: v === on }, fmt(v)))))

// Create a table, keep its token (and the request, for "play again"), open it.
export async function createTable(cfg, go) {
	cfg = { variant: variant(), ...cfg }
	const r = await api.create({ name: myName(), ...cfg })
	setAuth(r.table_id, { token: r.token, seat: r.seat, seats: r.seats, mode: cfg.mode, cfg, invite: r.invite_code })
	go('#/t/' + r.table_id)
}

export function renderHome(root, { go, setLang, setTheme }) {
	const busy = fn => async e => {
		const el = e.currentTarget
		el.disabled = true
		try { await fn() } catch (err) { toast(err.message || t('err_network'), 'error') }
		el.disabled = false
	}
	const levels = LEVELS.map(l => h('button.chip', { 'aria-pressed': String(prefs.level === l), onclick: () => { prefs.level = l; savePrefs(); levels.forEach((b, i) => b.setAttribute('aria-pressed', String(LEVELS[i] === l))) } }, t('lvl_' + l)))
	const vsComputer = o => createTable({ mode: 'computer', options: o, turn_seconds: 86400,
		seats: [{ kind: 'human', name: myName() }, ...Array(o.seats - 1).fill({ kind: 'bot', level: prefs.level })] }, go)

	const names = h('.names')
	const addName = (value = '') => {
		const n = names.children.length + 1
		if (n < 5) names.append(h('input', { type: 'text', maxlength: 24, value, placeholder: t('player_n', { n }), 'aria-label': t('player_n', { n }) }))
	};
	[myName(), ''].forEach(addName)
	const hotseat = () => {
		const list = [...names.children].map((i, k) => i.value.trim() || t('player_n', { n: k + 1 }))
		return createTable({ mode: 'hotseat', options: options(list.length), seats: list.map(name => ({ kind: 'human', name })), turn_seconds: 86400, name: list[0] }, go)
	}

	const link = h('input', { type: 'url', placeholder: t('join_ph'), 'aria-label': t('join_ph'), id: 'join-link' })
	const join = () => {
		const m = link.value.match(/join\/([\w-]+)\/([\w-]+)/) || link.value.match(/table=([\w-]+)&invite=([\w-]+)/)
		if (m) go(`#/join/${m[1]}/${m[2]}`); else toast(t('bad_link'), 'error')
	}
	const mine = recent().map(r => h('li', h('a', { href: '#/t/' + r.id }, `${t({ computer: 'play_computer', friends: 'friends' }[getAuth(r.id).mode] || 'hotseat')} · ${new Date(r.at).toLocaleString(getLang())}`)))

	root.replaceChildren(h('.home',
		h('header.hero', h('.logo', { 'aria-hidden': 'true' }, faceTile(6), faceTile(19, 19), faceTile(32)), h('h1', 'Istaka'), h('p.tag-line', t('tagline'))),
		h('section.card.main',
			h('button.btn.big.primary', { id: 'play-computer', onclick: busy(() => vsComputer(options())) }, t('play_computer')),
			h('.chips', { role: 'group', 'aria-label': t('level') }, levels),
			h('p.hint', t('computer_hint'))),
		h('section.card', h('h2', t('friends')), h('p.hint', t('friends_hint')),
			btn(t('create_table'), busy(() => createTable({ mode: 'friends', options: options(), turn_seconds: prefs.turn }, go)), 'primary', { id: 'create-friends' })),
		h('section.card', h('h2', t('hotseat')), h('p.hint', t('hotseat_hint')), names,
			h('.row2', btn('+', () => addName(), 'small', { 'aria-label': t('add_player') }),
				btn('−', () => names.children.length > 2 && names.lastChild.remove(), 'small', { 'aria-label': t('remove_player') }),
				btn(t('start_hotseat'), busy(hotseat), 'primary', { id: 'start-hotseat' }))),
		h('section.card', h('h2', t('join_title')), h('.row2', link, btn(t('join_title'), join))),
		optionsCard(() => { renderHome(root, { go, setLang, setTheme }); root.querySelector('details.options').open = true }),
		h('section.card.prefs',
			h('label', t('your_name'), h('input', { type: 'text', maxlength: 24, value: prefs.name, id: 'my-name', oninput: e => { prefs.name = e.target.value; savePrefs() } })),
			choice(t('language'), 'lang', Object.keys(LANGS), getLang(), k => LANGS[k], setLang),
			choice(t('theme'), 'theme', ['classic', 'candy'], document.body.dataset.theme, k => t('theme_' + k), setTheme),
			h('a.btn', { href: '#/rules' }, t('rules'))),
		mine.length > 0 && h('section.card', h('h2', t('your_tables')), h('ul', mine))))
}

function optionsCard(redraw) {
	const o = options(), is101 = variant() === '101'
	const set = (k, v) => { prefs.options = { ...prefs.options, [k]: v }; savePrefs(); if (k === 'seats' || k === 'scoring') redraw() }
	const sel = (k, values, fmt = v => v ?? '—') => choice(t('opt_' + k), null, values, o[k], fmt, v => set(k, v))
	const hands = sel('hands', [1, 3, 5, 7, 9, 11])
	const chk = k => h('label.check', h('input', { type: 'checkbox', checked: o[k], onchange: e => set(k, e.target.checked) }), t('opt_' + k))
	return h('details.card.options', h('summary', t('table_options')),
		h('.grid',
			choice(t('variant'), 'variant', ['classic', '101'], variant(), k => t(k === '101' ? 'v101' : 'classic'), k => { prefs.variant = k; savePrefs(); redraw() }),
			sel('seats', [2, 3, 4]),
			is101 ? [sel('opening_rule', ['sum101', 'middle34'], v => t('or_' + v)), hands] : [sel('scoring', ['countdown', 'points'], v => t('sc_' + v)),
				o.scoring === 'points' ? [hands, sel('target', [null, 5, 10, 20, 50])] : sel('start_points', [5, 10, 15, 20, 25, 30])],
			choice(t('opt_turn'), null, TURNS, prefs.turn, turnLabel, s => { prefs.turn = s; savePrefs() }),
			Object.keys(o).filter(k => o[k] === !!o[k] && (k !== 'partners' || o.seats === 4)).map(chk)))
}
