// The embed demo (embed-demo.html, served by `make play`): every mode of embed.js with its
// snippet to copy, and the messages the frames send. The watched and the invited table are
// made here, so a fresh server shows them too.
const here = new URL('./', location.href).href
const script = attrs =>
	`<script src="${here}embed.js" ${Object.entries(attrs)
		.map(([k, v]) => `data-${k}="${v}"`)
		.join(' ')} async></` + 'script>'

// A snippet as the text to copy, then the same snippet live under it (or `live`: the page's
// CSP refuses a style attribute written in HTML, not one set from a script).
function show(mode, snippet, live = document.createRange().createContextualFragment(snippet)) {
	const section = document.querySelector(`[data-mode="${mode}"]`)
	const code = document.createElement('textarea')
	code.readOnly = true
	code.rows = 2
	code.value = snippet
	code.onfocus = () => code.select()
	section.append(code, live)
}

function plainFrame(src) {
	const frame = document.createElement('iframe')
	Object.assign(frame, { src, width: '100%', height: 640, title: 'Okey' })
	frame.style.cssText = 'border:0;max-width:720px'
	return frame
}

async function table(body) {
	const res = await fetch(here + 'api/tables', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	})
	return res.json()
}

const heard = document.getElementById('heard')
addEventListener('message', e => {
	if (e.data?.source !== 'istaka') return
	const frames = [...document.querySelectorAll('iframe')]
	const n = frames.findIndex(f => f.contentWindow === e.source)
	heard.textContent = `frame ${n}: ${JSON.stringify(e.data)}\n` + heard.textContent
})
for (const button of document.querySelectorAll('button')) {
	button.onclick = () => {
		const { theme, lang } = button.dataset
		for (const frame of document.querySelectorAll('iframe')) {
			if (theme) frame.istaka?.('theme', { theme })
			if (lang) frame.istaka?.('lang', { lang })
		}
	}
}

show('computer', script({ play: 'computer' }))
show(
	'computer101',
	script({ play: 'computer', variant: '101', seats: 2, level: 'easy', theme: 'candy', lang: 'tr' }),
)
const plain = `${here}embed.html?play=computer&seats=2`
show(
	'iframe',
	`<iframe src="${plain}" width="100%" height="640" style="border:0;max-width:720px"` +
		' title="Okey"></iframe>',
	plainFrame(plain),
)
;(async () => {
	const bots = n => Array(n).fill({ kind: 'bot', level: 'easy' })
	const watched = await table({
		mode: 'computer',
		name: 'Zeynep',
		turn_seconds: 86400,
		seats: [{ kind: 'human', name: 'Zeynep' }, ...bots(3)],
	})
	show('watch', script({ table: watched.table_id }))
	const open = await table({ mode: 'friends', name: 'Ayşe', options: { seats: 2 } })
	show('invite', script({ table: open.table_id, invite: open.invite_code }))
})()
