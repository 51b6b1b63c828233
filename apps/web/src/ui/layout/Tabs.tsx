// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/Tabs.css';
import { Tabs as MantineTabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Keeps the chosen tab in this URL parameter, so it survives a reload and Back returns to it. */
  urlParam?: string;
  /** Controlled value; otherwise the first tab, or the URL's. */
  value?: string;
  onChange?: (value: string) => void;
  'aria-label'?: string;
}

/** Tabs with keyboard navigation (arrows, Home, End); only the active panel is rendered. */
export function Tabs(props: TabsProps) {
  const [params, setParams] = useSearchParams();
  const fromUrl = props.urlParam ? params.get(props.urlParam) : null;
  const known = (v: string | null | undefined) => (v && props.items.some((i) => i.value === v) ? v : null);
  const value = known(props.value) ?? known(fromUrl) ?? props.items[0]?.value ?? null;
  const change = (next: string | null) => {
    if (!next) return;
    props.onChange?.(next);
    const { urlParam } = props;
    if (urlParam) {
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(urlParam, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  return (
    <MantineTabs value={value} onChange={change} keepMounted={false}>
      <MantineTabs.List aria-label={props['aria-label']}>
        {props.items.map((item) => (
          <MantineTabs.Tab
            key={item.value}
            value={item.value}
            leftSection={item.icon}
            disabled={item.disabled}
          >
            {item.label}
          </MantineTabs.Tab>
        ))}
      </MantineTabs.List>
      {props.items.map((item) => (
        <MantineTabs.Panel key={item.value} value={item.value} pt="md">
          {item.content}
        </MantineTabs.Panel>
      ))}
    </MantineTabs>
  );
}
