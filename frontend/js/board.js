// The felt around the rack: opponents, the four discard corners, pile,
// indicator and okey, and the dock (status line, move buttons). Rendering
// only; table.js handles the data-act attributes.
import { t, tn } from './i18n/index.js';
import { h } from './ui.js';
import { tileEl, faceTile, backTile, faceLabel } from './tiles.js';

export const legal = (v, type) => v?.legal?.find((a) => a.type === type);
export const playerOf = (v, s) => v?.players?.find((p) => p.seat === s) || {};
export const nameOf = (v, s) => playerOf(v, s).name || t('seat_n', { n: s + 1 });
const pad = (n) => String(n).padStart(2, '0');

// Seen from seat me: the relative seat, the side of the table, the discard corner.
export function place(n, s, me) {
  const rel = (s - me + n) % n;
  return {
    rel,
    side: n === 2 ? 'top' : ['', 'right', n === 3 ? 'left' : 'top', 'left'][rel],
    corner: rel === 0 ? 'br' : rel === n - 1 ? 'bl' : rel === 1 ? 'tr' : 'tl',
  };
}

export function clock(v) {
  if (!v?.deadline || v.phase === 'over' || v.mode !== 'friends') return '';
  const s = Math.max(0, Math.round((v.deadline - Date.now()) / 1000));
  return s >= 3600 ? `${(s / 3600) | 0}h${pad(((s % 3600) / 60) | 0)}` : `${(s / 60) | 0}:${pad(s % 60)}`;
}

const score = (st) => h('span.sc', { title: t('score') }, String(st.score));
const timer = (v, s) => v.turn === s && clock(v) ? h('span.clock', { 'data-clock': '' }, clock(v)) : null;

function badge(v, s, side) {
  const p = playerOf(v, s);
  const turn = v.turn === s && v.phase !== 'over';
  const name = nameOf(v, s);
  const tag = p.kind === 'bot' ? t('computer') : p.auto ? t('auto') : null;
  return h('div.opp.pos-' + side + (turn ? '.turn' : ''), { 'data-seat': s, title: p.level && t('lvl_' + p.level), 'aria-label': [name, tag, turn && t('on_turn')].filter(Boolean).join(', ') },
    h('span.av', { 'aria-hidden': 'true' }, p.kind === 'bot' ? '🤖' : [...name][0].toUpperCase()),
    h('span.who', h('b.nm', name), h('span.sub', h('small.meta', tn('n_tiles', v.seats[s].tiles)), tag && h('small.tag', tag))),
    score(v.seats[s]), timer(v, s));
}

function corner(v, s, pos, spectator) {
  const st = v.seats[s];
  const mine = !pos.rel && !spectator;
  const left = pos.rel === v.seats.length - 1 && !spectator;
  const take = left && legal(v, 'take_discard');
  const top = st.discard_top == null ? null : tileEl(st.discard_top, v.okey, take ? 'button' : 'span');
  if (take && top) {
    Object.assign(top.dataset, { act: 'take', src: 'left' });
    top.classList.add('glow');
    top.setAttribute('aria-label', t('take_x', { tile: top.getAttribute('aria-label') }));
  }
  const label = mine ? t('your_discards') : t('discards_of', { name: nameOf(v, s) });
  return h('div.disc.c-' + pos.corner + (mine ? '.mine' : '') + (left ? '.left' : ''), { 'data-seat': s, 'data-drop': mine && 'discard', 'data-act': mine && 'discard-here' },
    h('div.dslot', top),
    st.discard_count ? h('button.count', { 'data-act': 'browse', 'data-seat': s, 'aria-label': `${label}: ${st.discard_count}` }, String(st.discard_count)) : null);
}

export function status(v, me, spectator) {
  if (v.status === 'waiting') return t('s_waiting');
  if (v.phase === 'over') return t(v.match_over ? 's_match_over' : 's_hand_over');
  const turn = nameOf(v, v.turn);
  if (spectator) return t('s_turn', { name: turn });
  if (v.turn !== me) return t('s_wait', { name: turn });
  const n = v.seats.length;
  const p = { name: nameOf(v, legal(v, 'discard') ? (me + 1) % n : (me + n - 1) % n) };
  const key = legal(v, 'draw') ? (legal(v, 'take_discard') ? 's_take' : 's_take_pile')
    : legal(v, 'end_hand') ? (legal(v, 'take_discard') ? 's_empty_take' : 's_empty')
      : legal(v, 'finish') ? 's_finish' : 's_discard';
  return t(key, p) + (legal(v, 'show_indicator') ? ' · ' + t('s_can_show') : '');
}

export function renderFelt(T) {
  const v = T.view;
  const me = T.spectator ? 0 : T.seat;
  const n = v.seats.length;
  const felt = h('section.felt', { 'aria-label': t('table') });
  let bottom = null;
  for (let s = 0; s < n; s++) {
    const pos = place(n, s, me);
    if (pos.rel) felt.append(badge(v, s, pos.side)); else if (T.spectator) bottom = badge(v, s, 'bottom');
    felt.append(corner(v, s, pos, T.spectator));
  }
  const draw = legal(v, 'draw');
  const fin = legal(v, 'finish');
  felt.append(
    h('div.mid' + (fin ? '.can' : '') + (fin?.tiles.includes(T.sel) ? '.ready' : ''), { 'data-drop': 'finish', 'data-act': 'finish-here', 'aria-label': t('centre') },
      h((draw ? 'button' : 'div') + '.pile' + (draw ? '.glow' : ''), { 'data-act': draw && 'draw', 'data-src': draw && 'pile', 'aria-label': t('pile_n', { n: v.pile_count }) + (draw ? ', ' + t('tap_draw') : '') },
        backTile(), backTile(), h('b.pc', String(v.pile_count))),
      h('figure.ind', tileEl(v.indicator, null), h('figcaption', t('indicator'))),
      h('figure.ok', { 'aria-label': t('okey_is', { tile: faceLabel(v.okey) }) }, faceTile(v.okey, v.okey), h('figcaption', t('okey')))),
    dock(T, bottom));
  return felt;
}

export function dock(T, bottom) {
  const v = T.view;
  const me = T.seat;
  const mine = !T.spectator && v.seats[me];
  const d = h('div.dock', bottom,
    mine && h('div.me' + (v.turn === me && v.phase !== 'over' ? '.turn' : ''), h('b', nameOf(v, me)), score(mine), timer(v, me)),
    h('p.status', { id: 'status' }, status(v, me, T.spectator)));
  if (v.phase === 'over') d.append(h('div.acts', h('button.btn.primary', { 'data-act': 'result' }, t(legal(v, 'next_hand') ? 'next_hand' : 's_hand_over'))));
  if (!mine || T.busy) return d;
  const b = (type, act, cls, label) => {
    const a = legal(v, type);
    return a && h('button.btn.' + cls, { 'data-act': act, disabled: a.tiles && !a.tiles.includes(T.sel) }, t(label));
  };
  d.append(h('div.acts', b('show_indicator', 'show', 'gold', 'show_indicator'), b('finish', 'finish', 'gold', 'finish'),
    b('discard', 'discard', 'primary', 'discard'), b('end_hand', 'end', 'plain', 'end_hand')));
  return d;
}

export const toolbar = () => h('div.tools', { role: 'toolbar', 'aria-label': t('arrange') },
  ['runs', 'sets', 'pairs', 'best'].map((by) => h('button.tool', { 'data-act': 'sort', 'data-by': by }, t('sort_' + by))));

export function pileBrowser(v, s) {
  const st = v.seats[s];
  return h('div', h('p.hint', st.discards ? tn('n_discarded', st.discard_count) : t('only_top')),
    h('div.tilegrid', (st.discards || [st.discard_top]).filter((x) => x != null).map((id) => tileEl(id, v.okey))));
}
