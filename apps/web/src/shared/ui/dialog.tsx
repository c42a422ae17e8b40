import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { usePrerenderedMarkup } from '../dom/client-value';
import './button.css';
import './dialog.css';

/**
 * The website's one modal dialog, on the native <dialog> element: focus moves in and back, Escape
 * closes, the page behind is inert, the title names it. Sizes of spec section 9: `confirm` is 60%
 * wide up to 320 px with a 20 px radius; `narrow` is 40% wide, held at 320 px, and 280 px on
 * windows of 320 px or less.
 */
export type DialogSize = 'confirm' | 'narrow';

export interface DialogProps {
  open: boolean;
  /** Escape, the × and a click on the backdrop. */
  onClose: () => void;
  title: string;
  /** One sentence under the title that describes the dialog (`aria-describedby`). */
  description?: string;
  size?: DialogSize;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /**
   * The × in the corner and a click on the backdrop close it (the default). Off for a dialog whose
   * own buttons are the answers (stay or leave, continue or start over); Escape still closes it.
   */
  dismissible?: boolean;
  testId?: string;
}

export function Dialog({ open, onClose, title, description, size = 'confirm', children, actions, dismissible = true, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation();

  const prerendered = usePrerenderedMarkup();

  // A layout effect, so the dialog follows `open` before the browser paints again. A dialog the
  // prerender drew open becomes a real modal here, in the same task as hydration.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || prerendered) return;
    if (open && !dialog.matches(':modal')) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, prerendered]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      // A prerendered page shows a dialog that is open from the start before any script runs;
      // after hydration the attribute goes and the effect above opens it as a modal.
      open={(open && prerendered) || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__body">
          <div className="dialog__head">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {dismissible ? (
              <button type="button" className="dialog__close" onClick={onClose} aria-label={t('common.close')}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
          </div>
          {description ? <p id={descriptionId}>{description}</p> : null}
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
