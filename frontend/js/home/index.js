// Home: one tap to play the computer, friends, pass-and-play, join, options.
import { t, tn, LANGS, getLang } from '../i18n/index.js'
import { h, btn, toast } from '../ui.js'
import { api } from '../api.js'
import { prefs, savePrefs, setAuth, recent } from '../storage.js'
import { faceTile } from '../tiles.js'

// Each variant's options with their defaults (docs/API.md); prefs.options keeps the
// choices of both.
const DEFAULTS = {
	classic: {
		seats: 4,
		scoring: 'countdown',
		start_points: 20,
		hands: 1,
		target: null,
		run_13_1: true,
		pairs_finish: true,
		indicator_bonus: true,
		traditional_deal: false,
		partners: false,
	},
	101: {
		seats: 4,
		hands: 5,
		opening_rule: 'sum101',
		pairs_opening: true,
		okey_swap: true,
		discard_must_be_used: true,
		burn_full_sets: false,
		penalties: true,
		partners: false,
	},
}
// The turn times a friends table offers at each pace (RULES.md, "Time"), the default first.
const TURNS = {
	live: [30, 10, 60, 120, 300, 600],
	relaxed: [86400, 3600, 21600, 43200, 172800, 259200, 604800],
}
const PACES = ['live', 'relaxed']
const LEVELS = ['gentle', 'easy', 'normal', 'hard']
const variant = () => (prefs.variant === '101' ? '101' : 'classic')

// The chosen variant's options only; partners need four seats.
function options(seats) {
	const chosen = { ...DEFAULTS[variant()] }
	for (const key in chosen) if (key in prefs.options) chosen[key] = prefs.options[key]
	if (seats) chosen.seats = seats
	if (chosen.seats !== 4) chosen.partners = false
	return chosen
}

// No name given: a friendly one, as the server names a seat joined without one (docs/API.md).
const myName = () => prefs.name.trim() || t('guest_name', { n: 1 })

export function turnLabel(seconds) {
	if (seconds < 60) return t('sec', { n: seconds })
	if (seconds < 3600) return t('min', { n: seconds / 60 })
	if (seconds < 86400) return t('hours', { n: seconds / 3600 })
	return tn('days', seconds / 86400)
}

// A labelled <select> of values (fmt gives each one's text); change gets the chosen value.
function choice(label, id, values, current, fmt, change) {
	const onchange = e => change(values[e.target.selectedIndex])
	const items = values.map(v => h('option', { value: v, selected: v === current }, fmt(v)))
	return h('label', label, h('select', { id, onchange }, items))
}

// Create a table, keep its token (and the request, for "play again"), open it.
export async function createTable(cfg, go) {
	cfg = { variant: variant(), ...cfg }
	// With a player and no name typed, the seat takes the player's name (docs/API.md). The
	// device's player is made first if it is not yet (a table made at once after the first
	// visit), so that the table's candy and stats are its.
	const { playerSoon } = await import('../player-model.js')
	const me = await playerSoon(getLang())
	const name = prefs.name.trim() || (me ? undefined : myName())
	const created = await api.create({ name, ...cfg }, me?.token)
	setAuth(created.table_id, {
		token: created.token,
		seat: created.seat,
		seats: created.seats,
		mode: cfg.mode,
		cfg,
		invite: created.invite_code,
	})
	go('#/t/' + created.table_id)
}

// The home screen: .home > header.hero, your tables (when this device holds some), then
// one card each: play the computer, friends, pass-and-play, join by link, table options,
// your name and language.
export function renderHome(root, { go, setLang, setTheme }) {
	const redraw = () => {
		renderHome(root, { go, setLang, setTheme })
		root.querySelector('details.options').open = true
	}
	// A button: a tap shows the player's stats (player.js openStats).
	const candy = h('button.candy', { id: 'candy', hidden: true })
	const hero = h(
		'header.hero',
		h('.logo', { 'aria-hidden': 'true' }, faceTile(6), faceTile(19, 19), faceTile(32)),
		h('h1', 'Istaka'),
		h('p.tag-line', t('tagline')),
		candy,
	)
	// The balance comes from candy.js, loaded after the page (it makes the player on a
	// first visit): "🍬 42 · 12 / 60 today". The player model it imports is asked for
	// alongside it, not once candy.js has arrived: one round trip, not two.
	import('../player-model.js').catch(() => {})
	import('./candy.js').then(m => m.homeBalance(candy, getLang())).catch(() => {})
	root.replaceChildren(
		h(
			'.home',
			hero,
			yourTablesCard(),
			anyoneCard(go),
			computerCard(go),
			friendsCard(go),
			passAndPlayCard(go),
			joinCard(go),
			optionsCard(redraw),
			preferencesCard(setLang, setTheme),
		),
	)
}

// A button's click that creates something: the button is disabled while it works, and
// an error is a toast.
const busy = fn => async e => {
	const el = e.currentTarget
	el.disabled = true
	try {
		await fn()
	} catch (err) {
		toast(err.message || t('err_network'), 'error')
	}
	el.disabled = false
}

// One tap to play the computer, at the level chosen on the chips below; gentle until the
// player picks one or has won a hand (startingLevel). The chip pressed is the level Play
// deals; the button names the game it deals.
function computerCard(go) {
	const show = level =>
		levels.forEach((chip, i) => chip.setAttribute('aria-pressed', String(LEVELS[i] === level)))
	const pickLevel = level => {
		prefs.level = level
		prefs.levelPicked = true
		savePrefs()
		show(level)
	}
	const levels = LEVELS.map(level =>
		h(
			'button.chip',
			{
				'aria-pressed': String(startingLevel(prefs, null) === level),
				onclick: () => pickLevel(level),
			},
			t('lvl_' + level),
		),
	)
	const level = async () => {
		const { me } = await import('../player-model.js')
		const record = await me()
		const chosen = startingLevel(prefs, record)
		if (hasWon(record) && !prefs.wonHand) {
			prefs.wonHand = true
			savePrefs()
		}
		show(chosen)
		return chosen
	}
	level().catch(() => {})
	const play = async () => {
		const chosen = options()
		const bots = Array(chosen.seats - 1).fill({ kind: 'bot', level: await level() })
		const seats = [{ kind: 'human', name: myName() }, ...bots]
		return createTable({ mode: 'computer', options: chosen, turn_seconds: 86400, seats }, go)
	}
	const deals = tn('play_deal', options().seats - 1, {
		variant: t(variant() === '101' ? 'v101' : 'classic'),
	})
	return h(
		'section.card.main',
		h(
			'button.btn.big.primary',
			{ id: 'play-computer', onclick: busy(play) },
			t('play_computer'),
			h('small.deals', deals),
		),
		h('.chips', { role: 'group', 'aria-label': t('level') }, levels),
		h('p.hint', t('computer_hint')),
	)
}

// The computers' level for a new table: the one the player picked (on home or at a table),
// else gentle until the device's player has won a hand (`me`: GET /api/players/me, or
// null when unknown), then the usual default. A win seen once is kept (prefs.wonHand) for
// home's first paint.
export function startingLevel(prefs, me) {
	if (prefs.levelPicked) return LEVELS.includes(prefs.level) ? prefs.level : 'normal'
	return prefs.wonHand || hasWon(me) ? 'normal' : 'gentle'
}

// Play with anyone: one tap seats this device's player at an open table with strangers
// (lobby/, loaded on the tap), with the choices made last time; Choose changes them, Open
// tables lists them.
function anyoneCard(go) {
	const lobby = () => import('../lobby/index.js')
	const play = busy(async () => (await lobby()).playNow(go))
	return h(
		'section.card.anyone',
		h('h2', t('anyone')),
		h('p.hint', t('anyone_hint')),
		h(
			'.row2',
			btn(t('lb_play'), play, 'primary', { id: 'play-anyone' }),
			btn(t('lb_choose'), async () => (await lobby()).chooseSheet(), '', { id: 'anyone-choose' }),
			h('a.btn', { href: '#/lobby', id: 'anyone-list' }, t('lb_title')),
		),
	)
}

const hasWon = me => (me?.stats?.classic?.hands_won || 0) + (me?.stats?.['101']?.hands_won || 0) > 0

// A friends table: its pace in one tap ("Live now" or "Over the day"), the turn time of
// that pace as a detail, then create. Both are remembered for next time.
function friendsCard(go) {
	const pace = PACES.includes(prefs.pace) ? prefs.pace : 'relaxed'
	const turns = TURNS[pace]
	const turnTime = () => (turns.includes(prefs.turns?.[pace]) ? prefs.turns[pace] : turns[0])
	const sorted = [...turns].sort((a, b) => a - b)
	const redraw = () => card.replaceWith(friendsCard(go))
	const pick = chosen => {
		prefs.pace = chosen
		savePrefs()
		redraw()
	}
	const setTurn = seconds => {
		prefs.turns = { ...prefs.turns, [pace]: seconds }
		savePrefs()
	}
	const chips = PACES.map(p =>
		h(
			'button.chip',
			{ id: 'pace-' + p, 'aria-pressed': String(p === pace), onclick: () => pick(p) },
			t('pace_' + p),
		),
	)
	const create = () =>
		createTable({ mode: 'friends', options: options(), pace, turn_seconds: turnTime() }, go)
	const card = h(
		'section.card.friends',
		h('h2', t('friends')),
		h('p.hint', t('friends_hint')),
		h('.chips', { role: 'group', 'aria-label': t('pace') }, chips),
		h('p.hint', t('pace_' + pace + '_hint')),
		choice(t('opt_turn'), 'turn-time', sorted, turnTime(), turnLabel, setTurn),
		btn(t('create_table'), busy(create), 'primary', { id: 'create-friends' }),
	)
	return card
}

// Pass-and-play: a name field per player, two to four.
function passAndPlayCard(go) {
	const names = h('.names')
	const addName = (value = '') => {
		const n = names.children.length + 1
		const label = t('player_n', { n })
		if (n < 5) {
			names.append(
				h('input', { type: 'text', maxlength: 24, value, placeholder: label, 'aria-label': label }),
			)
		}
	}
	addName(myName())
	addName()
	const removeName = () => names.children.length > 2 && names.lastChild.remove()
	const start = () => {
		const list = [...names.children].map(
			(input, k) => input.value.trim() || t('guest_name', { n: k + 1 }),
		)
		const seats = list.map(name => ({ kind: 'human', name }))
		const cfg = { mode: 'hotseat', options: options(list.length), seats, turn_seconds: 86400 }
		return createTable({ ...cfg, name: list[0] }, go)
	}
	return h(
		'section.card',
		h('h2', t('hotseat')),
		h('p.hint', t('hotseat_hint')),
		names,
		h(
			'.row2',
			btn('+', () => addName(), 'small', { 'aria-label': t('add_player') }),
			btn('−', removeName, 'small', { 'aria-label': t('remove_player') }),
			btn(t('start_hotseat'), busy(start), 'primary', { id: 'start-hotseat' }),
		),
	)
}

// An invite link pasted in: #/join/<id>/<code>, or the ?table=&invite= form.
function joinCard(go) {
	const link = h('input', {
		type: 'url',
		placeholder: t('join_ph'),
		'aria-label': t('join_ph'),
		id: 'join-link',
	})
	const join = () => {
		const match =
			link.value.match(/join\/([\w-]+)\/([\w-]+)/) ||
			link.value.match(/table=([\w-]+)&invite=([\w-]+)/)
		if (match) go(`#/join/${match[1]}/${match[2]}`)
		else toast(t('bad_link'), 'error')
	}
	return h('section.card', h('h2', t('join_title')), h('.row2', link, btn(t('join_title'), join)))
}

function preferencesCard(setLang, setTheme) {
	const setName = e => {
		prefs.name = e.target.value
		savePrefs()
	}
	// Once the field is left: the device's player takes the name too.
	const nameDone = e => import('../player.js').then(m => m.renamePlayer(e.target.value))
	const name = h('input', {
		type: 'text',
		maxlength: 24,
		value: prefs.name,
		id: 'my-name',
		oninput: setName,
		onchange: nameDone,
	})
	const themes = ['classic', 'candy']
	const theme = document.body.dataset.theme
	return h(
		'section.card.prefs',
		h('label', t('your_name'), name),
		choice(t('language'), 'lang', Object.keys(LANGS), getLang(), k => LANGS[k], setLang),
		choice(t('theme'), 'theme', themes, theme, k => t('theme_' + k), setTheme),
		globalThis.istakaTelegram?.settingsRow(), // inside Telegram: the bot's messages
		h('a.btn', { href: '#/rules' }, t('rules')),
	)
}

// The tables this device has a seat at, with whose turn it is (tables.js, loaded only
// when there are some).
function yourTablesCard() {
	if (!recent().length) return null
	const card = h('section.card', { id: 'your-tables' }, h('h2', t('your_tables')))
	import('./tables.js').then(m => m.showYourTables(card))
	return card
}

// The table options of the chosen variant; changing seats or scoring redraws the card.
function optionsCard(redraw) {
	const chosen = options()
	const is101 = variant() === '101'
	const set = (key, value) => {
		prefs.options = { ...prefs.options, [key]: value }
		savePrefs()
		if (key === 'seats' || key === 'scoring') redraw()
	}
	const select = (key, values, fmt = v => v ?? '—') =>
		choice(t('opt_' + key), null, values, chosen[key], fmt, v => set(key, v))
	const checkbox = key =>
		h(
			'label.check',
			h('input', {
				type: 'checkbox',
				checked: chosen[key],
				onchange: e => set(key, e.target.checked),
			}),
			t('opt_' + key),
		)
	const setVariant = k => {
		prefs.variant = k
		savePrefs()
		redraw()
	}
	const hands = select('hands', [1, 3, 5, 7, 9, 11])
	const scoring = is101
		? [select('opening_rule', ['sum101', 'middle34'], v => t('or_' + v)), hands]
		: [
				select('scoring', ['countdown', 'points'], v => t('sc_' + v)),
				chosen.scoring === 'points'
					? [hands, select('target', [null, 5, 10, 20, 50])]
					: select('start_points', [5, 10, 15, 20, 25, 30]),
			]
	// Every yes/no option; partners only at four seats.
	const switches = Object.keys(chosen).filter(
		k => chosen[k] === !!chosen[k] && (k !== 'partners' || chosen.seats === 4),
	)
	return h(
		'details.card.options',
		h('summary', t('table_options')),
		h(
			'.grid',
			choice(
				t('variant'),
				'variant',
				['classic', '101'],
				variant(),
				k => t(k === '101' ? 'v101' : 'classic'),
				setVariant,
			),
			select('seats', [2, 3, 4]),
			scoring,
			switches.map(checkbox),
		),
	)
}
