// Between hands: the winner's rack in its groups, how it scored, the match
// table, the revealed seed with "verify the shuffle", next hand / play again.
import { t } from './i18n/index.js';
import { h } from './ui.js';
import { tileEl } from './tiles.js';
import { nameOf, legal } from './board.js';
import { verifyHand } from './verify.js';

const signed = (n) => (n > 0 ? '+' + n : String(n));

function how(r) {
  if (r.winner == null) return t('r_nowinner');
  const kind = t(r.kind === 'pairs' ? 'r_pairs' : 'r_melds');
  return r.okey_finish ? `${kind} · ${t('r_okey')}` : kind;
}

export function matchTable(v) {
  const n = v.seats.length;
  const rows = [...(v.history || [])];
  if (v.phase === 'over' && v.result) rows.push([v.result.winner, v.result.kind, v.result.okey_finish, v.result.deltas]);
  return h('table.match',
    h('caption', t('match_table')),
    h('thead', h('tr', h('th', { scope: 'col' }, t('hand')), Array.from({ length: n }, (_, s) => h('th', { scope: 'col' }, nameOf(v, s))))),
    h('tbody', rows.map((r, i) => h('tr', h('th', { scope: 'row' }, String(i + 1)), r[3].map((d, s) => h('td' + (s === r[0] ? '.win' : ''), signed(d)))))),
    h('tfoot', h('tr', h('th', { scope: 'row' }, t('total')), (v.scores || v.seats.map((x) => x.score)).map((sc, s) => h('td' + (v.match_winners?.includes(s) ? '.win' : ''), String(sc))))));
}

// The panel; handlers: {next, again, home, events(): Promise<events[]>}
export function resultPanel(v, on) {
  const r = v.result || {};
  const title = r.winner == null ? t('r_draw_title') : r.winner === v.you ? t('r_you_win') : t('r_wins', { name: nameOf(v, r.winner) });
  const groups = (r.groups || []).map((g) => h('div.group', g.map((id) => tileEl(id, v.okey))));
  const placed = r.placed != null ? h('div.placed', h('small', t('r_placed')), tileEl(r.placed, v.okey)) : null;
  const deltas = h('ul.deltas', (r.deltas || []).map((d, s) => h('li', h('span', nameOf(v, s)), h('b' + (d > 0 ? '.up' : d < 0 ? '.down' : ''), signed(d)))));
  const out = h('div.verify', { 'aria-live': 'polite' });
  const check = h('button.btn.small', { id: 'verify' }, t('verify'));
  check.onclick = async () => {
    check.disabled = true;
    out.textContent = t('verifying');
    try {
      const { checks } = await verifyHand(v, await on.events());
      const ok = checks.every((c) => c.ok);
      out.replaceChildren(h('p.vres.' + (ok ? 'ok' : 'bad'), ok ? t('v_all_ok') : t('v_bad')),
        h('ul', checks.map((c) => h('li.' + (c.ok ? 'ok' : 'bad'), `${c.ok ? '✓' : '✗'} ${t(c.key)}`))));
    } catch (e) { out.textContent = `${t('v_error')} ${e.message}`; }
    check.disabled = false;
  };
  const match = v.match_over && h('p.matchres', v.match_winners.length ? t('m_winners', { names: v.match_winners.map((s) => nameOf(v, s)).join(', ') }) : t('m_over'));
  const buttons = h('div.acts',
    legal(v, 'next_hand') ? h('button.btn.primary', { id: 'next-hand', onclick: on.next }, t('next_hand')) : null,
    v.match_over && on.again ? h('button.btn.primary', { id: 'play-again', onclick: on.again }, t('play_again')) : null,
    h('button.btn', { onclick: on.home }, t('home')),
    h('button.btn', { onclick: on.hide }, t('see_table')));
  return h('section.result', { role: 'dialog', 'aria-label': title, id: 'result' },
    h('h2', title),
    match,
    h('p.how', how(r)),
    groups.length ? h('div.groups', groups, placed) : null,
    deltas,
    buttons,
    matchTable(v),
    v.seed ? h('details.seed', h('summary', t('fair')),
      h('p.hint', t('fair_hint')),
      h('p.mono', h('small', t('seed') + ' '), v.seed),
      h('p.mono', h('small', 'sha256 '), v.seed_hash),
      check, out) : null);
}
