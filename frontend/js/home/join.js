// An invite link's page (#/join/<table>/<code>): the friend's name, then a seat at the
// table. Loaded only for that route: a table or home page never needs it.
import { t, getLang, more } from '../i18n/index.js'
import { prefs, savePrefs, setAuth, getAuth, uuid } from '../storage.js'
import { api } from '../api.js'
import { h, btn, toast } from '../ui.js'
import { useStyle } from '../style.js'

export function renderJoin(app, id, code, go) {
	if (getAuth(id)) return go('#/t/' + id)
	const name = h('input', {
		type: 'text',
		maxlength: 24,
		value: prefs.name,
		id: 'join-name',
		'aria-label': t('your_name'),
	})
	// One join per visit to this page: a second tap after a lost answer gets the same seat.
	const request = uuid()
	const submit = btn(
		t('join_title'),
		async () => {
			submit.disabled = true
			prefs.name = name.value.trim()
			savePrefs()
			try {
				// No name: the server names the seat ("Player 2") in our language. A friend
				// new here gets a player first, for the candy.
				const { playerSoon } = await import('../player-model.js')
				const me = (await playerSoon(getLang()))?.token
				const r = await api.join(id, code, prefs.name || undefined, request, getLang(), me)
				setAuth(id, { token: r.token, seat: r.seat, seats: [r.seat], mode: 'friends' })
				go('#/t/' + id)
			} catch (e) {
				toast(e.message || t('err_network'), 'error')
				submit.disabled = false
			}
		},
		'primary big',
		{ id: 'join-go' },
	)
	const about = h('.about', { id: 'invite-about' })
	app.replaceChildren(
		h(
			'.home',
			h(
				'section.card.main',
				h('h1', t('join_title')),
				about,
				h('p.hint', t('join_hint')),
				h('label', t('your_name'), name),
				h('p', submit),
				h('a.btn', { href: '#/' }, t('home')),
			),
		),
	)
	performance.mark('istaka-ready')
	describeTable(about, id)
}

// What the invite is to, before a name is typed: who invites, the game, its pace and turn
// time, who sits there already; from the spectator's view (no token needed).
async function describeTable(about, id) {
	try {
		const [v, { turnLabel }] = await Promise.all([
			api.view(id, {}),
			import('./index.js'), // loaded already on this route (app.js)
			more(),
			useStyle('social'),
		])
		about.replaceChildren(...inviteLines(v, turnLabel))
	} catch {
		// The join itself says what is wrong (a table gone, a bad code).
	}
}

// The invite's lines (also for tests): who invites, the game, pace and turn time, the seats.
export function inviteLines(v, turnLabel) {
	const invite = v.invite || {}
	const host = invite.by_name || v.players.find(p => p.seat === 0)?.name
	const game = [t(v.variant === '101' ? 'v101' : 'classic')]
	if (v.variant !== '101') game.push(t('sc_' + v.options.scoring))
	if (v.options.partners) game.push(t('in_partners'))
	const pace = `${t('pace_' + v.pace)} · ${t('in_turn', { time: turnLabel(v.turn_seconds) })}`
	const seated = v.players.map((p, seat) => {
		const name = invite.seated?.[seat] ?? p.name
		const who = name ? (p.kind === 'bot' ? `🤖 ${name}` : name) : t('open_seat')
		return h('li' + (name ? '' : '.open'), who)
	})
	return [
		host && h('p.host', h('strong', t('in_by', { name: host }))),
		h('p', game.join(' · ')),
		h('p', pace),
		h('p.hint', t('in_seated')),
		h('ul.seats', seated),
	]
}
