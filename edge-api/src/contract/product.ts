/**
 * Product payloads: the admin's add/update bodies (spec §5; DESIGN.md §3: update sends the
 * edited fields) and the `:id` route parameter. The product as returned is in catalogue.ts.
 */
import { z } from 'zod';
import {
  categories,
  MAX_UNIT_SIZE,
  MAX_WEIGHT_TOLERANCE,
  saleUnits,
  seasons,
  type CartLine,
  type Product,
} from './catalogue';
import { cartQuantityField, recordId, requiredText } from './fields';

/** A product as the API returns it (the type is in catalogue.ts, which the first load imports). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  nameBn: z.string().nullable(),
  price: z.number().positive(),
  image: z.string(),
  category: z.enum(categories),
  season: z.enum(seasons).nullable(),
  inStock: z.boolean(),
  stock: z.number().int().min(0).nullable(),
  unit: z.enum(saleUnits),
  unitSize: z.number().int().min(1).max(MAX_UNIT_SIZE),
  weightTolerance: z.number().int().min(1).max(MAX_WEIGHT_TOLERANCE).nullable(),
}) satisfies z.ZodType<Product>;

/**
 * A cart line item (spec §4); `isCartLine` in catalogue.ts is its zod-free twin for the first load.
 * A line stored before products had units has none of the unit fields (it is in kg).
 */
export const cartLineSchema = productSchema.omit({ inStock: true, stock: true }).extend({
  nameBn: z.string().nullable().optional(),
  unit: productSchema.shape.unit.optional(),
  unitSize: productSchema.shape.unitSize.optional(),
  weightTolerance: productSchema.shape.weightTolerance.optional(),
  cartQuantity: cartQuantityField,
}) satisfies z.ZodType<CartLine>;

/**
 * Whether `n` is written with at most two decimals: its shortest round-trip text (String(n),
 * what JSON carries) is digits with at most two after the point. Not `n * 100` against its
 * rounding: in binary floating point 19.99 × 100 is 1998.9999999999998, which refused 9,175 of
 * the prices from 0.01 to 999.99. Text such as "19.990" is read as the number 19.99 first.
 */
const hasAtMostTwoDecimals = (n: number): boolean => Number.isFinite(n) && /^-?\d+(\.\d{1,2})?$/.test(String(n));

/**
 * A whole number from `min` to `max` as a number or as the form's text ("250"). The text branch
 * comes first, as in {@link priceField}, so the form shows how to write one.
 */
const wholeNumberField = (min: number, max: number, error: string) =>
  z
    .union([z.string().trim().regex(/^\d+$/, { error }).transform(Number), z.number()], { error })
    .pipe(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));

/** The refusal of a unit not in {@link saleUnits}: "Choose kg, g, piece, bundle, dozen or hali". */
export const UNIT_CHOICE_ERROR = `Choose ${saleUnits.slice(0, -1).join(', ')} or ${saleUnits.at(-1)}`;

/** How the product is sold (DESIGN.md §4 "Units"). */
export const unitField = z.enum(saleUnits, { error: UNIT_CHOICE_ERROR });

/** How many of its unit a sale unit is: grams of a `g` pack, pieces of a `piece`; 1 for most. */
export const unitSizeField = wholeNumberField(
  1,
  MAX_UNIT_SIZE,
  `Enter a whole number from 1 to ${MAX_UNIT_SIZE.toLocaleString('en')}, e.g. 1, 4 or 250`,
);

const weightToleranceError = `Enter grams from 1 to ${MAX_WEIGHT_TOLERANCE.toLocaleString('en')}, or leave it empty`;

/**
 * Grams a weighed unit may be off by ("± 50 g"); null, or the form's empty text, for none. The
 * number comes first: the form shows a failed union's first branch's message.
 */
const weightToleranceField = z.union(
  [
    wholeNumberField(1, MAX_WEIGHT_TOLERANCE, weightToleranceError),
    z.literal('', { error: weightToleranceError }).transform(() => null),
    z.null({ error: weightToleranceError }),
  ],
  { error: weightToleranceError },
);

/**
 * Price in Tk per sale unit: a positive number, or text such as "12.5" (the spec's form sends text).
 * The text branch comes first: react-hook-form's zodResolver shows a failed union's first
 * branch's message, and for the form's text that must be how to write a price, not "expected number".
 */
export const priceField = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, { error: 'Enter a price in Tk, e.g. 60 or 12.5' })
        .transform(Number),
      z.number(),
    ],
    {
      error: 'Enter a price in Tk, e.g. 60 or 12.5',
    },
  )
  .pipe(
    z
      .number()
      .positive({ error: 'The price must be more than 0 Tk' })
      .max(1_000_000, { error: 'The price must be at most 1,000,000 Tk' })
      .refine(hasAtMostTwoDecimals, {
        error: 'At most 2 decimal places (poisha)',
      }),
  );

/** A picture: an http(s) URL or one of our own `/products/...` paths. */
const imageField = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required' })
  .max(2048, { error: 'At most 2048 characters' })
  .refine((value) => /^\/products\/[\w.-]+$/.test(value) || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value), {
    error: 'Enter an http(s) URL or a /products/... path',
  });

/** Most sale units of one product the shop counts on hand. */
export const MAX_STOCK = 100_000;

/**
 * Sale units on hand (DESIGN.md §4): a whole number from 0 to {@link MAX_STOCK}, or null for
 * "not counted" (then `inStock` is the admin's switch).
 */
const stockField = z
  .number({ error: 'Enter a whole number of units, 0 or more' })
  .int({ error: 'Enter a whole number of units, 0 or more' })
  .min(0, { error: 'Enter a whole number of units, 0 or more' })
  .max(MAX_STOCK, { error: `At most ${MAX_STOCK.toLocaleString('en')} units` })
  .nullable();

/**
 * `POST /products` body. Unknown fields are dropped. `inStock` defaults to true, `nameBn` and `stock` to none,
 * `unit` to kg, `unitSize` to 1 and `weightTolerance` to none.
 */
export const productInputSchema = z.object({
  name: requiredText(80),
  // The Bangla name; an empty one means none.
  nameBn: z.string().trim().max(80, { error: 'At most 80 characters' }).nullable().optional(),
  inStock: z.boolean({ error: 'In stock is true or false' }).optional(),
  stock: stockField.optional(),
  price: priceField,
  image: imageField,
  category: z.enum(categories, { error: 'Choose vegetable or fruit' }),
  season: z.enum(seasons, { error: 'Choose summer, winter or spring' }).nullable().optional(),
  unit: unitField.optional(),
  unitSize: unitSizeField.optional(),
  weightTolerance: weightToleranceField.optional(),
});

export type ProductInput = z.input<typeof productInputSchema>;

/** `PUT /products/update/:id` body: any of the add fields (`inStock` and `nameBn` too), at least one. */
export const productUpdateSchema = productInputSchema
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Send at least one field to change',
  });

/**
 * `PATCH /products/:id/stock` body: `delta`, the units to add (positive) or take away (negative),
 * a whole number other than 0. The server adds it to the stock it has (DESIGN.md §4), so two
 * admins' −/+ and the orders taken meanwhile all count; an absolute count goes through the update.
 */
export const productStockChangeSchema = z.object({
  delta: z
    .number({ error: 'Enter a whole number of units to add or take away' })
    .int({ error: 'Enter a whole number of units to add or take away' })
    .min(-MAX_STOCK, { error: `At most ${MAX_STOCK.toLocaleString('en')} units` })
    .max(MAX_STOCK, { error: `At most ${MAX_STOCK.toLocaleString('en')} units` })
    .refine((delta) => delta !== 0, { error: 'Enter a change other than 0' }),
});

/** `GET /products?since=N`: only what changed after catalogue version N (DESIGN.md §5). */
export const catalogueQuery = z.object({
  since: z.coerce
    .number({ error: 'Enter a catalogue version' })
    .int({ error: 'Enter a catalogue version' })
    .min(0, { error: 'Enter a catalogue version' })
    .optional(),
});

/** `:id` of a product or order route. */
export const recordIdParam = z.object({ id: recordId });
