import { Table, type TableTdProps } from '@mantine/core';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import classes from './Cards.module.css';

/** The class of a `<Table>` inside a `CardsBox`: the table that becomes one card per row in a narrow box. */
export const cardsTableClass = classes.table;

/**
 * The box of a table that shows as cards when narrow (below 720 px of its own width), and otherwise scrolls
 * inside itself when wider than the box. `minWidth`: the table's width below which it would squeeze its
 * columns, while it still shows as a table. Other attributes go to the scrolling element (a labelled,
 * focusable region when the table may hold nothing focusable).
 */
export function CardsBox({
  minWidth,
  children,
  ...scroller
}: { minWidth?: number; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={classes.box}
      style={{ '--list-min-width': minWidth ? `${minWidth}px` : undefined } as CSSProperties}
    >
      <div className={classes.scroll} {...scroller}>
        {children}
      </div>
    </div>
  );
}

/**
 * A cell of such a table: in a card it reads "label: value", the label drawn by the style sheet (not in the
 * cell's text; spoken by no screen reader, which has the column's header). Without a label (an actions cell)
 * the content alone takes the line.
 */
export function CardCell({ label, ...props }: TableTdProps & { label?: string; children?: ReactNode }) {
  return <Table.Td {...props} data-label={label || undefined} />;
}
