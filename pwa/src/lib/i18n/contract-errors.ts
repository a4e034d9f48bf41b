/**
 * The shared contract's field messages (edge-api/src/contract) in the language shown. Forms
 * checked with a contract schema show what zod said, and the contract speaks English (the API
 * answers with the same words); the English messages here are the contract's, word for word.
 */
import { UNIT_CHOICE_ERROR } from '@contract/product';
import { currentLocale, t } from './i18n';

const exact: Record<string, () => string> = {
  Required: () => t('form.required'),
  'Enter a valid e-mail address': () => t('form.validEmail'),
  'Enter 6–20 digits (+, - and spaces allowed)': () => t('form.phone'),
  'Enter a Bangladeshi mobile number, e.g. 01711-223344': () => t('form.bdMobile'),
  'Choose a delivery area': () => t('form.areaRequired'),
  'Enter a price in Tk, e.g. 60 or 12.5': () => t('form.price'),
  'The price must be more than 0 Tk': () => t('form.pricePositive'),
  'The price must be at most 1,000,000 Tk': () => t('form.priceMax'),
  'At most 2 decimal places (poisha)': () => t('form.priceDecimals'),
  'Enter an http(s) URL or a /products/... path': () => t('form.imageUrl'),
  'Choose vegetable or fruit': () => t('form.category'),
  [UNIT_CHOICE_ERROR]: () => t('form.unit'),
  'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250': () => t('form.unitSize'),
  'Enter grams from 1 to 1,000, or leave it empty': () => t('form.weightTolerance'),
  'Enter a whole number of units, 0 or more': () => t('form.stock'),
  'At most 100,000 units': () => t('form.stockMax'),
};

/** zod's own names of the kinds of value, in the language shown (its message "Invalid input: expected number, received string"). */
function kindOf(kind: string): string {
  if (currentLocale() === 'en') return kind;
  const kinds: Record<string, () => string> = {
    number: () => t('form.kind.number'),
    string: () => t('form.kind.text'),
    undefined: () => t('form.kind.nothing'),
  };
  return Object.hasOwn(kinds, kind) ? (kinds[kind] as () => string)() : kind;
}

const patterns: readonly (readonly [RegExp, (match: RegExpExecArray) => string])[] = [
  [/^At most (\d+) characters$/, (match) => t('form.tooLong', { max: Number(match[1]) })],
  // zod's default for a value of the wrong kind, where a contract field names no message of its own.
  [
    /^Invalid input: expected (\w+), received (\w+)$/,
    (match) => t('form.wrongKind', { expected: kindOf(match[1] ?? ''), received: kindOf(match[2] ?? '') }),
  ],
];

/** `message` (a contract field message) in the language shown; a message it does not know as it is. */
export function contractError(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = Object.hasOwn(exact, message) ? exact[message] : undefined;
  if (known) return known();
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(message);
    if (match) return translate(match);
  }
  return message;
}
