import { useState } from 'react';
import { useForm, type FormOptions } from '@vsp/form/use-form';
import type { FormValues } from '@vsp/form/form-fields';

/**
 * A form over server data (`useForm`, decision 0165): the operator's edits until that data changes
 * (a save refetched it, or the page was opened again), then the data as the server has it.
 * `version` is the query's dataUpdatedAt.
 */
export function useDraftForm<V extends FormValues<V>>(server: V, version: number, options: Omit<FormOptions<V, keyof V & string>, 'initial'> = {}) {
  const form = useForm<V>({ browserChecks: true, ...options, initial: server });
  const [shown, setShown] = useState(version);
  if (shown !== version) {
    setShown(version);
    form.reset(server);
  }
  return form;
}
