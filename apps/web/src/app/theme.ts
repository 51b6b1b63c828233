import { Burger, Button, createTheme } from '@mantine/core';
import { brandTheme } from './brand-theme';
import classes from './theme.module.css';

export { cssVariablesResolver } from './brand-theme';

export const theme = createTheme({
  ...brandTheme,
  // Every component's focus ring is ours (theme.module.css): its colour follows the surface it is on.
  focusClassName: classes.focus,
  components: {
    Button: Button.extend({ classNames: { root: classes.buttonRoot, label: classes.buttonLabel } }),
    Burger: Burger.extend({ classNames: { root: classes.burgerRoot } }),
  },
});
