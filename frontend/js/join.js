// An invite link's page (#/join/<table>/<code>): the friend's name, then a seat at the
// table. Loaded only for that route: a table or home page never needs it.
import { t, getLang } from './i18n/index.js'
import { prefs, savePrefs, setAuth, getAuth, uuid } from './storage.js'
import { api } from './api.js'
import { h, btn, toast } from './ui.js'

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
				const { playerSoon } = await import('./player-model.js')
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
	app.replaceChildren(
		h(
			'.home',
			h(
				'section.card.main',
				h('h1', t('join_title')),
				h('p.hint', t('join_hint')),
				h('label', t('your_name'), name),
				h('p', submit),
				h('a.btn', { href: '#/' }, t('home')),
			),
		),
	)
	performance.mark('istaka-ready')
}
