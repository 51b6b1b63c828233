/** The Unicode line breaker pdfkit's text wrapper uses (UAX #14); the package ships no types. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next break opportunity: where it is, and whether the text requires it (a line feed…). */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
