import { apiErrorCodes } from '@contract/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchableLanguages } from '../../testing/languages';
import { formatNumber } from '../format';
import { MAX_AGE_DAYS, OutboxNoteError, type OutboxNoteFields } from '../offline/outbox/protocol';
import { DELIVERY_AREA_NAMES_KEY } from '../storage-keys';
import { apiErrorText, outboxNoteText } from './api-errors';
import { chooseLocale } from './i18n';

/** An API refusal as api-client.ts throws it (ApiRequestError's fields). */
const refusal = (code: string | undefined, message: string, details?: unknown, status = 409) =>
  Object.assign(new Error(message), { status, code, details });
const tomato = { _id: 'p1', name: 'Tomato' };
const banglaName = (product: { _id: string; name: string }) => (product._id === 'p1' ? 'টমেটো' : product.name);

/** An order the server refused for a product out of stock, as the outbox sender stores it. */
const storedOutOfStock: OutboxNoteFields = {
  note: 'refused',
  httpStatus: 409,
  code: 'out_of_stock',
  message: 'Out of stock: Tomato',
  details: { products: [tomato] },
  refusal: { code: 'out_of_stock', products: [tomato] },
};

/** Details of the kind each code's answer carries (DESIGN.md §3), for the codes whose text names them. */
const detailsOf: Readonly<Record<string, unknown>> = {
  out_of_stock: { products: [tomato] },
  not_pending: { current: 'Approved' },
  invalid_transition: { current: 'Approved', next: 'Out for delivery' },
  too_many_reviews: { limit: 3, windowHours: 24 },
  too_many_open_orders: { limit: 3 },
  too_many_units: { max: 20, products: [{ ...tomato, mayAdd: 5 }] },
  stock_below_zero: { stock: 2 },
  price_changed: { quotedTotal: 168, totalAmount: 210, lines: [{ ...tomato, quoted: 120, price: 150 }] },
  area_not_served: { areaId: 'savar' },
  below_minimum: { areaId: 'savar', minimumOrder: 500, cartTotal: 380 },
  packing_invalid: { lines: [{ _id: 'p1', reason: 'grams_out_of_range', min: 950, max: 1050 }] },
  problem_invalid: { lines: [{ _id: 'p1', reason: 'more_than_delivered', max: 2 }] },
};

switchableLanguages();

describe('apiErrorText in English', () => {
  it("says each code in the catalogue's English, else the fallback", async () => {
    await chooseLocale('en');
    expect(apiErrorText(refusal('forbidden', 'Only admins may do this.'), 'x')).toBe('You are not allowed to do this.');
    expect(apiErrorText(refusal('out_of_stock', 'Out of stock: Tomato', { products: [tomato] }), 'x')).toBe(
      'Out of stock: Tomato',
    );
    expect(apiErrorText(new TypeError('Failed to fetch'), 'x')).toBe(
      'No connection. Check your internet and try again.',
    );
    expect(apiErrorText('boom', 'The order could not be placed. Try again.')).toBe(
      'The order could not be placed. Try again.',
    );
  });

  it('names the lines whose price rose, and the totals, in English and Bangla', async () => {
    const rose = refusal('price_changed', 'Prices changed since you saw them: Tomato 120 → 150 Tk', {
      quotedTotal: 168,
      totalAmount: 1210,
      lines: [{ ...tomato, quoted: 120, price: 150 }],
    });
    await chooseLocale('en');
    expect(apiErrorText(rose, 'x')).toBe(
      'Prices rose since you saw them: Tomato 120 Tk → 150 Tk. This order is now 1,210 Tk (you saw 168 Tk).',
    );
    expect(apiErrorText(refusal('price_changed', 'x', { quotedTotal: 10, totalAmount: 124, lines: [] }), 'x')).toBe(
      'The total rose since you saw it: 10 Tk → 124 Tk.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(rose, 'x')).toBe(
      'আপনি দেখার পর দাম বেড়েছে: Tomato ৳১২০ → ৳১৫০। এই অর্ডার এখন ৳১,২১০ (আপনি দেখেছিলেন ৳১৬৮)।',
    );
  });

  it('says what the API says in English where screens and the end-to-end tests read it', async () => {
    await chooseLocale('en');
    expect(
      apiErrorText(
        refusal('invalid_transition', 'This order is Approved; it can only move to Out for delivery.', {
          current: 'Approved',
          next: 'Out for delivery',
        }),
        'x',
      ),
    ).toBe('This order is Approved; it can only move to Out for delivery.');
    expect(
      apiErrorText(
        refusal('not_pending', 'Only Pending orders can be cancelled; this one is already Approved.', {
          current: 'Approved',
        }),
        'x',
      ),
    ).toBe('Only Pending orders can be cancelled; this one is already Approved.');
    expect(
      apiErrorText(refusal('rate_limited', 'Too many changes in a short time; wait a moment and try again.'), 'x'),
    ).toBe('Too many changes in a short time; wait a moment and try again.');
    expect(
      apiErrorText(
        Object.assign(refusal('internal', 'Something went wrong on our side (request 4f2a-9).'), {
          requestId: '4f2a-9',
        }),
        'x',
      ),
    ).toBe('Something went wrong on our side (request 4f2a-9).');
    // Without the details its text names (a stub's answer), the API's own words.
    expect(apiErrorText(refusal('out_of_stock', 'Out of stock: gone', undefined, 409), 'x')).toBe('Out of stock: gone');
    expect(apiErrorText(refusal(undefined, '502 Bad Gateway', undefined, 502), 'x')).toBe('The server answered 502.');
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
    expect(
      apiErrorText(
        Object.assign(refusal('internal', 'Something went wrong on our side (request 4f2a-9).'), {
          requestId: '4f2a-9',
        }),
        'x',
      ),
    ).toBe('আমাদের দিকে কিছু একটা ভুল হয়েছে (অনুরোধ 4f2a-9)।');
  });

  it("falls back to the server's words for a code it does not know or details it cannot read, and says a bare status and no connection in Bangla", async () => {
    await chooseLocale('bn');
    expect(apiErrorText(refusal('brand_new', 'Something new.'), 'x')).toBe('Something new.');
    expect(apiErrorText(refusal('invalid_transition', 'This order is Lost.', { current: 'Lost' }), 'x')).toBe(
      'This order is Lost.',
    );
    expect(apiErrorText(refusal(undefined, '502 Bad Gateway', undefined, 502), 'x')).toBe('সার্ভার উত্তর দিয়েছে ৫০২।');
    expect(apiErrorText(new TypeError('Failed to fetch'), 'x')).toBe('সংযোগ নেই। ইন্টারনেট দেখে আবার চেষ্টা করুন।');
    expect(apiErrorText(undefined, 'অর্ডার করা গেল না।')).toBe('অর্ডার করা গেল না।');
  });

  it("says the outbox's notes in Bangla too: checkout shows an order the outbox found refused (submit.ts) through it", async () => {
    await chooseLocale('bn');
    expect(apiErrorText(new OutboxNoteError({ note: 'refused' }), 'x')).toBe('এটি নেওয়া হয়নি।');
    expect(apiErrorText(new OutboxNoteError({ note: 'signIn' }), 'x')).toBe('অর্ডার পাঠাতে লগইন করুন');
    expect(apiErrorText(new OutboxNoteError(storedOutOfStock), 'x', banglaName)).toBe('মজুত নেই: টমেটো');
  });
});

describe('a packing that does not fit its order (DESIGN.md §17)', () => {
  const invalid = refusal(
    'packing_invalid',
    'Packing does not fit the order',
    {
      lines: [
        { _id: 'p1', reason: 'grams_out_of_range', min: 950, max: 1050 },
        { _id: 'p2', reason: 'substitute_not_allowed' },
        { _id: 'p3', reason: 'a reason from a newer API' },
      ],
    },
    400,
  );
  const names = (product: { _id: string; name: string }) => ({ p2: 'Beans' })[product._id] ?? product.name;

  it('names each line that does not fit, with the grams allowed, in English and Bangla', async () => {
    await chooseLocale('en');
    expect(apiErrorText(invalid, 'x', (p) => (p._id === 'p1' ? 'Tomato' : names(p)))).toBe(
      'This packing does not fit the order: Tomato: pack 950–1,050 g; Beans: the shopper allowed no substitute.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(invalid, 'x', banglaName)).toBe(
      'এই প্যাকিং অর্ডারের সাথে মিলছে না: টমেটো: ৯৫০–১,০৫০ গ্রাম প্যাক করুন; p2: ক্রেতা বিকল্প দিতে বলেননি।',
    );
  });

  it('says a second packing is refused', async () => {
    await chooseLocale('en');
    expect(apiErrorText(refusal('already_packed', 'Already packed'), 'x')).toBe(
      'This order is packed already; a packing is saved once.',
    );
  });
});

describe('a reported problem that does not fit its order (DESIGN.md §19)', () => {
  const invalid = refusal(
    'problem_invalid',
    'Claim does not fit the order',
    {
      lines: [
        { _id: 'p1', reason: 'more_than_delivered', max: 2, name: 'Tomato' },
        { _id: 'p2', reason: 'already_claimed', name: 'Beans' },
        { _id: 'p3', reason: 'a reason from a newer API' },
      ],
    },
    400,
  );

  it('names each line with how many may be reported, in English and Bangla', async () => {
    await chooseLocale('en');
    expect(apiErrorText(invalid, 'x')).toBe(
      'These items cannot be reported: Tomato: at most 2 can be reported; Beans has already been reported',
    );
    await chooseLocale('bn');
    expect(apiErrorText(invalid, 'x', banglaName)).toBe(
      'এই পণ্যগুলোর সমস্যা জানানো যাবে না: টমেটো: সর্বোচ্চ ২টির সমস্যা জানানো যায়; Beans-এর সমস্যা আগেই জানানো হয়েছে',
    );
  });
});

describe("the admin's assigning to riders (DESIGN.md §18)", () => {
  it('says an order that moved on, and a rider since removed, in English and Bangla', async () => {
    await chooseLocale('en');
    expect(apiErrorText(refusal('not_assignable', 'Not assignable'), 'x')).toBe(
      'Only Approved, Packed or Out for delivery orders can be given to a rider.',
    );
    expect(apiErrorText(refusal('not_a_rider', 'Not a rider'), 'x')).toBe(
      'That account is not a rider any more: choose another rider.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(refusal('not_assignable', 'Not assignable'), 'x')).toBe(
      'শুধু অনুমোদিত, প্যাক করা বা ডেলিভারিতে বের হওয়া অর্ডার রাইডারকে দেওয়া যায়।',
    );
  });
});

describe('every API error code', () => {
  it.each(apiErrorCodes)('%s has a text of its own in English and in Bangla', async (code) => {
    const answer = Object.assign(refusal(code, 'SERVER WORDS', detailsOf[code]), { requestId: 'r-1' });
    await chooseLocale('en');
    const english = apiErrorText(answer, 'FALLBACK');
    await chooseLocale('bn');
    const bangla = apiErrorText(answer, 'FALLBACK', banglaName);
    for (const text of [english, bangla]) {
      expect(text).not.toMatch(/^(SERVER WORDS|FALLBACK|apiError\.|orders\.|auth\.)/);
      expect(text.trim()).not.toBe('');
    }
    expect(bangla).not.toBe(english);
  });
});

describe('the abuse limits', () => {
  it('say the limit the answer names, in English and in Bangla', async () => {
    const reviews = refusal('too_many_reviews', 'At most 3 reviews…', { limit: 3, windowHours: 24 }, 429);
    const orders = refusal('too_many_open_orders', 'You have 3 open…', { limit: 3 }, 409);
    await chooseLocale('en');
    expect(apiErrorText(reviews, 'x')).toBe('You can post at most 3 reviews a day. Please try again tomorrow.');
    expect(apiErrorText(orders, 'x')).toBe(
      'You already have 3 open orders. Wait until one is approved, or cancel one, then order again.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(reviews, 'x')).toBe('দিনে সর্বোচ্চ ৩টি রিভিউ দেওয়া যায়। আগামীকাল আবার চেষ্টা করুন।');
    expect(apiErrorText(orders, 'x')).toMatch(/^আপনার ৩টি অর্ডার এখনও খোলা আছে।/);
  });
});

describe('outboxNoteText', () => {
  it("says the outbox's notes and the server's refusals, by their code, in English", async () => {
    await chooseLocale('en');
    expect(outboxNoteText({ note: 'signIn' })).toBe('Sign in to send your order');
    expect(
      outboxNoteText({ note: 'refused', httpStatus: 403, code: 'forbidden', message: 'Only admins may do this.' }),
    ).toBe('You are not allowed to do this.');
    expect(outboxNoteText({ note: 'tooOld' })).toBe(
      `Not sent: it waited more than ${MAX_AGE_DAYS} days and prices may have changed. Please order again.`,
    );
  });

  it("says the outbox's own notes and the server's refusals, by their code, in Bangla", async () => {
    await chooseLocale('bn');
    expect(outboxNoteText({ note: 'signIn' })).toBe('অর্ডার পাঠাতে লগইন করুন');
    expect(outboxNoteText({ note: 'busy' })).toBe('দোকান এখন ব্যস্ত; একটু পরে আবার চেষ্টা হবে');
    expect(outboxNoteText({ note: 'connection' })).toBe('সংযোগের অপেক্ষায়');
    expect(outboxNoteText({ note: 'tooOld' })).toMatch(
      new RegExp(`^পাঠানো হয়নি: এটি ${formatNumber(MAX_AGE_DAYS)} দিনের বেশি`),
    );
    expect(
      outboxNoteText({
        note: 'refused',
        httpStatus: 403,
        code: 'forbidden',
        message: 'Orders can only be placed with your own e-mail.',
      }),
    ).toBe('আপনার এটি করার অনুমতি নেই।');
    expect(outboxNoteText(storedOutOfStock, banglaName)).toBe('মজুত নেই: টমেটো');
    expect(outboxNoteText({ note: 'refused', httpStatus: 400 })).toBe('সার্ভার উত্তর দিয়েছে ৪০০।');
    // A code this build has no text for (a newer API): the server's words.
    expect(outboxNoteText({ note: 'refused', httpStatus: 409, code: 'brand_new', message: 'Something new.' })).toBe(
      'Something new.',
    );
    expect(outboxNoteText({})).toBe('');
  });
});

describe('bKash refusals', () => {
  it('say bKash, not card, in English and Bangla; an outage says bKash cannot be reached', async () => {
    const started = refusal('payment_provider_error', 'The bKash payment…', { bkashCode: '2029' }, 502);
    const card = refusal('payment_provider_error', 'The card payment…', undefined, 502);
    const notBkash = refusal('not_bkash_order', 'This order is paid on delivery…', { paymentMethod: 'cod' });
    const down = refusal('payment_provider_unavailable', 'bKash cannot be reached…', { operation: 'create' }, 503);
    await chooseLocale('en');
    expect(apiErrorText(started, 'x')).toBe(
      'The bKash payment could not be started. Try again, or pay cash on delivery.',
    );
    expect(apiErrorText(card, 'x')).toBe('The card payment could not be started. Try again, or pay cash on delivery.');
    expect(apiErrorText(notBkash, 'x')).toBe('This order is not paid with bKash; it is paid as chosen at checkout.');
    expect(apiErrorText(down, 'x')).toBe(
      'bKash cannot be reached right now; your order is kept. Try again in a moment.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(started, 'x')).toMatch(/^বিকাশ পেমেন্ট শুরু করা গেল না।/);
    expect(apiErrorText(down, 'x')).toMatch(/^এই মুহূর্তে বিকাশের সাথে যোগাযোগ করা যাচ্ছে না/);
    await chooseLocale('en');
  });
});

/** A stand-in for the browser's localStorage, where the delivery areas' names are kept. */
const storage = new Map<string, string>();

describe('refusals for the delivery area (DESIGN.md §15, §16)', () => {
  const notServed = refusal('area_not_served', 'The shop does not deliver to savar.', { areaId: 'savar' });
  const belowMinimum = refusal('below_minimum', 'x', { areaId: 'savar', minimumOrder: 500, cartTotal: 380 });
  beforeEach(() =>
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    }),
  );
  afterEach(() => storage.clear());

  it('names the area, the minimum and what is missing, in English and Bangla', async () => {
    localStorage.setItem(DELIVERY_AREA_NAMES_KEY, JSON.stringify({ savar: ['Savar', 'সাভার'] }));
    await chooseLocale('en');
    expect(apiErrorText(notServed, 'x')).toBe('We do not deliver to Savar now. Choose another delivery area.');
    expect(apiErrorText(belowMinimum, 'x')).toBe(
      'Savar takes orders from 500 Tk of goods; this one has 380 Tk. Add 120 Tk more.',
    );
    await chooseLocale('bn');
    expect(apiErrorText(notServed, 'x')).toBe('সাভার-এ এখন ডেলিভারি হয় না। অন্য ডেলিভারি এলাকা বেছে নিন।');
    expect(apiErrorText(belowMinimum, 'x')).toBe(
      'সাভার-এ সর্বনিম্ন অর্ডার ৳৫০০-এর পণ্য; এই অর্ডারে আছে ৳৩৮০। আরও ৳১২০-এর পণ্য যোগ করুন।',
    );
  });

  it('names an area it does not know by its id', async () => {
    localStorage.removeItem(DELIVERY_AREA_NAMES_KEY);
    await chooseLocale('en');
    expect(apiErrorText(notServed, 'x')).toBe('We do not deliver to savar now. Choose another delivery area.');
  });

  it('says the delivery fee with the prices that rose', async () => {
    await chooseLocale('en');
    const feeRose = refusal('price_changed', 'x', {
      quotedTotal: 168,
      totalAmount: 228,
      lines: [],
      shipping: { quoted: 40, price: 100 },
    });
    expect(apiErrorText(feeRose, 'x')).toBe(
      'Prices rose since you saw them: delivery 40 Tk → 100 Tk. This order is now 228 Tk (you saw 168 Tk).',
    );
    const todaysFee = refusal('price_changed', 'x', {
      quotedTotal: 168,
      totalAmount: 228,
      lines: [{ ...tomato, quoted: 120, price: 150 }],
      shipping: 100,
    });
    expect(apiErrorText(todaysFee, 'x')).toBe(
      'Prices rose since you saw them: Tomato 120 Tk → 150 Tk, delivery now 100 Tk. This order is now 228 Tk (you saw 168 Tk).',
    );
  });
});
