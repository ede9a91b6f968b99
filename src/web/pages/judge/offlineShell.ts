/**
 * Registers the judge-only service worker (public/judge-sw.js, scope /judges/) and hands it the files this
 * page loaded, so a reload with no Wi-Fi still opens the mark entry screen.
 */
export function registerJudgeShell(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    // `/judges/` or another competition's `/c/{key}/judges/`: the folder of this page.
    .register('/judge-sw.js', { scope: location.pathname.replace(/\/judges\/.*$/, '/judges/') })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      const urls = [
        location.href,
        ...performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(location.origin) && !u.includes('/api/')),
      ];
      reg.active?.postMessage({ type: 'cache-shell', urls });
    })
    .catch(() => {
      // Without it the screen still works online; offline reload is then not possible.
    });
}
