// embed.html?table=ID[#token=...&seat=N]: a compact table for an iframe.
// Without a token it is a spectator view (no rack).
import { setLang, guessLang, t } from './i18n/index.js';
import { openTable } from './table.js';

(async () => {
  const q = new URLSearchParams(location.search);
  const f = new URLSearchParams(location.hash.slice(1));
  await setLang(q.get('lang') || guessLang());
  document.body.dataset.theme = q.get('theme') === 'candy' ? 'candy' : 'classic';
  document.title = t('title');
  const id = q.get('table');
  const app = document.getElementById('app');
  if (!id) { app.textContent = t('err_notable'); return; }
  const token = f.get('token');
  const seat = f.has('seat') ? +f.get('seat') : 0;
  const auth = token ? { token, seat, seats: [seat], mode: 'embed' } : null;
  openTable(app, id, {
    embed: true, auth,
    go: (to) => { if (typeof to === 'string') window.open(new URL(to, new URL('./', location.href)).href, '_blank', 'noopener'); },
    create: null,
  });
})();
