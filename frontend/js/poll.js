// Polling cadence: ~1 s while a live table is active, backing off on async
// tables and hidden tabs, catching up at once on focus or visibility.
export function poller(tick, pace) {
  let timer, stopped, running, idle = 0;
  async function run() {
    clearTimeout(timer);
    if (stopped || running) return;
    running = true;
    const changed = await tick().catch(() => false);
    running = false;
    idle = changed ? 0 : idle + 1;
    if (!stopped) timer = setTimeout(run, pace(idle, document.hidden));
  }
  const wake = () => { if (!document.hidden) { idle = 0; run(); } };
  const on = (f) => ['visibilitychange', 'focus', 'online'].forEach((e) => f(e, wake));
  on(addEventListener);
  timer = setTimeout(run, 1000);
  return { stop() { stopped = true; clearTimeout(timer); on(removeEventListener); } };
}

// The delay before the next poll; idle counts polls that brought nothing new.
export function paceFor(v, mine, hidden, idle) {
  if (hidden) return 30000;
  const live = v?.turn_seconds <= 300;
  if (!v || v.status === 'waiting') return 2000;
  if (v.phase === 'over') return live ? 3000 : 15000;
  if (live) return mine ? 2500 : 1000;
  return Math.min(30000, 2000 * 1.6 ** Math.min(idle, 8));
}
