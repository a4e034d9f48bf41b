import { describe, expect, it } from 'vitest';
import { switchableLanguages } from '../../testing/languages';
import { BUSY_NOTE, REFUSED_NOTE, SIGN_IN_NOTE, TOO_OLD_NOTE } from '../offline/outbox/protocol';
import { apiErrorText, outboxNoteText } from './api-errors';
import { chooseLocale } from './i18n';

/** An API refusal as api-client.ts throws it (ApiRequestError's fields). */
const refusal = (code: string | undefined, message: string, details?: unknown) =>
  Object.assign(new Error(message), { status: 409, code, details });
const tomato = { _id: 'p1', name: 'Tomato' };
const banglaName = (product: { _id: string; name: string }) => (product._id === 'p1' ? 'টমেটো' : product.name);

switchableLanguages();

describe('apiErrorText in English', () => {
  it("shows the server's words as they are, else the fallback", async () => {
    await chooseLocale('en');
    expect(apiErrorText(refusal('forbidden', 'Only admins may do this.'), 'x')).toBe('Only admins may do this.');
    expect(apiErrorText(refusal('out_of_stock', 'Out of stock: Tomato', { products: [tomato] }), 'x', banglaName)).toBe(
      'Out of stock: Tomato',
    );
    expect(apiErrorText(new TypeError('Failed to fetch'), 'x')).toBe('Failed to fetch');
    expect(apiErrorText('boom', 'The order could not be placed. Try again.')).toBe(
      'The order could not be placed. Try again.',
    );
  });
});

describe('apiErrorText in Bangla', () => {
  it('says each known code in Bangla', async () => {
    await chooseLocale('bn');
    expect(apiErrorText(refusal('forbidden', 'Only admins may do this.'), 'x')).toBe('আপনার এটি করার অনুমতি নেই।');
    expect(
      apiErrorText(refusal('rate_limited', 'Too many changes in a short time; wait a moment and try again.'), 'x'),
    ).toBe('অল্প সময়ে অনেক বেশি পরিবর্তন; একটু অপেক্ষা করে আবার চেষ্টা করুন।');
    expect(apiErrorText(refusal('validation_failed', 'Some fields are invalid; see details.fields.'), 'x')).toBe(
      'কিছু তথ্য সঠিক নয়। দেখে নিয়ে আবার চেষ্টা করুন।',
    );
    expect(apiErrorText(refusal('database_busy', 'The database is busy; try again in a moment.'), 'x')).toBe(
      apiErrorText(refusal('busy', 'Many orders at once.'), 'x'),
    );
    expect(apiErrorText(refusal('database_busy', 'The database is busy; try again in a moment.'), 'x')).not.toMatch(
      /[A-Za-z]/,
    );
    expect(
      apiErrorText(
        refusal('service_misconfigured', 'The shop is not available right now; please try again later.'),
        'x',
      ),
    ).toBe('দোকানটি এখন চালু নেই; পরে আবার চেষ্টা করুন।');
  });

  it('puts in the products, order states and request id the answer gives', async () => {
    await chooseLocale('bn');
    expect(
      apiErrorText(
        refusal('out_of_stock', 'Out of stock: Tomato, Okra', { products: [tomato, { _id: 'p9', name: 'Okra' }] }),
        'x',
        banglaName,
      ),
    ).toBe('মজুত নেই: টমেটো, Okra');
    expect(
      apiErrorText(
        refusal('invalid_transition', 'This order is Approved; it can only move to Out for delivery.', {
          current: 'Approved',
          next: 'Out for delivery',
        }),
        'x',
      ),
    ).toBe('এই অর্ডারটি এখন অনুমোদিত; এটি শুধু “ডেলিভারির পথে” ধাপে যেতে পারে।');
    expect(
      apiErrorText(
        refusal('invalid_transition', 'This order is Delivered; it cannot move any further.', {
          current: 'Delivered',
          next: null,
        }),
        'x',
      ),
    ).toBe('এই অর্ডারটি এখন পৌঁছে গেছে; এটি আর এগোতে পারে না।');
    expect(
      apiErrorText(
        refusal('not_pending', 'Only Pending orders can be cancelled; this one is already Approved.', {
          current: 'Approved',
        }),
        'x',
      ),
    ).toBe('শুধু অপেক্ষমাণ অর্ডার বাতিল করা যায়; এটি এখন অনুমোদিত।');
    expect(apiErrorText(refusal('internal', 'Something went wrong on our side (request 4f2a-9).'), 'x')).toBe(
      'আমাদের দিকে কিছু একটা ভুল হয়েছে (অনুরোধ 4f2a-9)।',
    );
  });

  it("falls back to the server's words for a code it does not know or details it cannot read, and says a bare status and no connection in Bangla", async () => {
    await chooseLocale('bn');
    expect(apiErrorText(refusal('brand_new', 'Something new.'), 'x')).toBe('Something new.');
    expect(apiErrorText(refusal('invalid_transition', 'This order is Lost.', { current: 'Lost' }), 'x')).toBe(
      'This order is Lost.',
    );
    expect(apiErrorText(refusal(undefined, '502 Bad Gateway'), 'x')).toBe('সার্ভার উত্তর দিয়েছে ৫০২।');
    expect(apiErrorText(new TypeError('Failed to fetch'), 'x')).toBe('সংযোগ নেই। ইন্টারনেট দেখে আবার চেষ্টা করুন।');
    expect(apiErrorText(undefined, 'অর্ডার করা গেল না।')).toBe('অর্ডার করা গেল না।');
  });

  it("says the outbox's notes in Bangla too: checkout shows an order the outbox found refused (submit.ts) through it", async () => {
    await chooseLocale('bn');
    expect(apiErrorText(refusal(undefined, REFUSED_NOTE), 'x')).toBe('এটি নেওয়া হয়নি।');
    expect(apiErrorText(refusal('unauthenticated', SIGN_IN_NOTE), 'x')).toBe('অর্ডার পাঠাতে লগইন করুন');
  });
});

describe('outboxNoteText', () => {
  it('keeps the English note in English', async () => {
    await chooseLocale('en');
    expect(outboxNoteText({ note: SIGN_IN_NOTE })).toBe('Sign in to send your order');
    expect(outboxNoteText({ note: 'Only admins may do this.', code: 'forbidden' })).toBe('Only admins may do this.');
  });

  it("says the outbox's own notes and the server's refusals, by their code, in Bangla", async () => {
    await chooseLocale('bn');
    expect(outboxNoteText({ note: SIGN_IN_NOTE })).toBe('অর্ডার পাঠাতে লগইন করুন');
    expect(outboxNoteText({ note: BUSY_NOTE })).toBe('দোকান এখন ব্যস্ত; একটু পরে আবার চেষ্টা হবে');
    expect(outboxNoteText({ note: TOO_OLD_NOTE })).toMatch(/^পাঠানো হয়নি/);
    expect(outboxNoteText({ note: 'Orders can only be placed with your own e-mail.', code: 'forbidden' })).toBe(
      'আপনার এটি করার অনুমতি নেই।',
    );
    expect(
      outboxNoteText(
        { note: 'Out of stock: Tomato', refusal: { code: 'out_of_stock', products: [tomato] } },
        banglaName,
      ),
    ).toBe('মজুত নেই: টমেটো');
    expect(outboxNoteText({ note: 'The server answered 400.' })).toBe('সার্ভার উত্তর দিয়েছে ৪০০।');
    // Kept before codes were: the server's words.
    expect(outboxNoteText({ note: 'Only admins may do this.' })).toBe('Only admins may do this.');
    expect(outboxNoteText({})).toBe('');
  });
});
