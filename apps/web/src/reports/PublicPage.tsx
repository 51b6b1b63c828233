import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../ui';
import classes from './PublicPage.module.css';

/** The frame of a public page outside the shell: logo, title, intro, content, links. */
export function PublicPage(props: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  links?: ReactNode;
}) {
  return (
    <main className={classes.page}>
      <Paper className={classes.card} shadow="md" p={{ base: 'md', sm: 'xl' }} withBorder>
        <div className={classes.header}>
          <img src="/logo.svg" alt="" width={40} height={40} />
          <Title order={1} size="h2" style={{ flex: 1 }}>
            {props.title}
          </Title>
          <ThemeToggle />
        </div>
        {props.intro && (
          <Text c="dimmed" size="sm" mb="md">
            {props.intro}
          </Text>
        )}
        {props.children}
        {props.links && <nav className={classes.links}>{props.links}</nav>}
      </Paper>
    </main>
  );
}
