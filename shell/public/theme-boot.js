/* global localStorage, document, window */
// Apply the saved theme and language before first paint, so a bright-theme user never sees a dark
// flash. A file rather than an inline script: the Content-Security-Policy allows no inline script
// (server/src/http/headers.ts). Loaded without defer from <head>, so it runs before the body paints.
// The theme rule is shell/src/features/theme/theme.ts's: the user's choice, else bright when the
// system asks for light, else dark.
var t = null;
try {
  t = localStorage.getItem('fw.theme');
  var l = localStorage.getItem('fw.lang');
  if (l) document.documentElement.setAttribute('lang', l);
} catch {
  // Storage blocked (private mode, policy): no choice is known; the browser's language applies.
}
if (t !== 'bright' && t !== 'dark') {
  t = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches ? 'bright' : 'dark';
}
document.documentElement.setAttribute('data-theme', t);
