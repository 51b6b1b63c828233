// What must run before the first paint, as a file: the server's CSP (script-src 'self') refuses inline scripts.

// Mantine's ColorSchemeScript: the remembered light/dark choice, so that a dark-mode user does not see the light
// theme flash. The key and the default are those of src/ui/icons/color-scheme-key.ts and App.tsx.
(() => {
  try {
    const stored = window.localStorage.getItem('sejour-color-scheme');
    let scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'light';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage refused (private mode): the app starts in its default, light.
  }
})();

// With a session (the key of src/session/token-storage.ts), the screen will show amounts and dates: the browser
// loads its French number and date data on the first formatter built (≈ 60–100 ms on a phone), which would
// otherwise land in the screen's script evaluation, after the first paint, as blocking time. Here it runs while
// the page still waits for its stylesheets and scripts. Decision 0163.
(() => {
  try {
    if (window.localStorage.getItem('token') === null) return;
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(0);
    new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(0);
  } catch {
    // Storage refused or no Intl: the screens build their formatters as they need them.
  }
})();
