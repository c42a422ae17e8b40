import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './use-modal-dialog';
import './button.css';
import './dialog.css';

/**
 * Modal dialogs on the native <dialog> element: focus moves in and back, Escape closes, the page
 * behind is inert. Sizes of spec section 9: `confirm` is 60% wide up to 320 px with a 20 px
 * radius; `narrow` is 40% wide, held at 320 px, and 280 px on windows of 320 px or less.
 */
export type DialogSize = 'confirm' | 'narrow';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: DialogSize;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  testId?: string;
}

export function Dialog({ open, onClose, title, size = 'confirm', children, actions, testId }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const { t } = useTranslation();

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__body">
          <div className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" onClick={onClose} aria-label={t('common.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
          {actions ? <div className="dialog__actions">{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  /** When given, a cancel button is shown too. */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/** The generic confirm dialog (spec section 2): a message, a confirm button, optionally cancel. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onClose, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="confirm"
      testId={testId}
      actions={
        <>
          {cancelLabel ? (
            <button type="button" className="button button--ghost" onClick={onClose}>
              {cancelLabel}
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {confirmLabel ?? t('common.confirm')}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
