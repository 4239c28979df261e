// Provably fair: re-deal a hand from its revealed seed as engine/shuffle.py and
// engine/deal.py do, and compare with what was played.
import { hex } from '../storage.js'

const N = 106

export const fromHex = s => new Uint8Array(s.match(/../g).map(b => parseInt(b, 16)))

export async function sha256hex(bytes) {
	return hex(await crypto.subtle.digest('SHA-256', bytes))
}

// Block k of the stream is HMAC-SHA256(seed, k as 8 bytes big-endian), read as 8 big-endian u32.
async function stream(seed) {
	if (seed.length !== 32) throw new Error('a hand seed is exactly 32 bytes')
	const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
		'sign',
	])
	let k = 0,
		block = null,
		i = 8
	const next = async () => {
		if (i === 8) {
			const msg = new Uint8Array(8)
			new DataView(msg.buffer).setBigUint64(0, BigInt(k++))
			block = new DataView(await crypto.subtle.sign('HMAC', key, msg))
			i = 0
		}
		return block.getUint32(4 * i++)
	}
	// A uniform draw below bound, by rejection (no modulo bias).
	return {
		async below(bound) {
			for (;;) {
				const x = await next()
				if (x < 2 ** 32 - (2 ** 32 % bound)) return x % bound
			}
		},
	}
}

export async function shuffled(seed, s) {
	s = s || (await stream(seed))
	const order = Array.from({ length: N }, (_, i) => i)
	for (let i = N - 1; i > 0; i--) {
		const j = await s.below(i + 1)
		;[order[i], order[j]] = [order[j], order[i]]
	}
	return order
}

const isFake = id => id >> 1 === 52

export async function deal(seed, seats, starter, traditional = false, first = 15) {
	const s = await stream(seed),
		order = await shuffled(seed, s)
	const seatOrder = Array.from({ length: seats }, (_, k) => (starter + k) % seats)
	const racks = Array.from({ length: seats }, () => [])
	if (!traditional) {
		let pos = 0
		seatOrder.forEach((seat, k) => {
			racks[seat] = order.slice(pos, (pos += first - !!k))
		})
		const rest = order.slice(pos)
		const [indicator] = rest.splice(
			rest.findIndex(id => !isFake(id)),
			1,
		)
		return { racks, indicator, pile: rest, dice: null }
	}
	const dice = [1 + (await s.below(6)), 1 + (await s.below(6))]
	const stacks = Array.from({ length: 21 }, (_, k) => order.slice(5 * k, 5 * k + 5)),
		chosen = (dice[0] + dice[1]) % 21
	const stack = stacks[chosen],
		at = stack.findIndex(id => !isFake(id)),
		indicator = stack[at]
	stack[at] = order[105]
	const seq = []
	for (let k = 1; k < 22; k++) seq.push(...stacks[(chosen + k) % 21])
	let pos = 0
	for (let rnd = 0; rnd < 3; rnd++)
		seatOrder.forEach((seat, k) =>
			racks[seat].push(...seq.slice(pos, (pos += rnd < 2 || !k ? 5 : 4))),
		)
	return { racks, indicator, pile: seq.slice(pos), dice }
}

// My rack at the deal from the rack now and this hand's events (a 101 swap takes an okey in).
export function initialRack(view, events, seat) {
	const rack = [...(view.rack || [])]
	for (const e of [...events].reverse()) {
		if (e.seat !== seat) continue
		const i =
			e.type === 'swap'
				? rack.findIndex(id => id >> 1 === view.okey)
				: /^(draw|take_discard)$/.test(e.type)
					? rack.indexOf(e.tile)
					: -2
		if (i === -1) return null
		if (i >= 0) rack.splice(i, 1)
		if (/^(discard|finish|return_discard|layoff|swap)$/.test(e.type)) rack.push(e.tile)
		if (/^(open|lay)$/.test(e.type)) rack.push(...e.groups.flat())
	}
	return rack
}

const faces = a =>
	a
		.map(id => id >> 1)
		.sort()
		.join()

// Returns [{key, ok}] checks; key names an i18n string.
export async function verifyHand(view, events) {
	const seed = fromHex(view.seed),
		checks = [{ key: 'v_hash', ok: (await sha256hex(seed)) === view.seed_hash }]
	const d = await deal(
		seed,
		view.seats.length,
		view.starter,
		!!view.options?.traditional_deal,
		view.variant === '101' ? 22 : 15,
	)
	checks.push({ key: 'v_indicator', ok: d.indicator === view.indicator })
	if (view.dice) checks.push({ key: 'v_dice', ok: d.dice.join() === view.dice.join() })
	const dealEvent = events?.find(e => e.type === 'deal')
	if (view.you != null && dealEvent) {
		const mine = initialRack(
			view,
			events.filter(e => e.v > dealEvent.v),
			view.you,
		)
		checks.push({ key: 'v_rack', ok: !!mine && faces(mine) === faces(d.racks[view.you]) })
		const draws = events.filter(e => e.type === 'draw').length
		checks.push({ key: 'v_pile', ok: d.pile.length - draws === view.pile_count })
	}
	return { checks, deal: d }
}
