// Style sheets of screens that load on demand (css/<name>.css), kept out of app.css, which
// every page downloads. Resolves once the sheet applies, so nothing shows unstyled.
import { h } from './ui.js'

const sheets = {} // name -> the promise of its load

export function useStyle(name) {
	sheets[name] ??= new Promise(resolve => {
		const link = h('link', { rel: 'stylesheet', href: `css/${name}.css` })
		// A sheet that fails still lets the screen draw, plain.
		link.onload = link.onerror = () => resolve()
		document.head.append(link)
	})
	return sheets[name]
}
