// A rematch (POST /api/tables/{id}/rematch, docs/API.md): this device's seat at the old
// table asks for, or joins, the next one; the seat it gets there is stored as any seat of
// this device is. Resolves with the next table's id. Used by the result panel and by an
// offer in "Your tables"; `requestId` is the same for every try of one tap.
import { api } from '../api.js'
import { setAuth } from '../storage.js'

export async function takeRematch(id, auth, requestId) {
	const answer = await api.seatPost(id, auth.token, 'rematch', { request_id: requestId })
	const seats = answer.view?.held_seats || [answer.seat]
	setAuth(answer.table_id, {
		token: answer.token,
		seat: answer.seat,
		seats,
		mode: auth.mode,
		cfg: auth.cfg,
		invite: answer.view?.invite_code,
	})
	return answer.table_id
}
