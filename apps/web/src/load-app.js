// The page's one script tag (vite.config.ts puts it in place of the app's).
//
// A page the server rendered is painted from its HTML; the app's script (about 180 KB) is asked for once that first
// paint is on the screen, so on a slow line it does not take the bandwidth from the stylesheet, the fonts and the
// first pictures. A page with nothing to paint yet, or a tab in the background (which paints nothing), asks at once.
//
// Until the app takes the page over, a tap on one of its buttons would do nothing: the taps are kept, and the app
// replays them as it hydrates (main.tsx). Links and forms work without the app, so theirs are left alone.
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
let asked = false;
const load = () => {
  if (asked) return;
  asked = true;
  // A dropped connection gets one more try; the page's links and forms work meanwhile.
  import(app).catch(() => setTimeout(() => import(app), 2000));
};

const taps = [];
// A button of the page's own (MUI draws list items and tabs as elements with the role), not one inside a form.
const keep = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"]') : null;
  if (button && !button.form) taps.push(button);
};
document.addEventListener('click', keep, true);
window.sikkhaTapsBeforeApp = () => {
  document.removeEventListener('click', keep, true);
  return taps.splice(0);
};

if (!document.getElementById('root')?.hasChildNodes() || document.visibilityState === 'hidden') {
  load();
} else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // A page hidden before it painted reports no first paint.
  setTimeout(load, 3000);
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(load, 0));
}
