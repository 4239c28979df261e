// DOM helpers: element builder, toast, modal, live announcements.
// House names, short because they are everywhere: h builds elements, $ and $$ query,
// t translates (i18n), and `v` is always a seat's view from the server (docs/API.md).
import { t } from './i18n/index.js'

export const $ = (s, r = document) => r.querySelector(s)
export const $$ = (s, r = document) => [...r.querySelectorAll(s)]

// h('button.btn.primary', { id, onclick }, ...kids): a tag (div if left out) and classes;
// attributes (optional; on… are listeners); null and false attributes and kids are skipped.
export function h(tag, attrs, ...kids) {
	if (attrs == null || typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs)) {
		kids.unshift(attrs)
		attrs = null
	}
	const [name, ...cls] = tag.split('.')
	const el = document.createElement(name || 'div')
	if (name === 'button') el.type = 'button'
	if (cls.length) el.className = cls.join(' ')
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v == null || v === false) continue
		if (k.startsWith('on')) el.addEventListener(k.slice(2), v)
		else el.setAttribute(k, v === true ? '' : v)
	}
	for (const kid of kids.flat(9)) if (kid != null && kid !== false) el.append(kid)
	return el
}

// Names drawn with board.js nameTag: each [data-names] group (the badges, the score sheet)
// takes the longest form none of them is cut in, the same for every seat.
export function fitNames(root = document) {
	const groups = new Map()
	for (const el of root.querySelectorAll('.fit')) {
		const group = el.closest('[data-names]') || root
		groups.set(group, [...(groups.get(group) || []), el])
	}
	// Widths to the fraction: a name 0.4 px too wide ("Bilgisayar 2") is still cut, which
	// scrollWidth's whole pixels miss.
	const cut = el => {
		const box = el.parentElement
		const over = el.getBoundingClientRect().width - box.getBoundingClientRect().width
		return (
			over > 0.01 || el.scrollWidth > el.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1
		)
	}
	for (const names of groups.values()) {
		;['title', 'word', 'short'].some(form => {
			for (const el of names) el.textContent = el[form] || el.dataset[form]
			return !names.some(cut)
		})
	}
}

export function announce(msg) {
	const live = $('#live')
	if (live) {
		live.textContent = ''
		setTimeout(() => {
			live.textContent = msg
		}, 30)
	}
}

export function toast(msg, kind = 'info') {
	let box = $('#toasts')
	if (!box) document.body.append((box = h('div', { id: 'toasts', 'aria-live': 'assertive' })))
	const el = h('.toast.' + kind, { role: kind === 'error' ? 'alert' : 'status' }, msg)
	box.append(el)
	setTimeout(() => el.classList.add('out'), 3200)
	setTimeout(() => el.remove(), 3700)
}

let open = null
// A dialog closes on ×, Escape, or a press that starts and ends on its backdrop. A click
// alone is not enough: the click of the tap that opened the dialog, or of a press that
// started on the sheet, can land on the backdrop too.
export function modal(title, body) {
	closeModal()
	let pressedBackdrop = false
	const wrap = (open = h(
		'.modal',
		{
			role: 'dialog',
			'aria-modal': 'true',
			'aria-label': title,
			onpointerdown: e => {
				pressedBackdrop = e.target === wrap
			},
			onclick: e => {
				if (e.target === wrap && pressedBackdrop) closeModal()
				pressedBackdrop = false
			},
		},
		h(
			'.sheet',
			h(
				'header',
				h('h2', title),
				h('button.x', { 'aria-label': t('close'), onclick: closeModal }, '×'),
			),
			body,
		),
	))
	document.body.append(wrap)
	fitNames(wrap)
	// On the document: a press on the sheet's text takes the focus out of the dialog.
	document.addEventListener('keydown', closeOnEscape)
	wrap.querySelector('.x').focus()
	return wrap
}
function closeOnEscape(e) {
	if (e.key === 'Escape') closeModal()
}
export function closeModal() {
	document.removeEventListener('keydown', closeOnEscape)
	open?.remove()
	open = null
}

export function btn(label, onclick, cls = '', attrs = {}) {
	return h('button.btn' + (cls ? '.' + cls : ''), { onclick, ...attrs }, label)
}

// A copyable box: read-only input, Copy button and (where supported) Share.
export function shareBox(text, shareTitle, id, link) {
	return h(
		'.sharebox',
		h('input.copy', {
			readonly: true,
			value: text,
			'aria-label': shareTitle,
			id,
			onfocus: e => e.target.select(),
		}),
		btn(
			t('copy'),
			async () => {
				try {
					await navigator.clipboard.writeText(text)
					toast(t('copy') + ' ✓')
				} catch {
					/* the box stays selectable */
				}
			},
			'small',
		),
		link && globalThis.istakaTelegram?.shareButton(text, shareTitle),
		link &&
			navigator.share &&
			btn(
				t('share'),
				() => navigator.share({ title: shareTitle, text: shareTitle, url: text }).catch(() => {}),
				'small',
			),
	)
}
