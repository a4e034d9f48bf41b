/**
 * The delivery-area contract's field messages (edge-api/src/contract/delivery-area.ts, word for
 * word, as the form and the API say them) and the API's own (a taken id, a slot the shop does not run) in the language shown; the shared ones (Required, At
 * most N characters, a wrong kind of value) as lib/i18n/contract-errors.ts says them.
 */
import { contractError } from '../../lib/i18n/contract-errors';
import { t } from '../../lib/i18n/i18n';

const exact: Record<string, () => string> = {
  'Another area has this id': () => t('areas.error.idTaken'),
  'Use lower-case letters, digits and hyphens': () => t('areas.error.idFormat'),
  'Enter a number (Tk)': () => t('areas.error.number'),
  'Enter whole Tk': () => t('areas.error.whole'),
  'Must be 0 or more': () => t('areas.error.negative'),
  'At most 100000 Tk': () => t('areas.error.max'),
  'Use HH:MM, e.g. 09:00': () => t('areas.error.slotTime'),
  'Expected a list of HH:MM times': () => t('areas.error.slotTime'),
  'Choose at least one slot, or all': () => t('areas.error.noSlot'),
  'At most 24 slots': () => t('areas.error.tooManySlots'),
  'Each slot once': () => t('areas.error.slotTwice'),
  'Expected true or false': () => t('areas.error.onOff'),
};

/** `message` (an area field's message, the contract's or the API's) in the language shown; one it does not know as it is. */
export function areaError(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = Object.hasOwn(exact, message) ? exact[message] : undefined;
  if (known) return known();
  // The API's refusal of a slot start the shop's day does not have (it names the shop's starts).
  if (message.startsWith('Not a delivery slot')) return t('areas.error.notShopSlot');
  return contractError(message);
}
