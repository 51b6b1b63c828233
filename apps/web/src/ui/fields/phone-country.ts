// What the phone field shows of its country before the phone library arrives: flag and French name.

let french: Intl.DisplayNames | undefined;

/** A country's name in French ("Allemagne"), from the browser. */
export function countryName(code: string): string {
  french ??= new Intl.DisplayNames(['fr'], { type: 'region' });
  return french.of(code) ?? code;
}

/** A country's flag: its two letters as regional indicator symbols ("🇫🇷"); empty for anything else. */
export function countryFlag(code: string): string {
  return /^[A-Z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code].map((letter) => 0x1f1a5 + letter.charCodeAt(0)))
    : '';
}
