// Rules and strategy help: rules/<lang>.md (# title, ## heading, - bullet, text).
import { t, getLang } from '../i18n/index.js'
import { h } from '../ui.js'
import { faceTile } from '../tiles.js'

function md(text) {
	const out = []
	let list = null
	for (const line of text.split('\n')) {
		if (line.startsWith('- ')) {
			if (!list) out.push((list = h('ul')))
			list.append(h('li', line.slice(2)))
			continue
		}
		list = null
		const m = line.match(/^(#{1,3}) (.*)/)
		if (m) out.push(h('h' + m[1].length, m[2]))
		else if (line.trim()) out.push(h('p', line))
	}
	return out
}

export async function renderRules(root, go) {
	const page = h('.page', h('p', t('loading')))
	root.replaceChildren(
		h(
			'article.rules',
			h(
				'header.bar',
				h(
					'button.icon',
					{ onclick: () => go(history.length > 1 ? -1 : '#/'), 'aria-label': t('back') },
					'‹',
				),
				h('span.title', t('rules')),
			),
			page,
		),
	)
	let text = ''
	try {
		text = await (await fetch(`rules/${getLang()}.md`)).text()
	} catch {
		/* offline: the legend only */
	}
	const legend = h(
		'.legend',
		[0, 1, 2, 3].map(c => h('span', faceTile(c * 13 + 6, -1), t('c.' + 'rybk'[c]))),
		h('span', faceTile(19, 19), t('okey')),
		h('span', faceTile(52, 19), t('fake')),
	)
	const blocks = md(text)
	page.replaceChildren(blocks[0] || h('h1', t('rules')), legend, ...blocks.slice(1))
}
