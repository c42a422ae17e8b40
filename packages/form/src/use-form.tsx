import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldIssue } from '@vsp/contract/app-error';
import { faultsOf, firstFieldInError, serverFieldErrors, valuesFromFields, type FieldControl, type FieldErrors, type FormValues } from './form-fields';

type Field<V> = keyof V & string;
type FieldOf<V, T> = { [K in Field<V>]: V[K] extends T ? K : never }[Field<V>];
type Hints = (string | false | undefined)[];
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FormOptions<V, E extends string> {
  /** The first values: empty, a record to edit, or the values a form posted without scripts was answered with (decision 0144). */
  initial: V | (() => V);
  /** The first field errors: the problem a form posted without scripts was answered with. */
  initialErrors?: () => FieldErrors<E>;
  /** The rules both sides run (`@vsp/contract`), worded in the visitor's language: a text per field at fault. */
  validate?: (values: V) => FieldErrors<E>;
  /** What a field's error does while the field changes: stays until the next submit (the default), goes, or follows the rules. */
  errorsOnChange?: 'stay' | 'clear' | 'check';
  /** A submit while busy (the last one still on its way) does nothing. */
  busy?: boolean;
  /**
   * Whether the form starts from what its fields hold (read once, before the first paint): the
   * website's prerendered page taken over by the app (`takingOver`, decisions 0139, 0157).
   */
  readFieldsAtStart?: () => boolean;
  /** The browser's own checks (`required`, `pattern`, `min`) run before the form's: the console's forms. */
  browserChecks?: boolean;
}

/**
 * The one form state of the website and the console (decision 0165): the values by field name (each control's `name`),
 * the field errors as the form shows them (`Also`: fields with an error and no value, a file), the
 * rules run on submit and the server's field errors. When a submit fails, the first field in error
 * in the order of the page gets the focus, which reads out its error text (`aria-describedby`,
 * `FieldError`). With `readFieldsAtStart`, a prerendered form takes what its fields hold when the app
 * takes the page over: what the visitor typed before (decisions 0139, 0157; the replay then types it again).
 */
export function useForm<V extends FormValues<V>, Also extends string = never>(options: FormOptions<V, Field<V> | Also>) {
  type E = Field<V> | Also;
  const { validate, errorsOnChange = 'stay', busy = false, readFieldsAtStart, browserChecks = false } = options;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<E>>(options.initialErrors ?? {});
  const element = useRef<HTMLFormElement | null>(null);
  const attach = useCallback((form: HTMLFormElement | null) => void (element.current = form), []);
  const ids = useId();
  /** A submit failed: the first field in error gets the focus once it can (not while disabled). */
  const focusWanted = useRef(false);

  const readAtStart = useRef(readFieldsAtStart);
  useLayoutEffect(() => {
    const fields = element.current?.elements;
    if (readAtStart.current?.() && fields) setValues((current) => valuesFromFields(Array.from(fields) as FieldControl[], current));
  }, []);

  useEffect(() => {
    if (!focusWanted.current) return;
    const first = firstFieldInError(Array.from(element.current?.elements ?? []) as FieldControl[], errors);
    if (first?.disabled) return;
    focusWanted.current = false;
    first?.focus?.();
  });

  /** Shows `found` as the form's field errors and focuses the first field in error. */
  function fail(found: FieldErrors<E>) {
    setErrors(faultsOf(found));
    focusWanted.current = true;
  }

  function set<K extends Field<V>>(field: K, value: V[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (!errors[field as E] || errorsOnChange === 'stay') return;
    const text = errorsOnChange === 'check' ? validate?.({ ...values, [field]: value })[field as E] : undefined;
    setErrors((current) => ({ ...current, [field]: text }));
  }

  const errorId = (field: E) => `${ids}${field}-error`;
  /** A field's `aria-invalid` and `aria-describedby` (its hints, then its error text). */
  const aria = (field: E, ...hints: Hints) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [...hints, errors[field] && errorId(field)].filter(Boolean).join(' ') || undefined,
  });

  return {
    values,
    errors,
    /** For the `<form>`: its controls, in the order of the page, are the fields; the rules are the form's (and the browser's with `browserChecks`). */
    props: { ref: attach, noValidate: !browserChecks },
    set,
    /** New values and no errors (after a success; a record to edit, also while rendering). */
    reset(next: V) {
      setValues(next);
      setErrors({});
    },
    /** Field errors shown without moving the focus (a file refused as it is picked). */
    setErrors,
    fail,
    /** Runs the rules for one field (on leaving it). */
    check: (field: E) => setErrors((current) => ({ ...current, [field]: validate?.(values)[field] })),
    /** Shows the server's field errors, worded by `word` (serverFieldErrors); false when it named none of the form's. */
    failWith(error: unknown, word: (issue: FieldIssue) => FieldErrors<E> | undefined): boolean {
      const found = serverFieldErrors(error, word);
      if (Object.keys(found).length > 0) fail(found);
      return Object.keys(found).length > 0;
    },
    /** The form's `onSubmit`: no native post; the rules, then `send` with the values, or the first field in error focused. */
    onSubmit: (send: (values: V) => unknown) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const found = faultsOf(validate?.(values) ?? {});
      if (Object.keys(found).length > 0) return fail(found);
      setErrors({});
      void send(values);
    },
    errorId,
    aria,
    /** A text field's, select's or text area's props: name, value, change handler and `aria`. */
    field: <K extends FieldOf<V, string>>(field: K, ...hints: Hints) => ({ name: field, value: values[field] as string, onChange: (event: ChangeEvent<Control>) => set(field, event.target.value as V[K]), ...aria(field, ...hints) }),
    /** A check box's props. */
    checkbox: <K extends FieldOf<V, boolean>>(field: K, ...hints: Hints) => ({ name: field, type: 'checkbox', checked: values[field] as boolean, onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.checked as V[K]), ...aria(field, ...hints) }),
  };
}

/** The text of a rule's label key (the contract's page-form rules answer one, or null when the value is fine). */
export const worded = (t: (key: string) => string, key: string | null) => (key === null ? undefined : t(key));

/**
 * A field's error text, announced when it appears, with the id its field's `aria-describedby`
 * names (`useForm`). `always`: the line is there while empty too, so a message appearing moves nothing.
 */
export function FieldError<E extends string>(props: { form: { errors: Partial<Record<E, string>>; errorId(field: E): string }; field: E; className: string; testId?: string; always?: boolean }) {
  const { form, field, className, testId, always } = props;
  const text = form.errors[field];
  if (!text && !always) return null;
  return (
    <p id={form.errorId(field)} className={className} role="alert" data-testid={text ? testId : undefined}>
      {text}
    </p>
  );
}
