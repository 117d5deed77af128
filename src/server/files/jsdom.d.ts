// jsdom ships no types and @types/jsdom is not a dependency: the one class the SVG sanitiser uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: object;
  }
}
