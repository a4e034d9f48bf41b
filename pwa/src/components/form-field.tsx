import { useId, type ReactNode } from 'react';

/** What FormField hands its control: spread these onto the input, textarea or select. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: string;
  /** The inline error; nothing is shown (and the control is valid) while undefined or empty. */
  error?: string;
  /** Keeps the label for screen readers and `getByLabel` only (a form that shows placeholders). */
  hideLabel?: boolean;
  /** Classes for the wrapper, e.g. a grid span. */
  className?: string;
  /** Renders the control, given the props that tie it to the label and the error. */
  children: (field: FieldControlProps) => ReactNode;
};

/**
 * One form field: the label, the control and its inline error. The label names the control
 * (`htmlFor`); while there is an error the control is `aria-invalid` and described by it.
 *
 * ```tsx
 * <FormField label="E-mail" error={errors.email?.message}>
 *   {(field) => <input {...field} type="email" className="input" {...register('email')} />}
 * </FormField>
 * ```
 */
export function FormField({ label, error, hideLabel = false, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium'}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
