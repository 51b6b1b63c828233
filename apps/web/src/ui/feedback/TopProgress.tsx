import classes from './TopProgress.module.css';

/**
 * Something the screen waits for (its code, its data): an indeterminate bar along the window's top edge,
 * a named `progressbar` for assistive technology. React alone, so that the entry can show it too.
 */
export function TopProgress({ label }: { label: string }) {
  return (
    <div className={classes.bar} role="progressbar" aria-label={label} data-testid="top-progress">
      <div className={classes.indicator} />
    </div>
  );
}
