import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Probe(props: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="probe" ref={useMergeRefs(props.refs)} />;
}

describe('useMergeRefs', () => {
  it('sets every ref to the element and clears them when it goes', () => {
    const object = createRef<HTMLDivElement>();
    const seen: Array<HTMLDivElement | null> = [];
    const { unmount, getByTestId } = render(
      <Probe refs={[object, (node) => void seen.push(node), undefined]} />,
    );
    const element = getByTestId('probe');
    expect(object.current).toBe(element);
    expect(seen).toEqual([element]);
    unmount();
    expect(object.current).toBeNull();
    expect(seen).toEqual([element, null]);
  });

  it('runs a callback ref’s own cleanup instead of calling it with null', () => {
    const calls: string[] = [];
    const { unmount } = render(
      <Probe
        refs={[
          () => {
            calls.push('set');
            return () => void calls.push('cleanup');
          },
        ]}
      />,
    );
    unmount();
    expect(calls).toEqual(['set', 'cleanup']);
  });
});
