/**
 * Input masks: `9` a digit, `A` a letter, `?` a letter or digit, `8` a numeric character (digit,
 * sign or decimal separator), `*` any character; every other mask character is written as is.
 */
const SLOTS: Record<string, RegExp> = {
  '9': /^\d$/,
  A: /^\p{L}$/u,
  '?': /^[\p{L}\d]$/u,
  '8': /^[\d.,+-]$/,
  '*': /^.$/su,
};

export interface Masked {
  /** The text with the mask's own characters: what the input shows. */
  masked: string;
  /** Only the characters typed into the mask's slots. */
  raw: string;
  /** Every slot is filled. */
  complete: boolean;
}

/**
 * Fits typed or pasted text into a mask: characters that do not fit a slot are dropped, the mask's own
 * characters are added (only before a following typed character, so deleting works), and text beyond the
 * mask is cut.
 */
export function applyMask(input: string, mask: string): Masked {
  const chars = Array.from(input);
  let masked = '';
  let raw = '';
  let pending = '';
  let i = 0;
  let slots = 0;
  let filled = 0;
  for (const m of Array.from(mask)) {
    const slot = SLOTS[m];
    if (!slot) {
      if (chars[i] === m) i += 1;
      pending += m;
      continue;
    }
    slots += 1;
    while (i < chars.length && !slot.test(chars[i] ?? '')) i += 1;
    if (i >= chars.length) continue;
    masked += pending + chars[i];
    raw += chars[i];
    pending = '';
    filled += 1;
    i += 1;
  }
  return { masked, raw, complete: filled === slots };
}

/** The form value of masked text: with the mask's characters (`keepMask`) or without. */
export function maskValue(input: string, mask: string, keepMask: boolean): string {
  const result = applyMask(input, mask);
  return keepMask ? result.masked : result.raw;
}
