import { useState, useSyncExternalStore } from 'react';

/**
 * Pressing a pointer on a control blurs the field being left, and the blur checks that field: its message may
 * appear, change or go. Were that shown at once, everything under the message would move while the button is
 * down, and the release would land on another element — the click is then lost (a checkbox stays unticked, a
 * submit button needs a second click). So from a press until the click it makes has been handled (or a short
 * while after a release that makes none: a touch's click comes after the release), what changes the height of
 * a form waits.
 */

/** How long after a release without a click the changes wait, at most. */
const RELEASE_WITHOUT_CLICK_MS = 400;

let pressed = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setPressed(value: boolean) {
  clearTimeout(fallback);
  fallback = undefined;
  if (pressed === value) return;
  pressed = value;
  for (const listener of listeners) listener();
}

const press = () => setPressed(true);
/*
 * Once the click has reached the window its handlers have run: showing the changes earlier (when it is
 * captured) would render a ticked box's field with its old value while the browser has already ticked it, and
 * React would untick it before its change handler saw the click.
 */
const clicked = () => setPressed(false);
const released = () => {
  if (!pressed) return;
  clearTimeout(fallback);
  fallback = setTimeout(() => setPressed(false), RELEASE_WITHOUT_CLICK_MS);
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('click', clicked);
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('pointerdown', press, true);
    window.removeEventListener('click', clicked);
    window.removeEventListener('pointerup', released, true);
    window.removeEventListener('pointercancel', released, true);
    setPressed(false);
  };
}

const isPressed = () => pressed;
const notPressed = () => false;

/**
 * `value` as it was when no pointer was pressed: a change made while one is (from the press to its click)
 * shows once that click has been handled.
 */
export function useSteadyWhilePressed<T>(value: T): T {
  const held = useSyncExternalStore(subscribe, isPressed, notPressed);
  const [steady, setSteady] = useState(value);
  // Kept during render (React's pattern for a value derived from the previous renders).
  if (!held && !Object.is(steady, value)) setSteady(value);
  return held ? steady : value;
}
