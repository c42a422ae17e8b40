import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { serverFieldErrors } from '@vsp/form/form-fields';
import { FieldError, useForm } from './use-form';

describe('the form hook on the website', () => {
  it('marks a field the page first renders with an error (a post answered without scripts)', () => {
    const refused = new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/email', rule: 'format' }, { field: 'message', rule: 'minLength' }] });
    const word = ({ field, rule }: { field: string; rule: string }) => (['email', 'message'].includes(field) ? { [field]: `${field} broke ${rule}` } : undefined);
    // The field is marked invalid and described by its error text.
    function Form() {
      const form = useForm({ initial: { email: 'mia@', message: '' }, initialErrors: () => serverFieldErrors(refused, word) });
      return (
        <form {...form.props}>
          <input {...form.field('email', 'hint')} />
          <FieldError form={form} field="email" className="problem" testId="email-problem" />
          <textarea {...form.field('message')} />
        </form>
      );
    }
    const html = renderToStaticMarkup(<Form />);
    const errorId = /<p id="([^"]+)" class="problem" role="alert" data-testid="email-problem">email broke format<\/p>/.exec(html)?.[1];
    expect(errorId).toBeDefined();
    const input = /<input [^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['name="email"', 'value="mia@"', 'aria-invalid="true"', `aria-describedby="hint ${errorId}"`]) expect(input).toContain(attribute);
    expect(/<textarea [^>]*>/.exec(html)?.[0]).toContain('aria-invalid="true"');
    // The browser's own checks stay out of the way of the form's.
    expect(html.toLowerCase()).toContain('<form novalidate=""');
  });
});
