import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../icons/ThemeToggle';
import classes from './LoginCard.module.css';

/**
 * The card of the public pages (login, activation, reset): slots for logo, title, form, buttons, links;
 * the theme switch in the corner, as the shell has it in its top bar.
 */
export function LoginCard(props: {
  logo?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  buttons?: ReactNode;
  links?: ReactNode;
}) {
  return (
    <main className={classes.grid}>
      <ThemeToggle className={classes.theme} />
      <Paper className={classes.card} shadow="md" p="xl" withBorder>
        {props.logo && <div className={classes.logo}>{props.logo}</div>}
        <Title order={1} size="h2" ta="center" mb="lg">
          {props.title}
        </Title>
        <Stack gap="md">
          {props.children}
          {props.buttons}
        </Stack>
        {props.links && <div className={classes.links}>{props.links}</div>}
      </Paper>
    </main>
  );
}
