import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { CloseIcon } from '@/components/layout/icons';
import type { Alert } from '@/lib/shared/types';
import styles from './AlertPopup.module.css';

export interface AlertPopupProps {
  alert: Alert;
  /** Called once the dialog has closed (close button, Escape, the link, a click on the backdrop). */
  onDismiss: () => void;
}

/**
 * The "Popup" alert: a modal dialog on the native <dialog> (`showModal()`): the browser keeps focus
 * inside it and the page behind inert, and it sits in the top layer, so it never moves the page.
 * Focus goes to its close button; the close button, Escape, following its link or a click on the
 * backdrop close it, and focus returns to what had it before. Without `showModal` (very old
 * browsers) it opens non-modally and Escape still closes it.
 */
export function AlertPopup({ alert, onDismiss }: AlertPopupProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const onDismissRef = useRef(onDismiss);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return undefined;
    // Kept across React's development double-mount, which closes and reopens the dialog.
    returnFocusTo.current ??= document.activeElement;
    if (typeof dialog.showModal === 'function') {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    } else {
      dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();

    const onClose = () => {
      // A close event queued by an earlier close() (the double-mount's) arriving after reopening.
      if (dialog.open) return;
      const previous = returnFocusTo.current;
      returnFocusTo.current = null;
      if (previous instanceof HTMLElement && previous.isConnected && previous !== document.body) previous.focus();
      onDismissRef.current();
    };
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('close', onClose);
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
    };
  }, []);

  const close = () => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    if (typeof dialog.close === 'function') {
      dialog.close();
    } else {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    }
  };

  // Escape closes it in every browser (the native `cancel` is not fired for a non-modal fallback).
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  // A click on the backdrop (outside the dialog's box) closes it; clicks inside do not.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside && (event.clientX !== 0 || event.clientY !== 0)) close();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={alert.text ? textId : undefined}
      data-alert-id={alert.id}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className={styles.panel}>
        <button ref={closeRef} type="button" className={styles.close} aria-label="Close" onClick={close}>
          <CloseIcon className={styles.closeIcon} />
        </button>
        <h2 id={titleId} className={styles.title}>
          {alert.title || 'Notice'}
        </h2>
        {alert.text ? (
          <p id={textId} className={styles.text}>
            {alert.text}
          </p>
        ) : null}
        {alert.link ? (
          <p className={styles.actions}>
            <SmartLink href={alert.link.url} className="button button--primary" onClick={close}>
              {alert.link.label}
            </SmartLink>
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
