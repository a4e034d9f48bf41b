import { useId, useState } from 'react';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { formatNumber } from '../../../lib/format';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useAssignRider, useRiders } from '../api/riders';
import { isAssignable, type RunOrder } from '../rider-runs';

type AssignRiderProps = {
  order: RunOrder;
  /** Whether writes are possible (online). */
  disabled: boolean;
  /** `compact`: a Manage Orders row (a smaller label); else the order details' card. */
  compact?: boolean;
};

/**
 * Gives an Approved, Packed or Out for delivery order to a rider (DESIGN.md §18): the rider it
 * has and its stop ("Karim · stop 2"), a select of the riders and **Assign** (the last stop of
 * that rider's run; 44 px targets for a tablet). A refusal (409 `not_assignable`: the order moved
 * on meanwhile) is said under it, in the language shown, and stays said once the order has moved
 * on. Nothing else for other orders.
 */
export function AssignRider({ order, disabled, compact = false }: AssignRiderProps) {
  useLocale(); // renders again in the language chosen
  const selectId = useId();
  const riders = useRiders();
  const assign = useAssignRider();
  const [chosen, setChosen] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // A refusal stays said once the order, refreshed, shows why (it moved on meanwhile).
  if (!isAssignable(order.orderStatus))
    return problem ? (
      <p role="alert" className="text-sm text-error" data-testid="assign-problem">
        {problem}
      </p>
    ) : null;
  const riderUid = chosen ?? order.rider?.uid ?? '';
  const onAssign = () => {
    setProblem(undefined);
    assign.mutate(
      { id: order._id, riderUid },
      {
        onSuccess: (assigned) => {
          const name = riders.data?.find((rider) => rider.uid === riderUid)?.name ?? '';
          const stop = typeof assigned.stop === 'number' ? formatNumber(assigned.stop) : '';
          notify('admin', 'success', t('assign.assigned', { name, stop }));
          setChosen(undefined);
        },
        onError: (error) => setProblem(apiErrorText(error, t('assign.failed'))),
      },
    );
  };
  const current =
    order.rider &&
    (typeof order.stop === 'number'
      ? t('assign.stopOf', { name: order.rider.name, stop: formatNumber(order.stop) })
      : order.rider.name);
  return (
    <div className="grid gap-1" data-testid="assign-rider">
      <label htmlFor={selectId} className={compact ? 'text-xs text-base-content/70' : 'text-sm font-medium'}>
        {t('assign.rider')}
      </label>
      <p className="text-sm font-semibold" data-testid="assigned-rider">
        {current || <span className="font-normal text-base-content/70">{t('assign.notAssigned')}</span>}
      </p>
      {riders.data?.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('assign.noRiders')}</p>
      ) : (
        <div className={compact ? 'grid gap-2' : 'flex flex-wrap gap-2'}>
          <select
            id={selectId}
            className={`select select-bordered min-h-11 min-w-0 ${compact ? 'w-full' : 'flex-1'}`}
            value={riderUid}
            disabled={disabled || !riders.data}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="" disabled>
              {t('assign.choose')}
            </option>
            {riders.data?.map((rider) => (
              <option key={rider.uid} value={rider.uid}>
                {rider.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={`btn btn-secondary min-h-11 ${compact ? 'btn-sm' : ''}`}
            disabled={disabled || assign.isPending || !riderUid || riderUid === order.rider?.uid}
            onClick={onAssign}
          >
            {t('assign.assign')}
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-error" data-testid="assign-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
