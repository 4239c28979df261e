// Pointer dragging with a threshold and a ghost under the pointer. An unmoved
// touch is a tap: we click ourselves (the browser's click can be lost to its
// double-tap detection after a drag) and drop the browser's click that follows.
const THRESHOLD = 7
// A browser click this soon after our own drag or tap is the same gesture: dropped.
const SWALLOW_MS = 600

// When our own drag or tap ended; 0 once its click is dropped or a new press begins.
let swallowFrom = 0
// What our tap clicked (null after a drag): the only thing the late mousedown may focus.
let tapped = null
let droppingFollowUps = false

// The browser's click lands wherever the finger is when it comes, and our tap may have
// put something new there: a dialog (on document.body, outside any draggable root) whose
// backdrop or button would take it. So it is dropped for the whole document, once.
function dropFollowUpClicks() {
	if (droppingFollowUps) return
	droppingFollowUps = true
	const options = { capture: true }
	window.addEventListener('pointerdown', () => (swallowFrom = 0), options)
	window.addEventListener(
		'mousedown',
		e => {
			if (!e.isTrusted || Date.now() - swallowFrom >= SWALLOW_MS) return
			if (!tapped?.contains(e.target)) e.preventDefault()
		},
		options,
	)
	window.addEventListener(
		'click',
		e => {
			// detail 0: a click made by a key (Enter on a button), never a finger's.
			if (!e.isTrusted || e.detail === 0 || Date.now() - swallowFrom >= SWALLOW_MS) return
			e.stopPropagation()
			e.preventDefault()
			swallowFrom = 0
		},
		options,
	)
}

// The dragged element stays in place, dimmed ('lifted'); a copy of it follows the pointer.
function lift(drag) {
	const box = drag.el.getBoundingClientRect()
	drag.dx = drag.x - box.left
	drag.dy = drag.y - box.top
	const ghost = drag.el.cloneNode(true)
	ghost.className += ' ghost'
	ghost.setAttribute('aria-hidden', 'true')
	ghost.style.width = box.width + 'px'
	ghost.style.height = box.height + 'px'
	document.body.append(ghost)
	drag.ghost = ghost
	drag.el.classList.add('lifted')
	document.body.classList.add('dragging')
}

// Elements under `root` matching `selector` can be dragged (none if it is null: taps only).
// start(el, event) returns the drag's data, or null to refuse it; move(x, y, data) follows
// the pointer; end(x, y, data) gets the drop point (null, null when the drag was cancelled).
export function draggable(root, selector, { start, move, end }) {
	let drag = null // the pointer that is down: where it started, what it holds
	dropFollowUpClicks()

	const listen = on => {
		for (const [type, handler] of [
			['pointermove', onMove],
			['pointerup', onUp],
			['pointercancel', onUp],
		]) {
			window[on + 'EventListener'](type, handler, { passive: false })
		}
	}
	const cleanup = () => {
		listen('remove')
		drag?.ghost?.remove()
		drag?.el?.classList.remove('lifted')
		document.body.classList.remove('dragging')
		drag = null
	}

	function onMove(e) {
		if (!drag || e.pointerId !== drag.pointer) return
		const { clientX: x, clientY: y } = e
		if (!drag.on) {
			if (Math.hypot(x - drag.x, y - drag.y) < THRESHOLD) return
			drag.moved = true
			if (!drag.el) return
			drag.data = start(drag.el, e)
			if (!drag.data) {
				drag.el = null
				return
			}
			drag.on = true
			lift(drag)
		}
		e.preventDefault()
		drag.ghost.style.transform = `translate(${x - drag.dx}px,${y - drag.dy}px) scale(1.08)`
		move?.(x, y, drag.data)
	}

	// Up ends a drag (a cancel ends it nowhere) or, for an unmoved touch, taps.
	function onUp(e) {
		if (!drag || e.pointerId !== drag.pointer) return
		const { on, data, moved, touch, target } = drag
		const up = e.type === 'pointerup'
		cleanup()
		if (on) {
			swallowFrom = Date.now()
			tapped = null
			end(up ? e.clientX : null, up ? e.clientY : null, data)
		} else if (up && touch && !moved && target.isConnected) {
			swallowFrom = Date.now()
			tapped = target
			target.click()
		}
	}

	root.addEventListener('pointerdown', e => {
		if (e.button > 0 || drag) return
		const el = selector && e.target.closest(selector)
		drag = {
			el: el && root.contains(el) && !el.disabled ? el : null,
			target: e.target,
			pointer: e.pointerId,
			x: e.clientX,
			y: e.clientY,
			on: false,
			touch: e.pointerType !== 'mouse',
		}
		listen('add')
	})

	root.addEventListener('dragstart', e => e.preventDefault())
}
