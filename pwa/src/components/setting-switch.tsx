import type { ReactNode } from 'react';

/**
 * A card of the profile's settings column (the profile's own cards' width, 24 px below the one
 * before it): `children` inside its body.
 */
export function SettingCard({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <section className="mx-auto -mt-6 max-w-md px-4 pb-12" data-testid={testId}>
      <div className="card bg-base-200">
        <div className="card-body gap-2">{children}</div>
      </div>
    </section>
  );
}

type SettingSwitchProps = {
  /** The switch's name, beside it. */
  label: string;
  /** One line under it saying what it does; `id` ties it to the switch for screen readers. */
  help: { id: string; text: string };
  checked: boolean;
  disabled?: boolean;
  testId: string;
  onChange: (on: boolean) => void;
  /** Notes under the help (why it is disabled, an error). */
  children?: ReactNode;
};

/** An on/off setting in a SettingCard: a daisyUI toggle whose whole row (44 px high, full width) is its target. */
export function SettingSwitch({ label, help, checked, disabled, testId, onChange, children }: SettingSwitchProps) {
  return (
    <SettingCard>
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 font-semibold">
        {label}
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-primary toggle-lg"
          checked={checked}
          disabled={disabled}
          aria-describedby={help.id}
          data-testid={testId}
          onChange={(event) => onChange(event.target.checked)}
        />
      </label>
      <p className="text-sm text-base-content/70" id={help.id}>
        {help.text}
      </p>
      {children}
    </SettingCard>
  );
}
