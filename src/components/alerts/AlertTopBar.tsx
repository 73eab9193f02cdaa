import { useLayoutEffect, useRef, useState } from 'react';
import { SmartLink } from '@/components/content/SmartLink';
import { CloseIcon } from '@/components/layout/icons';
import { scriptedStyle } from '@/lib/browser/scriptedStyle';
import type { Alert } from '@/lib/shared/types';
import styles from './AlertTopBar.module.css';

export interface AlertTopBarProps {
  alert: Alert;
  onDismiss: () => void;
}

/**
 * Set on the content below the bar (<main> and the footer) while it is shown: its height, by which
 * they are moved down. Registered as not inherited (globals.css `@property`), so setting it restyles
 * those two elements, not every element inside them (issue 19: set on <html>, it restyled the page).
 */
export const NOTICE_OFFSET_PROPERTY = '--site-notice-offset';

/**
 * What the offset is set on: the elements globals.css moves by it (the same selector). Set in a
 * rule (scriptedStyle), not inline: an inline style on <main> restyled all of <main> on pages with
 * WordPress's table CSS (issue 19).
 */
const MOVED_CONTENT = '#main, #main ~ footer';

/**
 * The "Top bar" alert: a notice bar with the alert's title, text, optional link and a close button.
 *
 * It arrives after load (SWR), so inserting it into the flow would push the page down: a layout
 * shift (CLS). Instead it is positioned absolutely where the content begins (under the header, at
 * the top of the document, so it scrolls away with the page and slides under the sticky header),
 * and the content below it (<main> and the footer, its later siblings) is moved down by its height
 * with a transform — which the layout-shift metric does not count. So it looks like a bar in the
 * flow, covers nothing, and shifts nothing. It slides in from under the header; the content follows
 * with the same transition. If the visitor has already scrolled when it arrives, the page scrolls by
 * the same height at once (no animation), so what they are reading stays where it is.
 */
export function AlertTopBar({ alert, onDismiss }: AlertTopBarProps) {
  const ref = useRef<HTMLElement>(null);
  // Decided once, when the bar first renders (in the browser only: alerts have no server HTML).
  const [arrivedScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > 0);

  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const main = document.querySelector('main');
    const moved = scriptedStyle(document, MOVED_CONTENT, () => document.querySelectorAll<HTMLElement>(MOVED_CONTENT));
    let offset = 0;
    const update = () => {
      // Where the content begins in the layout (offsetTop ignores the transform).
      if (main) bar.style.top = `${main.offsetTop}px`;
      offset = bar.offsetHeight;
      moved.setProperty(NOTICE_OFFSET_PROPERTY, `${offset}px`);
    };
    // Measured when the browser has laid the bar out (a ResizeObserver reports every observed box
    // once after layout, before the frame is painted), not here: reading offsets now would force a
    // layout of the whole page in the middle of React's commit (issue 19: 10 ms on a long article).
    let first = true;
    const measure = () => {
      update();
      if (first && arrivedScrolled && offset > 0) window.scrollBy(0, offset);
      first = false;
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    if (!observer) measure();
    observer?.observe(bar);
    const header = bar.parentElement?.querySelector(':scope > header');
    if (header) observer?.observe(header);
    return () => {
      observer?.disconnect();
      moved.dispose();
    };
  }, [arrivedScrolled]);

  return (
    <section
      ref={ref}
      className={`${styles.bar} ${arrivedScrolled ? styles.instant : ''}`}
      aria-label="Site notice"
      data-alert-id={alert.id}
    >
      <div className={`container ${styles.inner}`}>
        <p className={styles.message}>
          {alert.title ? <strong className={styles.title}>{alert.title}</strong> : null}
          {alert.text ? <span className={styles.text}>{alert.text}</span> : null}
          {alert.link ? (
            <SmartLink href={alert.link.url} className={styles.link}>
              {alert.link.label}
            </SmartLink>
          ) : null}
        </p>
        <button type="button" className={styles.close} aria-label="Dismiss site notice" onClick={onDismiss}>
          <CloseIcon className={styles.closeIcon} />
        </button>
      </div>
    </section>
  );
}
