// Strings: English is built in, Turkish and Korean load on demand.
import en from './en.js';

export const LANGS = { en: 'English', tr: 'Türkçe', ko: '한국어' };
const dicts = { en };
let cur = en;
let lang = 'en';

export async function setLang(code) {
  if (!LANGS[code]) code = 'en';
  if (!dicts[code]) dicts[code] = (await import(`./${code}.js`)).default;
  cur = dicts[code];
  lang = code;
  document.documentElement.lang = code;
}

export const getLang = () => lang;

export function guessLang() {
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const c = String(l).slice(0, 2).toLowerCase();
    if (LANGS[c]) return c;
  }
  return 'en';
}

export function t(key, params) {
  let s = cur[key];
  if (s == null) {
    console.error(`i18n: missing key ${key} (${lang})`);
    s = en[key] ?? key;
  }
  return params ? s.replace(/\{(\w+)\}/g, (_, n) => params[n] ?? '') : s;
}

// Plural-free count phrases: dictionaries give "one" and "many" forms where needed.
export const tn = (key, n, p = {}) => t(n === 1 ? key + '1' : key, { n, ...p });
