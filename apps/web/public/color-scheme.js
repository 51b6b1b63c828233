// Mantine's ColorSchemeScript, as a file: the server's CSP (script-src 'self') refuses inline scripts.
// Runs before the first paint so that a dark-mode user does not see the light theme flash. The key and the
// default are those of src/ui/icons/color-scheme.ts and App.tsx.
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
