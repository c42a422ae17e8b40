import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with an eye button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endControl'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      endControl={(inputId) => (
        <button
          type="button"
          className="auth-field__eye"
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={props.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" fill="currentColor" />
            {visible ? null : <path d="M3 3.7 4.4 2.3l17.3 17.3-1.4 1.4z" fill="currentColor" />}
          </svg>
        </button>
      )}
    />
  );
}
