// Drawing tiles. Presentation only: the face of an id, its colour mark, the star on an okey.
import { t } from './i18n/index.js';

export const MARKS = ['●', '▲', '■', '◆'];
const COLS = ['r', 'y', 'b', 'k'];
export const FAKE = 52;

export const faceOf = (id) => id >> 1;
export const colourOf = (face) => (face / 13) | 0;
export const valueOf = (face) => (face % 13) + 1;

export function faceLabel(face) {
  return face === FAKE ? t('fake') : `${t('c.' + COLS[colourOf(face)])} ${valueOf(face)}`;
}

export function tileLabel(id, okey) {
  const f = faceOf(id);
  if (f === FAKE) return okey == null ? t('fake') : t('fake_as', { tile: faceLabel(okey) });
  const s = faceLabel(f);
  return f === okey ? `${s}, ${t('okey')}` : s;
}

// Inner markup of a tile: numeral, colour mark, and a star for a wild okey.
export function paint(el, id, okey) {
  const f = faceOf(id);
  el.dataset.id = id;
  el.classList.add('tile');
  if (f === FAKE) {
    el.classList.add('fake');
    el.innerHTML = '<b>♣</b>';
  } else {
    el.classList.add('c' + colourOf(f));
    el.classList.toggle('okey', f === okey);
    el.innerHTML = `<b>${valueOf(f)}</b><i>${MARKS[colourOf(f)]}</i>`;
  }
  el.setAttribute('aria-label', tileLabel(id, okey));
  return el;
}

// A tile as a standalone element (button when interactive).
export function tileEl(id, okey, tag = 'span') {
  const el = document.createElement(tag);
  if (tag === 'button') el.type = 'button';
  else el.setAttribute('role', 'img');
  return paint(el, id, okey);
}

// A face, not a particular tile: no data-id.
export function faceTile(face, okey) {
  const el = tileEl(face * 2, okey);
  delete el.dataset.id;
  return el;
}

export function backTile() {
  const el = document.createElement('span');
  el.className = 'tile back';
  el.setAttribute('aria-hidden', 'true');
  return el;
}
