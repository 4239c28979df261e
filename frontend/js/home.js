// Home: one tap to play the computer, friends, pass-and-play, join, options.
import { t, LANGS, getLang } from './i18n/index.js';
import { h, btn, toast } from './ui.js';
import { api } from './api.js';
import { prefs, savePrefs, setAuth, recent, getAuth } from './state.js';
import { faceTile } from './tiles.js';

const DEFAULTS = { seats: 4, scoring: 'countdown', start_points: 20, hands: 1, target: null, run_13_1: true, pairs_finish: true, indicator_bonus: true, traditional_deal: false };
const TURNS = [30, 60, 120, 600, 3600, 43200, 86400, 259200];
const LEVELS = ['easy', 'normal', 'hard'];
const options = () => ({ ...DEFAULTS, ...prefs.options });
const myName = () => prefs.name.trim() || t('you');
const turnLabel = (s) => (s < 60 ? t('sec', { n: s }) : s < 3600 ? t('min', { n: s / 60 }) : s < 86400 ? t('hours', { n: s / 3600 }) : t('days', { n: s / 86400 }));

// Create a table, keep its token (and the request, for "play again"), open it.
export async function createTable(cfg, go) {
  const r = await api.create({ variant: 'classic', name: myName(), ...cfg });
  setAuth(r.table_id, { token: r.token, seat: r.seat, seats: r.seats, mode: cfg.mode, cfg, invite: r.invite_code });
  go('#/t/' + r.table_id);
}

export function renderHome(root, { go, setLang, setTheme }) {
  const o = options();
  const busy = (fn) => async (e) => {
    const el = e.currentTarget;
    el.disabled = true;
    try { await fn(); } catch (err) { toast(err.message || t('err_network'), 'error'); }
    el.disabled = false;
  };
  const levels = LEVELS.map((l) => h('button.chip', { 'aria-pressed': String(prefs.level === l), onclick: () => { prefs.level = l; savePrefs(); levels.forEach((b, i) => b.setAttribute('aria-pressed', String(LEVELS[i] === l))); } }, t('lvl_' + l)));
  const vsComputer = () => createTable({ mode: 'computer', options: o, turn_seconds: 86400,
    seats: [{ kind: 'human', name: myName() }, ...Array(o.seats - 1).fill({ kind: 'bot', level: prefs.level })] }, go);

  const names = h('div.names');
  const addName = (value = '') => {
    const n = names.children.length + 1;
    if (n < 5) names.append(h('input', { type: 'text', maxlength: 24, value, placeholder: t('player_n', { n }), 'aria-label': t('player_n', { n }) }));
  };
  [myName(), ''].forEach(addName);
  const hotseat = () => {
    const list = [...names.children].map((i, k) => i.value.trim() || t('player_n', { n: k + 1 }));
    return createTable({ mode: 'hotseat', options: { ...o, seats: list.length }, seats: list.map((name) => ({ kind: 'human', name })), turn_seconds: 86400, name: list[0] }, go);
  };

  const link = h('input', { type: 'url', placeholder: t('join_ph'), 'aria-label': t('join_ph'), id: 'join-link' });
  const join = () => {
    const m = link.value.match(/join\/([\w-]+)\/([\w-]+)/) || link.value.match(/table=([\w-]+)&invite=([\w-]+)/);
    if (m) go(`#/join/${m[1]}/${m[2]}`); else toast(t('bad_link'), 'error');
  };
  const select = (id, list, onchange) => h('select', { id, onchange: (e) => onchange(e.target.value) }, list.map(([k, label, on]) => h('option', { value: k, selected: on }, label)));
  const mine = recent().map((r) => h('li', h('a', { href: '#/t/' + r.id }, `${t(getAuth(r.id).mode === 'hotseat' ? 'hotseat' : 'mode_' + getAuth(r.id).mode)} · ${new Date(r.at).toLocaleString(getLang())}`)));

  root.replaceChildren(h('div.home',
    h('header.hero', h('div.logo', { 'aria-hidden': 'true' }, faceTile(6), faceTile(19, 19), faceTile(32)), h('h1', 'Istaka'), h('p.tag-line', t('tagline'))),
    h('section.card.main',
      h('button.btn.big.primary', { id: 'play-computer', onclick: busy(vsComputer) }, t('play_computer')),
      h('div.chips', { role: 'group', 'aria-label': t('level') }, levels),
      h('p.hint', t('computer_hint'))),
    h('section.card', h('h2', t('friends')), h('p.hint', t('friends_hint')),
      btn(t('create_table'), busy(() => createTable({ mode: 'friends', options: o, turn_seconds: prefs.turn }, go)), 'primary', { id: 'create-friends' })),
    h('section.card', h('h2', t('hotseat')), h('p.hint', t('hotseat_hint')), names,
      h('div.row2', btn('+', () => addName(), 'small', { 'aria-label': t('add_player') }),
        btn('−', () => names.children.length > 2 && names.lastChild.remove(), 'small', { 'aria-label': t('remove_player') }),
        btn(t('start_hotseat'), busy(hotseat), 'primary', { id: 'start-hotseat' }))),
    h('section.card', h('h2', t('join_title')), h('div.row2', link, btn(t('join'), join))),
    optionsCard(o),
    h('section.card.prefs',
      h('label', t('your_name'), h('input', { type: 'text', maxlength: 24, value: prefs.name, id: 'my-name', oninput: (e) => { prefs.name = e.target.value; savePrefs(); } })),
      h('label', t('language'), select('lang', Object.entries(LANGS).map(([k, v]) => [k, v, k === getLang()]), setLang)),
      h('label', t('theme'), select('theme', ['classic', 'candy'].map((k) => [k, t('theme_' + k), document.body.dataset.theme === k]), setTheme)),
      h('a.btn', { href: '#/rules' }, t('rules'))),
    mine.length ? h('section.card', h('h2', t('your_tables')), h('ul', mine)) : null));
}

function optionsCard(o) {
  const set = (k, v) => { prefs.options = { ...prefs.options, [k]: v }; savePrefs(); };
  const sel = (k, values, fmt = (v) => v ?? '—') => h('label', t('opt_' + k), h('select', { onchange: (e) => set(k, JSON.parse(e.target.value)) },
    values.map((v) => h('option', { value: JSON.stringify(v), selected: o[k] === v }, fmt(v)))));
  const chk = (k) => h('label.check', h('input', { type: 'checkbox', checked: o[k], onchange: (e) => set(k, e.target.checked) }), t('opt_' + k));
  return h('details.card.options', h('summary', t('table_options')),
    h('div.grid',
      h('label', t('variant'), h('select', h('option', t('classic')), h('option', { disabled: true }, t('v101_soon')))),
      sel('seats', [2, 3, 4]),
      sel('scoring', ['countdown', 'points'], (v) => t('sc_' + v)),
      sel('start_points', [5, 10, 15, 20, 25, 30]),
      sel('hands', [1, 3, 5, 7, 9, 11]),
      sel('target', [null, 5, 10, 20, 50]),
      h('label', t('opt_turn'), h('select', { onchange: (e) => { prefs.turn = +e.target.value; savePrefs(); } },
        TURNS.map((s) => h('option', { value: s, selected: prefs.turn === s }, turnLabel(s))))),
      chk('run_13_1'), chk('pairs_finish'), chk('indicator_bonus'), chk('traditional_deal')));
}
