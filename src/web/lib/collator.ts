const collators = new Map<string, Intl.Collator>();

/**
 * The collator of a language, made once and kept: texts compared as people of the language
 * expect ("Äpfel" near "Apfel"), case ignored, numbers by value. Making one costs the browser its
 * language's data, so no page makes it twice.
 */
export function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}
