import type { Order } from '@contract/order';
import { problemReasons, type ProblemReason } from '@contract/problem';
import { useEffect, useRef, useState } from 'react';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { notify } from '../../../lib/toast';
import { useReportProblem } from '../api/report-problem';
import { claimLines, type DeliveredLine, type LineChoice, type LineError } from '../problem-model';
import { reasonText } from '../problem-text';
import { ProblemPhoto, type PhotoState } from './problem-photo';

type ReportProblemDialogProps = {
  order: Pick<Order, '_id'>;
  /** The order's lines as delivered with units not reported yet (problem-model.ts). */
  lines: readonly DeliveredLine[];
  /** The signed-in account: the report is queued, and sent, as theirs. */
  email: string;
  open: boolean;
  onClose: () => void;
  /** The key of this order's refused report in the outbox, if any: a new report takes its place. */
  replaces?: string | undefined;
};

const unticked: LineChoice = { ticked: false, reason: '', quantity: '1' };

/**
 * The report screen of a delivered order (DESIGN.md §19), a modal dialog: a checkbox per line
 * delivered (a substitute by its name), and for each ticked one the reason and how many (1..units
 * not reported yet), each with its error inline; an optional photo from the camera, shrunk here
 * (ProblemPhoto); Send queues it in the outbox under an Idempotency-Key made once — sent now, or
 * once online (said so) — and a refusal is said inline, the choices kept, a new Send replacing the
 * refused item. It stays mounted when closed, so Cancel loses nothing the shopper entered.
 * The default export: My Orders imports it only when a shopper first opens it.
 */
export default function ReportProblemDialog({
  order,
  lines,
  email,
  open,
  onClose,
  replaces,
}: ReportProblemDialogProps) {
  const t = useT();
  const nameOf = useStoredProductName();
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [errors, setErrors] = useState<Record<string, LineError>>({});
  const [none, setNone] = useState(false);
  const [photo, setPhoto] = useState<PhotoState>({ status: 'none' });
  const [refusal, setRefusal] = useState<string>();
  const key = useRef<string | undefined>(undefined);
  const refusedKey = useRef<string | undefined>(undefined);
  const report = useReportProblem(email);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  /** Changes line `id`'s choice; the error of a field the shopper changes goes until the next Send. */
  const choose = (id: string, change: Partial<LineChoice>) => {
    setChoices((now) => ({ ...now, [id]: { ...(now[id] ?? unticked), ...change } }));
    setNone(false);
    setErrors((now) => {
      const { [id]: line, ...rest } = now;
      const left = {
        ...(line?.reason && change.reason === undefined && change.ticked !== false && { reason: line.reason }),
        ...(line?.quantity && change.quantity === undefined && change.ticked !== false && { quantity: line.quantity }),
      };
      return Object.keys(left).length > 0 ? { ...rest, [id]: left } : rest;
    });
  };

  const send = async () => {
    if (report.isPending || photo.status === 'shrinking') return;
    const claim = claimLines(lines, choices);
    if ('errors' in claim) {
      setErrors(claim.errors);
      setNone(claim.none);
      return;
    }
    setErrors({});
    setNone(false);
    setRefusal(undefined);
    key.current ??= crypto.randomUUID();
    try {
      const outcome = await report.mutateAsync({
        payload: {
          orderId: order._id,
          lines: claim.lines,
          ...(photo.status === 'ready' && { photo: { type: photo.photo.type, bytes: photo.photo.bytes } }),
        },
        key: key.current,
        replaces: refusedKey.current ?? replaces,
      });
      onClose();
      if (outcome.status === 'sent') notify('order', 'success', t('problem.report.sent'));
      else notify('order', 'info', t('problem.report.queued'));
      key.current = undefined;
      refusedKey.current = undefined;
      setChoices({});
      if (photo.status === 'ready') URL.revokeObjectURL(photo.url);
      setPhoto({ status: 'none' });
    } catch (error) {
      // Refused for good: said here with the choices kept; a new Send is a new claim in its place.
      refusedKey.current = key.current;
      key.current = undefined;
      setRefusal(apiErrorText(error, t('problem.report.other'), nameOf));
    }
  };

  const headingId = `report-${order._id}-heading`;
  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      onClose={onClose}
      data-testid="report-problem"
    >
      <form
        className="modal-box grid max-h-[90dvh] gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <h2 id={headingId} className="text-xl font-bold">
          {t('problem.report.button')}
        </h2>
        <p className="text-sm">{t('problem.report.intro')}</p>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">{t('problem.report.items')}</legend>
          {lines.map((line) => {
            const choice = choices[line._id] ?? unticked;
            const error = errors[line._id];
            const name = nameOf({ _id: line.productId, name: line.name });
            const reasonId = `report-${order._id}-${line._id}-reason`;
            const quantityId = `report-${order._id}-${line._id}-quantity`;
            return (
              <div
                key={line._id}
                className="grid gap-2 rounded-box border border-base-300 p-3"
                data-testid="report-line"
              >
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-primary"
                    checked={choice.ticked}
                    onChange={(event) => choose(line._id, { ticked: event.target.checked })}
                  />
                  <span className="font-medium">{name}</span>
                  <span className="ms-auto text-sm text-base-content/70">
                    {t('problem.report.delivered', { count: formatNumber(line.delivered) })}
                  </span>
                </label>
                {choice.ticked && (
                  <div className="grid grid-cols-[1fr_7rem] gap-2">
                    <div>
                      <label htmlFor={reasonId} className="mb-1 block text-sm font-medium">
                        {t('problem.report.reason')}
                      </label>
                      <select
                        id={reasonId}
                        className="select select-bordered min-h-11 w-full"
                        value={choice.reason}
                        aria-invalid={error?.reason ? true : undefined}
                        aria-describedby={error?.reason ? `${reasonId}-error` : undefined}
                        onChange={(event) => choose(line._id, { reason: event.target.value as ProblemReason })}
                      >
                        <option value="">{t('problem.report.chooseReason')}</option>
                        {problemReasons.map((reason) => (
                          <option key={reason} value={reason}>
                            {reasonText(reason)}
                          </option>
                        ))}
                      </select>
                      {error?.reason && (
                        <p id={`${reasonId}-error`} className="mt-1 text-sm text-error" role="alert">
                          {t('problem.report.error.reason')}
                        </p>
                      )}
                    </div>
                    <div>
                      <label htmlFor={quantityId} className="mb-1 block text-sm font-medium">
                        {t('problem.report.quantity', { max: formatNumber(line.left) })}
                      </label>
                      <input
                        id={quantityId}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={line.left}
                        step={1}
                        className="input input-bordered min-h-11 w-full"
                        value={choice.quantity}
                        aria-invalid={error?.quantity ? true : undefined}
                        aria-describedby={error?.quantity ? `${quantityId}-error` : undefined}
                        onChange={(event) => choose(line._id, { quantity: event.target.value })}
                      />
                      {error?.quantity && (
                        <p id={`${quantityId}-error`} className="mt-1 text-sm text-error" role="alert">
                          {t('problem.report.error.quantity', { max: formatNumber(error.quantity.max) })}
                        </p>
                      )}
                    </div>
                  </div>
                )}
              </div>
            );
          })}
          {none && (
            <p className="text-sm text-error" role="alert">
              {t('problem.report.error.none')}
            </p>
          )}
        </fieldset>
        <ProblemPhoto orderId={order._id} photo={photo} onPhoto={setPhoto} />
        {refusal && (
          <p className="alert alert-error text-sm" role="alert" data-testid="report-refused">
            {refusal}
          </p>
        )}
        <div className="modal-action mt-0 flex-wrap">
          <button type="button" className="btn btn-ghost min-h-11" onClick={onClose}>
            {t('problem.report.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary min-h-11"
            disabled={report.isPending || photo.status === 'shrinking'}
          >
            {t('problem.report.send')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
