import { substitutions } from '@contract/line-choice';
import { substitutionLabel } from '../line-choices';

/** The `<option>`s of a substitution select (DESIGN.md §17), in the contract's order, in the language shown. */
export function SubstitutionOptions() {
  return substitutions.map((substitution) => (
    <option key={substitution} value={substitution}>
      {substitutionLabel(substitution)}
    </option>
  ));
}
