/**
 * Long work in small slices: `pause()` returns at once until `sliceMs` of work has run since the last
 * pause, then waits one turn of the event loop, so other requests' sockets and timers are served.
 * Used where a request works through thousands of rows (a registration import).
 */
export function slices(sliceMs = 20): { pause: () => Promise<void> } {
  let since = performance.now();
  return {
    pause: async () => {
      if (performance.now() - since < sliceMs) return;
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    },
  };
}
