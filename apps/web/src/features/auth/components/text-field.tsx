import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './auth-form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Field message under the input (a broken rule), announced with the field. */
  error?: string | undefined;
  hint?: string | undefined;
  /** A control inside the input's end (the password eye); it gets the input's id. */
  endControl?: (inputId: string) => ReactNode;
}

/** A labelled input with its hint and field message, for the account forms. */
export function TextField({ label, error, hint, endControl, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-field__control">
        <input
          {...inputProps}
          id={id}
          className={`auth-field__input ${endControl ? 'auth-field__input--with-button' : ''} ${className}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {endControl?.(id)}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="auth-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
