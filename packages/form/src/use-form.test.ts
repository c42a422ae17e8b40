import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from './use-form';

describe('the form hook', () => {
  it('leaves the browser’s own checks on only when the form asks for them (the console’s forms)', () => {
    function Form({ browserChecks }: { browserChecks: boolean }) {
      const form = useForm({ initial: { code: '' }, browserChecks });
      return createElement('form', form.props, createElement('input', { ...form.field('code'), required: true }));
    }
    expect(renderToStaticMarkup(createElement(Form, { browserChecks: true })).toLowerCase()).not.toContain('novalidate');
    expect(renderToStaticMarkup(createElement(Form, { browserChecks: false })).toLowerCase()).toContain('<form novalidate=""');
  });
});
