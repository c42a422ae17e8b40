import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog';
import './recharge.css';

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Buttons; the first gets the focus. */
  actions: ReactNode;
  onClose: () => void;
  testId?: string;
}

/** A modal on the native dialog element: focus is trapped, Escape closes it, the page behind is inert. */
export function Dialog({ open, title, children, actions, onClose, testId }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="recharge-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid={testId}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div className="recharge-dialog__body">{children}</div>
          <div className="recharge-dialog__actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
