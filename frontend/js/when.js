// Coarse times for tables played over hours, in the page's language: "45 s left", "6 h left",
// "3 days left"; "just now", "3 min ago". The clock of a relaxed table, "Your tables" and the
// move log all say time this one way.
import { t, tn } from './i18n/index.js'

// [unit, count]: seconds under a minute, minutes under an hour, hours up to two days (so
// "47 h", not "1 day" for a turn that ends tomorrow evening), then whole days. Never more
// than there is.
export function span(seconds) {
	if (seconds < 60) return ['s', seconds]
	if (seconds < 3600) return ['min', Math.floor(seconds / 60)]
	if (seconds < 2 * 86400) return ['h', Math.floor(seconds / 3600)]
	return ['d', Math.floor(seconds / 86400)]
}

// The time left before a deadline `seconds` away.
export function timeLeft(seconds) {
	const whole = Math.floor(seconds)
	if (whole <= 0) return t('time_up')
	const [unit, n] = span(whole)
	return tn('left_' + unit, n)
}

// How long before `now` `then` was (both in ms); a device clock a little ahead is "just now".
export function ago(then, now) {
	const seconds = Math.max(0, Math.floor((now - then) / 1000))
	if (seconds < 60) return t('just_now')
	const [unit, n] = span(seconds)
	return tn('ago_' + unit, n)
}
