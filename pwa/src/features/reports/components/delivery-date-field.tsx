import { useId } from 'react';

/** Whether `date` is a whole `YYYY-MM-DD` date, as a date input gives it (empty while cleared or half-typed). */
export const isDeliveryDate = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date);

type DeliveryDateFieldProps = {
  /** The field's words (the catalogue's text for this card). */
  label: string;
  /** `YYYY-MM-DD`, a shop date (Asia/Dhaka). */
  value: string;
  onChange: (date: string) => void;
};

/** The delivery date a dawn-board card is for (the purchase list, the cash card): a labelled date input, 44 px tall. */
export function DeliveryDateField({ label, value, onChange }: DeliveryDateFieldProps) {
  const id = useId();
  return (
    <label className="form-control" htmlFor={id}>
      <span className="label-text mb-1 block text-sm">{label}</span>
      <input
        id={id}
        type="date"
        className="input input-bordered min-h-11"
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
