/* global localStorage, document */
// Apply the saved theme and language before first paint, so a bright-theme user never sees a dark
// flash. A file rather than an inline script: the Content-Security-Policy allows no inline script
// (server/src/http/headers.ts). Loaded without defer from <head>, so it runs before the body paints.
try {
  var t = localStorage.getItem('fw.theme');
  if (t === 'bright' || t === 'dark') document.documentElement.setAttribute('data-theme', t);
  var l = localStorage.getItem('fw.lang');
  if (l) document.documentElement.setAttribute('lang', l);
} catch {
  // Storage blocked (private mode, policy): the defaults apply, dark theme and the browser's language.
}
