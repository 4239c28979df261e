// A table: loads and polls the view, keeps the rack layout, sends moves,
// animates and announces the other players' moves.
import { t, tn } from './i18n/index.js';
import { h, $, $$, toast, modal, closeModal, announce, shareBox, btn } from './ui.js';
import { api, ApiError } from './api.js';
import { getAuth, setAuth, uuid, sleep } from './state.js';
import { reconcile, renderRack, place as putTile, locate, slotAt, step } from './rack.js';
import { draggable } from './drag.js';
import { renderFelt, dock, toolbar, legal, nameOf, clock, pileBrowser } from './board.js';
import { resultPanel, matchTable } from './end.js';
import { poller, paceFor } from './poll.js';
import { tileEl, backTile, tileLabel } from './tiles.js';

const EV = { draw: 'e_draw', take_discard: 'e_take', discard: 'e_discard', finish: 'e_finish', show_indicator: 'e_show', end_hand: 'e_end', deal: 'e_deal' };
const MOVES = ['draw', 'take_discard', 'discard', 'finish'];
const strip = (v) => JSON.stringify({ ...v, events: 0, events_complete: 0 });
const same = (a, b) => a && b && a.version === b.version && strip(a) === strip(b);

export function openTable(mount, id, env) {
  const root = h('div.screen');
  mount.replaceChildren(root);
  const auth = env.auth !== undefined ? env.auth : getAuth(id);
  const T = { spectator: !auth, view: null, seat: auth ? auth.seat : null, layouts: {}, sel: null };
  const held = () => T.view?.held_seats || auth?.seats || [];
  const token = auth?.token;
  const L = () => T.layouts[T.seat];
  const fetchView = (since, etag) => api.view(id, { token, seat: T.spectator ? null : T.seat, since, etag });

  async function tick() {
    if (T.busy || T.closed) return false;
    const v = await fetchView(T.view?.version, T.view?.etag);
    if (!v) return false;
    if (same(v, T.view)) { Object.defineProperty(T.view, 'etag', { value: v.etag, configurable: true }); return false; }
    await apply(v);
    return true;
  }

  // A new view: catch up on events, pass a shared device to the seat on turn, re-render.
  async function apply(v, own) {
    const prev = T.view;
    if (prev && v.version < prev.version) return;
    if (prev && v.version > prev.version && !v.events) v = (await fetchView(prev.version).catch(() => 0)) || v;
    if (held().length > 1 && v.turn != null && v.phase !== 'over' && v.turn !== T.seat && held().includes(v.turn)) {
      T.seat = v.turn;
      T.covered = true;
      T.sel = null;
      v = (await fetchView(prev?.version).catch(() => 0)) || v;
    }
    T.view = v;
    if (auth && !env.embed) { auth.seen = v.version; setAuth(id, auth); }
    if (v.you != null && v.rack) {
      const Lv = T.layouts[v.you] = reconcile(T.layouts[v.you] || v.rack_layout, v.rack, T.prefer);
      if (T.prefer) T.fresh = Lv[T.prefer[0]][T.prefer[1]];
      T.prefer = null;
      if (!v.rack.includes(T.sel)) T.sel = null;
    }
    if (prev && v.events?.length && !T.covered) await playEvents(v.events.filter((e) => e.v > prev.version), prev.pile_count, own);
    if (prev && v.hand !== prev.hand) T.hideResult = false;
    render();
  }

  // ---------- the other players' moves ----------
  async function fly(from, to, tile) {
    if (!from || !to || document.hidden || matchMedia('(prefers-reduced-motion:reduce)').matches) return;
    const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
    const el = tile == null ? backTile() : tileEl(tile, T.view.okey);
    el.classList.add('flyer');
    document.body.append(el);
    const p = (r) => `translate(${r.left + (r.width - el.offsetWidth) / 2}px,${r.top + (r.height - el.offsetHeight) / 2}px)`;
    try { await el.animate([{ transform: p(a) }, { transform: p(b) }], { duration: T.speed, easing: 'ease-out' }).finished; } catch { /* cut short */ }
    el.remove();
  }
  const describe = (e, v) => EV[e.type] && t(EV[e.type], { name: nameOf(v, e.seat), from: nameOf(v, e.source ?? 0), n: (e.hand ?? 0) + 1, tile: e.tile != null ? tileLabel(e.tile, v.okey) : '' }) + (e.auto ? ' ' + t('e_auto') : '');
  async function playEvents(events, pc, own) {
    const v = T.view;
    const others = events.filter((e) => T.spectator || e.auto || e.type === 'deal' || !held().includes(e.seat));
    const said = others.map((e) => describe(e, v)).filter(Boolean);
    if (said.length > 6) { announce(tn('e_many', said.length) + ' ' + said.slice(-3).join(' ')); if (!own) toast(tn('e_many', said.length)); } else if (said.length) announce(said.join(' '));
    const anim = others.filter((e) => MOVES.includes(e.type)).slice(-12);
    T.speed = anim.length > 6 ? 170 : 280;
    const disc = (s) => $(`.disc[data-seat="${s}"] .dslot`, root);
    for (const e of anim) {
      if (T.closed || $('.modal')) break;
      const who = e.seat === T.seat && !T.spectator ? $('.rack', root) : $(`.opp[data-seat="${e.seat}"]`, root);
      if (e.type === 'draw') { await fly($('.pile', root), who); const c = $('.pc', root); if (c) c.textContent = --pc; }
      if (e.type === 'take_discard') { const d = disc(e.source); d?.replaceChildren(); await fly(d, who, e.tile); }
      if (e.type === 'discard') { const d = disc(e.seat); await fly(who, d, e.tile); d?.replaceChildren(tileEl(e.tile, v.okey)); }
      if (e.type === 'finish') await fly(who, $('.mid', root), e.tile);
    }
  }

  // ---------- moves ----------
  async function act(type, tile, prefer) {
    const v = T.view;
    if (T.busy || !v) return;
    // A finish the legal list does not offer still goes to the server, which says why not.
    if (!legal(v, type) && !(type === 'finish' && legal(v, 'discard'))) return toast(t(v.turn === T.seat ? 'not_now' : 'not_your_turn'));
    T.busy = true;
    T.sel = T.hint = null;
    if (type === 'discard') {
      const at = locate(L(), tile);
      if (at) L()[at[0]][at[1]] = null;
      render();
      $('.mine .dslot', root)?.replaceChildren(tileEl(tile, v.okey));
    } else $('.dock', root)?.replaceWith(dock(T));
    try {
      const nv = await api.act(id, token, { type, tile, expected_version: v.version, action_id: uuid(), seat: T.seat });
      T.prefer = prefer;
      T.busy = false;
      await apply(nv, true);
    } catch (e) {
      T.busy = false;
      await fail(e);
    }
  }

  // 409 and network trouble: quietly take the current view. Refusals: the server's message.
  async function fail(e) {
    if (e.status === 409 && e.body?.view) return apply(e.body.view);
    if (e instanceof ApiError && e.status !== 409) toast(e.message, 'error');
    try { const v = await fetchView(T.view?.version); if (v) return await apply(v); } catch { /* offline */ }
    render();
  }

  let saveTimer;
  function saveLayout() {
    clearTimeout(saveTimer);
    const seat = T.seat;
    saveTimer = setTimeout(() => api.rack(id, token, T.layouts[seat], seat).catch(() => {}), 700);
  }

  async function arrange(by) {
    try {
      const r = await api.arrangement(id, token, T.seat, by);
      T.layouts[T.seat] = reconcile(r.layout, T.view.rack);
      T.hint = r.discard;
      T.sel = null;
      rackOnly();
      saveLayout();
    } catch (e) { toast(e instanceof ApiError ? e.message : t('err_network'), 'error'); }
  }

  // ---------- rendering ----------
  function render() {
    if (T.closed) return;
    if (T.dragging) { T.dirty = true; return; }
    const v = T.view;
    const focus = document.activeElement?.closest?.('.rack .tile')?.dataset.id;
    if (!v) return root.replaceChildren(h('div.loading', t('loading')));
    const hasRack = !T.spectator && v.rack && !T.covered;
    const icon = (act, label, text) => h('button.icon', { 'data-act': act, 'aria-label': t(label) }, text);
    root.replaceChildren(h('div.table' + (env.embed ? '.compact' : '') + (hasRack ? '' : '.norack'), { id: 'table' },
      h('header.bar', env.embed ? null : icon('menu', 'menu', '☰'),
        h('span.title', `${t('hand')} ${v.hand + 1} · ${t('sc_' + v.options.scoring)}`),
        icon('scores', 'scores', '🏆'), env.embed ? null : icon('help', 'rules', '?')),
      renderFelt(T),
      hasRack ? h('section.rackwrap', toolbar(), h('div.rack', { id: 'rack' })) : null));
    if (hasRack) rackOnly(focus);
    if (v.status === 'waiting') root.append(waitingPanel());
    else if (v.phase === 'over' && !T.hideResult) root.append(h('div.overlay', resultPanel(v, endHandlers)));
    if (T.covered) {
      const c = h('button.cover', { id: 'cover', onclick: () => { T.covered = false; render(); } },
        h('span.big', backTile(), backTile()), h('strong', t('pass_to', { name: nameOf(v, T.seat) })), h('span', t('tap_continue')));
      root.append(c);
      setTimeout(() => c.focus());
    }
  }

  function rackOnly(focus) {
    const el = $('.rack', root);
    if (!el || !L()) return;
    const fin = legal(T.view, 'finish')?.tiles || [];
    renderRack(el, L(), { okey: T.view.okey, selected: T.sel, hint: T.hint, fresh: T.fresh, focus: focus == null ? null : +focus, canfin: fin });
    $('.dock', root)?.replaceWith(dock(T));
    $('.mid', root)?.classList.toggle('ready', fin.includes(T.sel));
    if (focus != null) el.querySelector(`[data-id="${focus}"]`)?.focus();
  }

  const inviteUrl = () => {
    const code = T.view.invite_code || auth?.invite;
    return code && new URL(`#/join/${id}/${code}`, location.href.split('#')[0]).href;
  };

  function waitingPanel() {
    const v = T.view;
    const url = inviteUrl();
    return h('div.overlay', h('section.result', { id: 'waiting' },
      h('h2', t('s_waiting')),
      h('ul.seats', v.players.map((p) => h('li', h('span.av', p.kind === 'bot' ? '🤖' : p.name ? [...p.name][0] : '·'), p.name || t('open_seat')))),
      url ? h('div', h('p.hint', t('invite_hint')), shareBox(url, t('invite_title'), 'invite-link', true)) : null,
      v.creator ? btn(t('start_now'), async (e) => { e.currentTarget.disabled = true; try { await apply(await api.start(id, token)); } catch (err) { await fail(err); } }, 'primary', { id: 'start-now' }) : h('p.hint', t('waiting_host')),
      btn(t('home'), () => env.go('#/'))));
  }

  const endHandlers = {
    next: () => act('next_hand'),
    home: () => env.go('#/'),
    hide: () => { T.hideResult = true; render(); },
    again: auth?.cfg && !env.embed && (() => env.create(auth.cfg).catch((e) => toast(e.message, 'error'))),
    events: async () => (await fetchView(0)).events || [],
  };

  function menu() {
    const v = T.view;
    const url = inviteUrl();
    const snippet = `<iframe src="${new URL('embed.html?table=' + id, location.href).href}" width="100%" height="420" style="border:0;max-width:720px" title="Okey"></iframe>`;
    const quiet = v.creator ? v.players.filter((p) => p.kind === 'human' && !held().includes(p.seat)) : [];
    const go = (to) => () => { closeModal(); env.go(to); };
    modal(t('menu'), h('div.menu',
      url ? [h('h3', t('invite_title')), shareBox(url, t('invite_title'), null, true)] : null,
      h('h3', t('embed_title')), h('p.hint', t('embed_hint')), shareBox(snippet, t('embed_title'), 'embed-snippet'),
      quiet.length ? [h('h3', t('replace_title')), quiet.map((p) => btn(t('replace_x', { name: p.name }), async () => { closeModal(); try { await apply(await api.bot(id, token, p.seat)); } catch (e) { await fail(e); } }, 'small'))] : null,
      h('p', btn(t('rules'), go('#/rules')), ' ', btn(t('home'), go('#/')))));
  }

  // ---------- input: taps, keys, drags ----------
  root.addEventListener('click', (e) => {
    const el = e.target.closest('[data-act], .rack .slot');
    const v = T.view;
    if (!el || !v) return;
    const a = el.dataset.act;
    const s = +el.dataset.seat;
    if (!a) {
      const tile = el.firstChild;
      if (tile) { const n = +tile.dataset.id; T.sel = T.sel === n ? null : n; T.hint = null; return rackOnly(n); }
      if (T.sel != null) { const n = T.sel; putTile(L(), n, +el.dataset.r, +el.dataset.c); T.sel = null; rackOnly(n); saveLayout(); }
      return;
    }
    const selIs = (type) => T.sel != null && legal(v, type);
    if (a === 'draw') act('draw');
    else if (a === 'take') act('take_discard');
    else if (a === 'discard' || (a === 'discard-here' && selIs('discard'))) T.sel != null && act('discard', T.sel);
    else if (a === 'finish' || (a === 'finish-here' && selIs('discard'))) T.sel != null && act('finish', T.sel);
    else if (a === 'show') act('show_indicator');
    else if (a === 'end') act('end_hand');
    else if (a === 'browse' || a === 'discard-here') modal(s === T.seat && !T.spectator ? t('your_discards') : t('discards_of', { name: nameOf(v, s) }), pileBrowser(v, s));
    else if (a === 'sort') arrange(el.dataset.by);
    else if (a === 'menu') menu();
    else if (a === 'scores') modal(t('scores'), matchTable(v));
    else if (a === 'help') env.go('#/rules');
    else if (a === 'result') { T.hideResult = false; render(); }
  });

  // Arrows move focus, or the picked-up tile; Enter/Space picks up; D discards, F finishes.
  root.addEventListener('keydown', (e) => {
    const tile = e.target.closest?.('.rack .tile');
    if (!tile) return;
    const n = +tile.dataset.id;
    const k = e.key.toLowerCase();
    if (k === 'escape') { T.sel = null; return rackOnly(n); }
    if (k === 'd' || k === 'delete' || k === 'f') { e.preventDefault(); return act(k === 'f' ? 'finish' : 'discard', n); }
    const moving = T.sel === n;
    const to = e.key.startsWith('Arrow') && step(L(), locate(L(), n), e.key, moving);
    if (!to) return;
    e.preventDefault();
    if (moving) { putTile(L(), n, to[0], to[1]); saveLayout(); }
    rackOnly(moving ? n : L()[to[0]][to[1]]);
  });

  let over = null;
  const mark = (el) => { if (over !== el) { over?.classList.remove('over'); over = el; el?.classList.add('over'); } };
  const target = (x, y) => {
    const rack = $('.rack', root);
    return { drop: document.elementFromPoint(x, y)?.closest('[data-drop]'), slot: rack && slotAt(rack, x, y), rack };
  };
  const done = () => { T.dirty ? render() : rackOnly(); T.dirty = false; };
  draggable(root, '.rack .tile, [data-src]', {
    start(el) {
      if (T.busy || T.covered) return null;
      T.dragging = true;
      if (el.dataset.src) return { src: el.dataset.src };
      const n = T.sel = +el.dataset.id;
      el.classList.add('sel');
      $('.mid', root)?.classList.toggle('ready', !!legal(T.view, 'finish')?.tiles?.includes(n));
      $('.mine', root)?.classList.toggle('ready', !!legal(T.view, 'discard'));
      return { id: n };
    },
    move(x, y, d) {
      const { drop, slot, rack } = target(x, y);
      mark(d.src ? slot && rack : drop || (slot && rack.children[slot[0]].children[slot[1]]));
    },
    end(x, y, d) {
      mark(null);
      T.dragging = false;
      $('.mine', root)?.classList.remove('ready');
      const { drop, slot } = x == null ? {} : target(x, y);
      const kind = drop?.dataset.drop;
      T.sel = null;
      if (d.src) { if (slot) { T.dirty = false; return act(d.src === 'pile' ? 'draw' : 'take_discard', null, slot); } return done(); }
      if (kind && legal(T.view, 'discard')) { T.dirty = false; return act(kind, d.id); }
      if (slot) { putTile(L(), d.id, slot[0], slot[1]); saveLayout(); }
      done();
    },
  });

  // ---------- start ----------
  const clockTimer = setInterval(() => { for (const c of $$('[data-clock]', root)) c.textContent = clock(T.view); }, 1000);
  let poll;
  (async () => {
    render();
    try {
      let v = await fetchView(auth?.seen);
      const hot = (v.held_seats || []).length > 1 && v.turn != null && v.phase !== 'over';
      if (hot) {
        T.covered = true;
        if (v.turn !== T.seat) { T.seat = v.turn; v = await fetchView(); }
      }
      const events = v.events || [];
      T.view = v;
      if (v.you != null && v.rack) T.layouts[v.you] = reconcile(v.rack_layout, v.rack);
      render();
      performance.mark('istaka-ready');
      if (events.length && auth?.seen != null && !T.covered) {
        await sleep(300);
        await playEvents(events.filter((e) => e.v > auth.seen), v.pile_count + events.filter((e) => e.type === 'draw').length);
        render();
      }
    } catch (e) {
      root.replaceChildren(h('div.loading', h('p', e.status === 404 ? t('err_notable') : e.message), btn(t('home'), () => env.go('#/'))));
      if (e instanceof ApiError) return;
    }
    poll = poller(tick, (idle, hidden) => paceFor(T.view, T.view?.turn === T.seat, hidden, idle));
  })();

  return () => { T.closed = true; poll?.stop(); clearInterval(clockTimer); clearTimeout(saveTimer); };
}
