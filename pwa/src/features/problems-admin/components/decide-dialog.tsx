import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Problem, ProblemDecision } from '@contract/problem';
import { DialogFormFooter } from '../../../components/dialog-form-footer';
import { FormField } from '../../../components/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useDecideProblem } from '../api/problems';
import { decisionError } from '../decision-errors';
import {
  decisionFieldErrors,
  decisionFormSchema,
  decisionFormValues,
  decisionsFor,
  type DecisionBody,
  type DecisionField,
  type DecisionFormValues,
} from '../decision-form';

type DecideDialogProps = {
  problem: Problem;
  /** Whether saving is possible (online). */
  canSave: boolean;
  /** Called with the refusal's text when another admin decided it first (409 already_decided). */
  onDecidedElsewhere: (text: string) => void;
  onClose: () => void;
};

/**
 * The decision on an open problem (DESIGN.md §19) in a modal dialog: store credit (the amount
 * prefilled with the claim's worth, at most that), a refund (only when the order was prepaid)
 * or a decline (a note required: the shopper reads it). Checked with the contract's rules before
 * sending; the API's field errors go under their fields, in the language shown. Saved: a toast
 * and the dialog closes (the problem leaves the Open list); decided by someone else meanwhile:
 * the dialog closes and the list says so.
 */
export function DecideDialog({ problem, canSave, onDecidedElsewhere, onClose }: DecideDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const decide = useDecideProblem();
  const [failure, setFailure] = useState<string[]>();
  const { register, handleSubmit, formState, control, setError } = useForm<DecisionFormValues, unknown, DecisionBody>({
    resolver: zodResolver(decisionFormSchema(problem.worth)),
    defaultValues: decisionFormValues(problem),
  });
  const { errors } = formState;
  const decision = useWatch({ control, name: 'decision' });
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const name = problem.customerName;
  const worth = formatPrice(problem.worth);

  const submit = async (body: DecisionBody) => {
    setFailure(undefined);
    try {
      const decided = await decide.mutateAsync({ id: problem._id, body });
      const amount = formatPrice(decided.amount);
      notify(
        'admin',
        'success',
        decided.status === 'declined'
          ? t('problems.saved.decline', { name })
          : decided.status === 'refunded'
            ? t('problems.saved.refund', { name, amount })
            : t('problems.saved.credit', { name, amount }),
      );
      dialog.current?.close();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'already_decided') {
        onDecidedElsewhere(apiErrorText(error, t('problems.notSavedOther')));
        dialog.current?.close();
        return;
      }
      const invalid = error instanceof ApiRequestError && error.code === 'validation_failed';
      const { fields, other } = invalid ? decisionFieldErrors(error.details) : { fields: {}, other: [] };
      for (const [field, message] of Object.entries(fields)) setError(field as DecisionField, { message });
      const said = invalid ? t('problems.notSaved') : apiErrorText(error, t('problems.notSavedOther'));
      setFailure([said, ...other.map((message) => decisionError(message, problem.worth) ?? message)]);
      notify('admin', 'error', said);
    }
  };

  // Literal ids: the build compiles each t() call's English (pwa/i18n-inline.ts).
  const texts: Record<ProblemDecision, { label: string; hint: string; confirm: string }> = {
    credit: {
      label: t('problems.decision.credit'),
      hint: t('problems.decisionHint.credit'),
      confirm: t('problems.confirm.credit'),
    },
    refund: {
      label: t('problems.decision.refund'),
      hint: t('problems.decisionHint.refund'),
      confirm: t('problems.confirm.refund'),
    },
    decline: {
      label: t('problems.decision.decline'),
      hint: t('problems.decisionHint.decline'),
      confirm: t('problems.confirm.decline'),
    },
  };
  const hintId = (field: string) => `${ids}-${field}-hint`;
  /** The control's error and, when shown, its hint: both read out with it. */
  const described = (own: string | undefined, field: string, hint = true) =>
    [own, hint && hintId(field)].filter(Boolean).join(' ') || undefined;
  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      data-testid="decide-dialog"
    >
      <div className="modal-box max-h-[92dvh] w-full sm:max-w-xl">
        <h2 id={`${ids}-title`} className="text-xl font-bold">
          {t('problems.dialogTitle', { name })}
        </h2>
        <p className="mb-4 text-base-content/80">{t('problems.worth', { amount: worth })}</p>
        <form className="grid gap-4" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('problems.decision')}</legend>
            {decisionsFor(problem).map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input type="radio" className="radio mt-0.5" value={choice} {...register('decision')} />
                <span>
                  <span className="block font-medium">{texts[choice].label}</span>
                  <span className="block text-sm text-base-content/70">{texts[choice].hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {decision !== 'decline' && (
            <div>
              <FormField label={t('problems.amount')} error={decisionError(errors.amount?.message, problem.worth)}>
                {(field) => (
                  <input
                    {...field}
                    aria-describedby={described(field['aria-describedby'], 'amount', !errors.amount)}
                    className="input input-bordered min-h-11 w-full max-w-xs"
                    inputMode="decimal"
                    autoComplete="off"
                    {...register('amount')}
                  />
                )}
              </FormField>
              {/* The hint says what an error about the amount says already: one of them at a time. */}
              {!errors.amount && (
                <p id={hintId('amount')} className="mt-1 text-xs text-base-content/70">
                  {t('problems.amountHint', { worth })}
                </p>
              )}
            </div>
          )}
          <div>
            <FormField label={t('problems.note')} error={decisionError(errors.note?.message, problem.worth)}>
              {(field) => (
                <textarea
                  {...field}
                  aria-describedby={described(field['aria-describedby'], 'note')}
                  className="textarea textarea-bordered min-h-24 w-full"
                  maxLength={300}
                  {...register('note')}
                />
              )}
            </FormField>
            <p id={hintId('note')} className="mt-1 text-xs text-base-content/70">
              {decision === 'decline' ? t('problems.noteHint.decline') : t('problems.noteHint.other')}
            </p>
          </div>
          <DialogFormFooter
            failure={failure}
            cancelLabel={t('problems.cancel')}
            onCancel={() => dialog.current?.close()}
            submitLabel={texts[decision].confirm}
            submitClassName={decision === 'decline' ? 'btn-error' : 'btn-success'}
            disabled={!canSave || formState.isSubmitting}
          />
        </form>
      </div>
    </dialog>
  );
}
