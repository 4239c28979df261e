// Pointer dragging with a threshold and a ghost under the pointer. An unmoved
// touch is a tap: we click ourselves (the browser's click can be lost to its
// double-tap detection after a drag) and drop the browser's click that follows.
const THRESHOLD = 7

export function draggable(root, selector, { start, move, end }) {
	let st = null
	let swallow = 0

	const listen = on =>
		[
			['pointermove', onMove],
			['pointerup', onUp],
			['pointercancel', onUp],
		].forEach(([type, f]) => window[on + 'EventListener'](type, f, { passive: false }))
	const cleanup = () => {
		listen('remove')
		st?.ghost?.remove()
		st?.el?.classList.remove('lifted')
		document.body.classList.remove('dragging')
		st = null
	}

	function onMove(e) {
		if (!st || e.pointerId !== st.pid) return
		const { clientX: x, clientY: y } = e
		if (!st.on) {
			if (Math.hypot(x - st.x, y - st.y) < THRESHOLD) return
			st.moved = true
			if (!st.el) return
			st.data = start(st.el, e)
			if (!st.data) {
				st.el = null
				return
			}
			st.on = true
			const r = st.el.getBoundingClientRect()
			st.dx = st.x - r.left
			st.dy = st.y - r.top
			const g = st.el.cloneNode(true)
			g.className += ' ghost'
			g.setAttribute('aria-hidden', 'true')
			g.style.width = r.width + 'px'
			g.style.height = r.height + 'px'
			document.body.append(g)
			st.ghost = g
			st.el.classList.add('lifted')
			document.body.classList.add('dragging')
		}
		e.preventDefault()
		st.ghost.style.transform = `translate(${x - st.dx}px,${y - st.dy}px) scale(1.08)`
		move?.(x, y, st.data)
	}

	// Up ends a drag (a cancel ends it nowhere) or, for an unmoved touch, taps.
	function onUp(e) {
		if (!st || e.pointerId !== st.pid) return
		const { on, data, moved, touch, target } = st
		const up = e.type === 'pointerup'
		cleanup()
		if (on) {
			swallow = Date.now()
			end(up ? e.clientX : null, up ? e.clientY : null, data)
			return
		}
		if (up && touch && !moved && target.isConnected) {
			swallow = Date.now()
			target.click()
		}
	}

	root.addEventListener('pointerdown', e => {
		swallow = 0
		if (e.button > 0 || st) return
		const el = e.target.closest(selector)
		st = {
			el: el && root.contains(el) && !el.disabled ? el : null,
			target: e.target,
			pid: e.pointerId,
			x: e.clientX,
			y: e.clientY,
			on: false,
			touch: e.pointerType !== 'mouse',
		}
		listen('add')
	})

	root.addEventListener(
		'click',
		e => {
			if (e.isTrusted && Date.now() - swallow < 600) {
				e.stopPropagation()
				e.preventDefault()
				swallow = 0
			}
		},
		true,
	)
	root.addEventListener('dragstart', e => e.preventDefault())
}
