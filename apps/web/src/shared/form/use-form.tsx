import { useForm as useSharedForm, type FormOptions } from '@vsp/form/use-form';
import type { FormValues } from '@vsp/form/form-fields';
import { takingOver } from '../early-input/replay-early-input';

export { FieldError, worded } from '@vsp/form/use-form';

/**
 * The one form hook (`@vsp/form`, decision 0165) on the website: a prerendered form takes what its
 * fields hold when the app takes the page over (decisions 0139, 0157).
 */
export function useForm<V extends FormValues<V>, Also extends string = never>(options: FormOptions<V, (keyof V & string) | Also>) {
  return useSharedForm<V, Also>({ ...options, readFieldsAtStart: takingOver });
}
