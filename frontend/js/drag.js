// Pointer dragging (mouse, pen, touch) with a movement threshold and a ghost
// that follows the pointer. A press that never moves is a tap: for touch we
// click the element ourselves (the browser's own click can be lost to its
// double-tap detection after a drag) and drop the browser's click that follows.
const THRESHOLD = 7;

export function draggable(root, selector, { start, move, end }) {
  let st = null;
  let swallow = 0;

  const cleanup = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    st?.ghost?.remove();
    st?.el?.classList.remove('lifted');
    document.body.classList.remove('dragging');
    st = null;
  };

  function onMove(e) {
    if (!st || e.pointerId !== st.pid) return;
    const { clientX: x, clientY: y } = e;
    if (!st.on) {
      if (Math.hypot(x - st.x, y - st.y) < THRESHOLD) return;
      st.moved = true;
      if (!st.el) return;
      st.data = start(st.el, e);
      if (!st.data) { st.el = null; return; }
      st.on = true;
      const r = st.el.getBoundingClientRect();
      st.dx = st.x - r.left; st.dy = st.y - r.top;
      const g = st.el.cloneNode(true);
      g.className += ' ghost';
      g.setAttribute('aria-hidden', 'true');
      g.style.width = r.width + 'px'; g.style.height = r.height + 'px';
      document.body.append(g);
      st.ghost = g;
      st.el.classList.add('lifted');
      document.body.classList.add('dragging');
    }
    e.preventDefault();
    st.ghost.style.transform = `translate(${x - st.dx}px,${y - st.dy}px) scale(1.08)`;
    move?.(x, y, st.data);
  }

  function onUp(e) {
    if (!st || e.pointerId !== st.pid) return;
    const { on, data, moved, touch, target } = st;
    cleanup();
    if (on) { swallow = Date.now(); end(e.clientX, e.clientY, data); return; }
    if (touch && !moved && target.isConnected) { swallow = Date.now(); target.click(); }
  }

  function onCancel(e) {
    if (!st || e.pointerId !== st.pid) return;
    const { data, on } = st;
    cleanup();
    if (on) end(null, null, data);
  }

  root.addEventListener('pointerdown', (e) => {
    swallow = 0;
    if (e.button > 0 || st) return;
    const el = e.target.closest(selector);
    st = { el: el && root.contains(el) && !el.disabled ? el : null, target: e.target, pid: e.pointerId, x: e.clientX, y: e.clientY, on: false, touch: e.pointerType !== 'mouse' };
    window.addEventListener('pointermove', onMove, { passive: false });
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
  });

  root.addEventListener('click', (e) => {
    if (e.isTrusted && Date.now() - swallow < 600) { e.stopPropagation(); e.preventDefault(); swallow = 0; }
  }, true);
  root.addEventListener('dragstart', (e) => e.preventDefault());
}
