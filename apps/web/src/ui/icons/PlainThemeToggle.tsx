import { useEffect, useState } from 'react';
import { theme as texts } from '../../i18n/fr-FR/ui.json';
import { AnimatedIcon } from './AnimatedIcon';
import { COLOR_SCHEME_KEY } from './color-scheme-key';
import classes from './PlainThemeToggle.module.css';

type Scheme = 'light' | 'dark';
const current = (): Scheme =>
  document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light';

/**
 * The light/dark switch of `ThemeToggle`, without Mantine's components: the login screen shows it before
 * they are downloaded. It remembers the choice under the same key, and tells a running Mantine provider
 * through the storage event its colour-scheme manager listens to.
 */
export function PlainThemeToggle(props: { className?: string }) {
  const [scheme, setScheme] = useState<Scheme>(current);
  useEffect(() => {
    const observer = new MutationObserver(() => setScheme(current()));
    observer.observe(document.documentElement, { attributeFilter: ['data-mantine-color-scheme'] });
    return () => observer.disconnect();
  }, []);
  const dark = scheme === 'dark';
  const toggle = () => {
    const next: Scheme = dark ? 'light' : 'dark';
    document.documentElement.setAttribute('data-mantine-color-scheme', next);
    try {
      localStorage.setItem(COLOR_SCHEME_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts until the page is left.
    }
    window.dispatchEvent(
      new StorageEvent('storage', { key: COLOR_SCHEME_KEY, newValue: next, storageArea: localStorage }),
    );
    setScheme(next);
  };
  return (
    <button
      type="button"
      className={[classes.toggle, props.className].filter(Boolean).join(' ')}
      aria-label={dark ? texts.toLight : texts.toDark}
      onClick={toggle}
    >
      <AnimatedIcon name={dark ? 'sun' : 'moon'} size={18} />
    </button>
  );
}
