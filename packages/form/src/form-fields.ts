import { accountRuleLabel, checkEmail } from '@vsp/contract/account-rules';
import { AppError, type FieldIssue } from '@vsp/contract/app-error';

/** A form's values: each field's value by its name (the control's `name`), text or a check. */
export type FieldValue = string | boolean;
export type FormValues<V> = { [K in keyof V]: FieldValue };
/** Field errors by field name: the text the form shows, in the visitor's language. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What these rules read of a control of `form.elements` (so they run without a browser too). */
export type FieldControl = Partial<Pick<HTMLInputElement, 'name' | 'type' | 'value' | 'checked' | 'disabled' | 'focus'>>;

/** The field errors that name a field (an empty text is no error). */
export function faultsOf<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  const faults: FieldErrors<F> = {};
  for (const [field, text] of Object.entries(errors) as [F, string | undefined][]) if (text) faults[field] = text;
  return faults;
}

/** The first control, in the order of the document, whose field has an error; hidden fields are never one. */
export function firstFieldInError<F extends string>(controls: Iterable<FieldControl>, errors: FieldErrors<F>): FieldControl | undefined {
  for (const control of controls) if (control.type !== 'hidden' && control.name && (errors as Record<string, string | undefined>)[control.name]) return control;
  return undefined;
}

/**
 * The values as the page's fields hold them (decisions 0139, 0157): a prerendered form is painted
 * before the app, and what the visitor typed then is in the controls, not in the app's state. Only
 * the form's own fields are read, text as text and check boxes as checks; `values` when none differs.
 */
export function valuesFromFields<V extends FormValues<V>>(controls: Iterable<FieldControl>, values: V): V {
  let changed: V | undefined;
  for (const control of controls) {
    const name = control.name as (keyof V & string) | undefined;
    if (!name || control.type === 'hidden' || control.type === 'file' || !Object.hasOwn(values, name)) continue;
    if (control.type === 'radio' && !control.checked) continue; // the group's value is its checked radio's
    const current = values[name];
    const read = typeof current === 'boolean' ? control.checked : control.value;
    if (read === undefined || read === current) continue;
    changed = { ...(changed ?? values), [name]: read };
  }
  return changed ?? values;
}

/** What is wrong with an e-mail address by the rule both sides run, worded by `t`; nothing when it is fine. */
export function emailFault(email: string, t: (key: string) => string): string | undefined {
  const rule = checkEmail(email);
  return rule && t(accountRuleLabel({ field: 'email', rule }));
}

/**
 * The server's field errors: the fields a refused request got wrong (`AppError.fields`, named by
 * their JSON path, `body/email`), each worded by the form (`word` answers the form's field and its
 * text, or nothing for a field the form does not show). Empty for any other failure.
 */
export function serverFieldErrors<F extends string>(error: unknown, word: (issue: FieldIssue) => FieldErrors<F> | undefined): FieldErrors<F> {
  if (!(error instanceof AppError) || !error.fields) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of error.fields) Object.assign(errors, word({ field: issue.field.split('/').pop() ?? issue.field, rule: issue.rule }));
  return faultsOf(errors);
}
