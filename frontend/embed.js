// Istaka's embed (docs/EMBED.md): put this script tag where the game should be, e.g.
//   <script src="https://istaka.example/embed.js" data-play="computer" async></script>
// It puts an iframe of embed.html there, finds Istaka's origin from its own src, and keeps
// the frame as tall as the game asks ('resize' messages). The frame's other messages are
// passed on as DOM events on the iframe: 'istaka:ready', 'istaka:your_turn', ...
;(() => {
	const script =
		document.currentScript ||
		[...document.querySelectorAll('script[src*="embed.js"]')].find(s => !s.dataset.istakaFrame)
	if (!script || script.dataset.istakaFrame) return
	script.dataset.istakaFrame = '1'
	const src = new URL(script.src, location.href)
	const origin = src.origin
	const data = script.dataset
	const query = new URLSearchParams()
	const pass = ['play', 'variant', 'level', 'seats', 'table', 'invite', 'lang', 'theme']
	for (const name of pass) if (data[name]) query.set(name, data[name])
	// Its place among the page's embeds: two games of the same settings stay two games.
	const all = [...document.querySelectorAll('script[src]')].filter(s => s.src === script.src)
	if (data.play) query.set('slot', all.indexOf(script))
	const frame = document.createElement('iframe')
	frame.src = new URL('embed.html?' + query, src).href
	frame.title = data.title || 'Okey · Istaka'
	frame.allow = 'clipboard-write'
	const maxHeight = parseFloat(data.maxHeight) || Infinity
	const width = data.width || '100%'
	frame.style.cssText =
		'display:block;border:0;height:480px;max-width:100%;width:' +
		(/^\d+$/.test(width) ? width + 'px' : width)
	script.after(frame)

	addEventListener('message', e => {
		const message = e.data
		if (e.source !== frame.contentWindow || e.origin !== origin) return
		if (!message || message.source !== 'istaka' || typeof message.type !== 'string') return
		if (message.type === 'resize' && message.height > 0)
			frame.style.height = Math.min(Math.ceil(message.height), maxHeight) + 'px'
		frame.dispatchEvent(new CustomEvent('istaka:' + message.type, { detail: message }))
	})
	// The host speaks to the frame through the iframe: frame.istaka('theme', { theme: 'candy' }).
	frame.istaka = (type, fields) =>
		frame.contentWindow.postMessage({ source: 'istaka-host', type, ...fields }, origin)
})()
