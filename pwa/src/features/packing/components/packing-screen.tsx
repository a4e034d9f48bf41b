import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { Product } from '@contract/catalogue';
import { isPackable } from '@contract/delivery';
import type { Order } from '@contract/order';
import { Spinner } from '../../../components/spinner';
import { formatPrice } from '../../../lib/format';
import { apiErrorText, packingInvalidLines } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { statusLabel } from '../../../lib/i18n/order-status';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { slotLabel } from '../../../lib/i18n/slot-label';
import { OutboxNoteError } from '../../../lib/offline/outbox/protocol';
import { dismiss } from '../../../lib/offline/outbox/store';
import { notify } from '../../../lib/toast';
import { orderKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSavePacking, useUnsentPacking } from '../api/save-packing';
import {
  billPreview,
  blankEntry,
  initialDraft,
  packingOf,
  type EntryProblem,
  type PackingDraft,
} from '../packing-form';
import { BillBar } from './bill-bar';
import { PackingLine } from './packing-line';
import { problemOnLine } from './problem-text';
import { UnsentPackingNote } from './unsent-packing-note';

type PackingScreenProps = {
  id: string;
  /** The order (its last copy offline); undefined until loaded. */
  order: Order | undefined;
  /** Why there is no order yet. */
  orderState: 'loading' | 'offline' | 'failed';
  /** The catalogue, for substitutes (undefined while it loads). */
  products: readonly Product[] | undefined;
  /** The signed-in admin's account: the packing is queued, and sent, as theirs. */
  userEmail: string;
  /** The order's details, where Back and a saved packing go. */
  orderHref: string;
};

/**
 * The packing screen of an Approved order for a tablet (DESIGN.md §17): each line to weigh, find
 * or substitute, the final bill live against the order's ceiling, and **Save packing**, sent
 * through the outbox — offline it waits there and says so. Lines the screen or the server refused
 * are marked under their fields.
 */
export function PackingScreen({ id, order, orderState, products, userEmail, orderHref }: PackingScreenProps) {
  const t = useT();
  useDocumentTitle(t('packing.title', { name: order?.customerName ?? id }));
  const back = (
    <Link to={orderHref} className="btn btn-ghost min-h-11">
      ← {t('packing.back')}
    </Link>
  );
  if (!order)
    return (
      <section>
        {back}
        {orderState === 'loading' ? (
          <Spinner label={t('orders.loadingOne')} />
        ) : (
          <p className="alert alert-warning" role="status">
            {orderState === 'offline' ? t('orders.detailsNotLoaded') : t('orders.notFound')}
          </p>
        )}
      </section>
    );
  return (
    <section className="mx-auto max-w-4xl" aria-labelledby="packing-heading">
      {back}
      <header className="my-3">
        <h1 id="packing-heading" className="text-2xl font-bold">
          {t('packing.heading', { name: order.customerName })}
        </h1>
        <p className="text-sm text-base-content/80">
          <span className="font-mono">{order._id}</span>
          {order.deliverySlot && <> · {slotLabel(order.deliverySlot)}</>}
        </p>
      </header>
      {isPackable(order.orderStatus) ? (
        <PackingForm key={order._id} order={order} products={products} userEmail={userEmail} orderHref={orderHref} />
      ) : (
        <div className="alert alert-info" role="status">
          <span>{t('packing.notPackable', { status: statusLabel(order.orderStatus) })}</span>
          <Link to={orderHref} className="btn btn-sm min-h-11">
            {t('packing.toOrder')}
          </Link>
        </div>
      )}
    </section>
  );
}

/** The lines, their entries and the save of one Approved order's packing. */
function PackingForm({
  order,
  products,
  userEmail,
  orderHref,
}: Omit<PackingScreenProps, 'id' | 'orderState'> & { order: Order }) {
  const t = useT();
  const nameOf = useStoredProductName();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PackingDraft>(() => initialDraft(order));
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, EntryProblem>>({});
  // 'fix': lines are marked (said while any still is); else what saving came to.
  const [message, setMessage] = useState<'fix' | { kind: 'error' | 'info'; text: string }>();
  // The Idempotency-Key of this packing: kept for a retry of it, new once it was refused.
  const key = useRef(crypto.randomUUID());
  const save = useSavePacking(order._id, userEmail);
  const unsent = useUnsentPacking(userEmail, order._id);
  const client = useQueryClient();
  const waited = useRef(false);
  // A packing that waited is sent (by this page or the service worker): the order is read again,
  // and this screen then says it is Packed.
  useEffect(() => {
    if (unsent?.status === 'waiting') waited.current = true;
    else if (waited.current && !unsent) {
      waited.current = false;
      void client.invalidateQueries({ queryKey: orderKeys.all });
    }
  }, [unsent, client]);
  const byId = useMemo(() => new Map((products ?? []).map((product) => [product._id, product])), [products]);
  const bill = billPreview(order, draft, byId);
  const result = packingOf(order, draft);
  const localProblems = 'problems' in result ? result.problems : {};
  const lineName = (product: { _id: string; name: string }) => {
    const line = order.orderedProduct.find((candidate) => candidate._id === product._id);
    return nameOf(line ?? product);
  };

  const problemOf = (lineId: string) => {
    const local = localProblems[lineId];
    const shownLocal = local && (submitted || (left.has(lineId) && local.reason !== 'grams_required'));
    const problem = shownLocal ? local : serverProblems[lineId];
    const line = order.orderedProduct.find((candidate) => candidate._id === lineId);
    return problem && line ? problemOnLine(problem, nameOf(line)) : undefined;
  };

  const onSave = async () => {
    setSubmitted(true);
    setMessage(undefined);
    if ('problems' in result) {
      setMessage('fix');
      document.querySelector<HTMLElement>('[data-testid="packing-line"] [aria-invalid="true"]')?.focus();
      return;
    }
    const sentKey = key.current;
    try {
      const outcome = await save.mutateAsync({ packing: result.input, key: sentKey });
      if (outcome.status === 'queued') return setMessage({ kind: 'info', text: t('packing.queued') });
      notify('admin', 'success', t('packing.saved', { amount: formatPrice(bill.finalAmount) }));
      await navigate(orderHref);
    } catch (error) {
      key.current = crypto.randomUUID();
      // Said here, under the lines: the refused item need not wait in the outbox as well.
      if (error instanceof OutboxNoteError) await dismiss(sentKey);
      const details = error instanceof OutboxNoteError ? error.item.details : (error as { details?: unknown }).details;
      setServerProblems(Object.fromEntries(packingInvalidLines(details).map((line) => [line._id, line])));
      setMessage({
        kind: 'error',
        text: t('packing.refused', { reason: apiErrorText(error, t('auth.error.other'), lineName) }),
      });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <p className="mb-3 text-base-content/80">{t('packing.intro')}</p>
      {unsent && <UnsentPackingNote item={unsent} nameOf={lineName} />}
      <ul className="grid gap-3" aria-label={t('packing.linesCaption')}>
        {order.orderedProduct.map((line) => (
          <PackingLine
            key={line._id}
            line={line}
            entry={draft[line._id] ?? blankEntry()}
            price={bill.lines[line._id] ?? 0}
            problem={problemOf(line._id)}
            products={products}
            onChange={(entry) => {
              setDraft((current) => ({ ...current, [line._id]: entry }));
              setServerProblems(({ [line._id]: _changed, ...rest }) => rest);
            }}
            onBlurGrams={() => setLeft((current) => new Set(current).add(line._id))}
          />
        ))}
      </ul>
      {message === 'fix'
        ? 'problems' in result && (
            <p className="alert alert-error mt-4" role="status">
              {t('packing.fix')}
            </p>
          )
        : message && (
            <p className={`alert mt-4 ${message.kind === 'error' ? 'alert-error' : 'alert-info'}`} role="status">
              {message.text}
            </p>
          )}
      <BillBar
        order={order}
        finalAmount={bill.finalAmount}
        saving={save.isPending}
        waiting={unsent?.status === 'waiting'}
      />
    </form>
  );
}
