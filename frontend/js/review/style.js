// The hand review's style sheet (css/review.css), added to the page once: with the score
// sheet (its hands' review buttons, end.js) and with the review itself (screen.js). Kept
// out of app.css, so that no first download carries it.
import { h } from '../ui.js'

let styled = null

// Resolves once the sheet is in; one that fails to load leaves the review plain, not broken.
export function reviewStyle() {
	styled ??= new Promise(done => {
		const link = h('link', { rel: 'stylesheet', href: 'css/review.css' })
		link.onload = link.onerror = done
		document.head.append(link)
	})
	return styled
}
