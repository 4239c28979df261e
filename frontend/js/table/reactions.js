// The reactions' words and bookkeeping, without a screen: the fixed list, which of a
// view's reactions are new to this device, and what it has seen. Shared by social.js (the
// bubbles, the picker), away.js and movelog.js.
import { t } from '../i18n/index.js'
import { load } from '../storage.js'

// The fixed list the server takes (docs/API.md): emoji are shown as they are, phrases in
// the reader's language (rx_<code>).
export const REACTIONS = {
	thumbs_up: '👍',
	laugh: '😂',
	wow: '😮',
	sad: '😢',
	fire: '🔥',
	clap: '👏',
	gg: null,
	nice: null,
	thanks: null,
	hurry: null,
	oops: null,
	hello: null,
}
export const reactionText = code => REACTIONS[code] ?? t('rx_' + code)

// The view's `at` is an ISO time or epoch ms (or seconds, as events' `at` are): ms.
export function reactionTime(at) {
	if (typeof at === 'string') return Date.parse(at)
	return at < 1e12 ? at * 1000 : at
}

const keyOf = r => `${r.seat}.${r.reaction}.${reactionTime(r.at)}`

// The reactions of `list` that are not in `seen` (both as the view gives them), oldest first.
export function newReactions(list, seen) {
	const known = new Set((seen || []).map(keyOf))
	return (list || [])
		.filter(r => REACTIONS[r.reaction] !== undefined && !known.has(keyOf(r)))
		.sort((a, b) => reactionTime(a.at) - reactionTime(b.at))
}

// The reactions this device has handled at the table (the view's last ones), kept for the
// next visit and the move log: a bubble shows once, and the away summary names only what
// came since.
export const reactionsKey = id => 'istaka.rx.' + id
export const seenReactions = id => load(reactionsKey(id), [])
export const unseenReactions = (ctx, view) => newReactions(view.reactions, seenReactions(ctx.id))
