import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { faultsOf, firstFieldInError, serverFieldErrors, valuesFromFields, type FieldControl, type FieldErrors } from './form-fields';

/** A form's controls as `form.elements` lists them: in the order of the page. */
function control(name: string, more: Partial<FieldControl> = {}) {
  return { name, type: 'text', value: '', ...more, focus: vi.fn<() => void>() };
}

describe('the form hook’s rules', () => {
  it('focuses the first field in error in the order of the page, not in the order of the errors', () => {
    const controls = [control('form', { type: 'hidden' }), control('name'), control('email'), control('topic'), control('message')];
    const errors: FieldErrors<'message' | 'email' | 'form'> = { message: 'Too short', email: 'Required', form: 'never a field' };
    const first = firstFieldInError(controls, errors);
    first?.focus?.();
    expect(first?.name).toBe('email');
    expect(controls[2]!.focus).toHaveBeenCalledOnce();
    expect(controls.filter((c) => c.focus.mock.calls.length > 0)).toHaveLength(1);
    // An empty text is no error; no error, no field.
    expect(firstFieldInError(controls, { name: '', topic: undefined })).toBeUndefined();
    expect(faultsOf({ name: '', email: 'Required', topic: undefined })).toEqual({ email: 'Required' });
  });

  it('shows the server’s field errors, named by their path, worded by the form', () => {
    const refused = new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/email', rule: 'format' }, { field: 'body/unknown', rule: 'x' }, { field: 'message', rule: 'minLength' }] });
    const word = ({ field, rule }: { field: string; rule: string }) => (['email', 'message'].includes(field) ? { [field]: `${field} broke ${rule}` } : undefined);
    expect(serverFieldErrors(refused, word)).toEqual({ email: 'email broke format', message: 'message broke minLength' });
    // Any other failure names no field: the form shows it its own way.
    expect(serverFieldErrors(new AppError(Errors.ValidationFailed), word)).toEqual({});
    expect(serverFieldErrors(new Error('offline'), word)).toEqual({});
  });

  it('keeps what the fields hold at take-over: what the visitor typed before the app took the page over', () => {
    const values = { uid: '', code: '', agreed: false, language: '' };
    const fields = [
      control('form', { type: 'hidden', value: 'account-check' }),
      control('uid', { value: '10000001' }),
      control('carried', { value: 'not one of the form’s fields' }),
      control('agreed', { type: 'checkbox', checked: true, value: 'on' }),
      control('language', { type: 'select-one', value: 'en' }),
      control('code', { type: 'file', value: 'C:\\fakepath\\song.mp3' }),
    ];
    expect(valuesFromFields(fields, values)).toEqual({ uid: '10000001', code: '', agreed: true, language: 'en' });
    // Nothing typed: the same values, so the take-over renders nothing again.
    const untouched = [control('uid'), control('agreed', { type: 'checkbox', checked: false })];
    expect(valuesFromFields(untouched, values)).toBe(values);
    // A radio group's value is its checked radio's.
    const radios = [control('language', { type: 'radio', value: 'en', checked: false }), control('language', { type: 'radio', value: 'ar', checked: true })];
    expect(valuesFromFields(radios, values).language).toBe('ar');
  });
});
