import { memo, startTransition, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { scriptedStyle } from '@/lib/browser/scriptedStyle';
import type { TopMenuEntry } from '@/lib/shared/types';
import { watchBelowBreakpoint } from '@/lib/spec/viewport';
import { ChevronDown, CloseIcon } from './icons';
import { FALLBACK_NAVIGATION } from './layoutData';
import { containsCurrentPath, isGroupHeading, visibleSubmenus } from './links';
import { SmartLink } from '@/components/content/SmartLink';
import { SubmenuGroups, type SubmenuGroupClasses } from './SubmenuGroup';
import styles from './MobileDrawer.module.css';

/**
 * The menu below 600 px: a modal drawer with the same menu as accordions (top items expand to
 * show their submenus; '#' submenus are non-link headings; hidden submenus are never shown).
 * While open: focus moves into it, Tab is trapped inside, the page behind does not scroll, and
 * Escape, the close button or a click on the backdrop closes it. The header closes it on a route
 * change and when the viewport grows past the breakpoint.
 */
export interface MobileDrawerProps {
  id: string;
  open: boolean;
  menu: readonly TopMenuEntry[];
  currentPath: string;
  /** Close the drawer; `returnFocus` asks to put focus back on the Menu button. */
  onClose: (returnFocus: boolean) => void;
}

const GROUP_CLASSES: SubmenuGroupClasses = {
  group: styles.group,
  heading: styles.groupHeading,
  link: styles.groupLink,
  items: styles.items,
  itemLink: styles.itemLink,
  itemText: styles.itemText,
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

export function MobileDrawer({ id, open, menu, currentPath, onClose }: MobileDrawerProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const menuState = usePreparedMenu(open, currentPath);
  const onNavigate = useCallback(() => onClose(false), [onClose]);

  // Focus moves into the drawer when it opens; the page behind is scroll-locked while it is open.
  useEffect(() => {
    if (!open) return undefined;
    closeRef.current?.focus();
    // A rule for <body>, not its style attribute: on pages with WordPress's table CSS a change of
    // <body>'s style attribute restyled the whole page inside the tap (issue 19, scriptedStyle).
    const lock = scriptedStyle(document, 'body', () => [document.body]);
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    lock.setProperty('overflow', 'hidden');
    if (scrollbar > 0) lock.setProperty('padding-right', `${scrollbar}px`);
    return () => lock.dispose();
  }, [open]);

  // Growing past the breakpoint while open closes it (CSS hides it; this releases the scroll
  // lock). Watched only while open, here rather than in the header, so the header never
  // re-renders for a width change (issue 5: no work after hydration on every page).
  useEffect(() => {
    if (!open) return undefined;
    return watchBelowBreakpoint((below) => {
      if (!below) onClose(false);
    });
  }, [open, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = tabbables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <div className={styles.backdrop} hidden={!open} aria-hidden="true" onClick={() => onClose(false)} />
      <div
        ref={dialogRef}
        id={id}
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        <div className={styles.bar}>
          <h2 id={titleId} className={styles.title}>
            Menu
          </h2>
          <button ref={closeRef} type="button" className={styles.close} aria-label="Close menu" onClick={() => onClose(true)}>
            <CloseIcon />
          </button>
        </div>
        {open || menuState.prepared ? <DrawerMenu key={menuState.key} menu={menu} currentPath={currentPath} onNavigate={onNavigate} /> : null}
      </div>
    </>
  );
}

/**
 * The drawer's menu is rendered ahead, in the hidden drawer, so a tap on Menu only shows it
 * (issue 19: rendering the whole menu in the tap's task made the next paint wait, 300 ms on a
 * mid-range phone). It is rendered as a transition, which React splits into short tasks, once the
 * drawer has loaded, and again after each close (another key: each opening starts with the current
 * page's section expanded, as before) and after each navigation.
 */
function usePreparedMenu(open: boolean, currentPath: string): { prepared: boolean; key: string } {
  const [prepared, setPrepared] = useState(false);
  const [generation, setGeneration] = useState(0);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) startTransition(() => setGeneration((n) => n + 1));
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (!prepared) startTransition(() => setPrepared(true));
  }, [prepared]);
  return { prepared, key: `${currentPath} ${generation}` };
}

interface DrawerMenuProps {
  menu: readonly TopMenuEntry[];
  currentPath: string;
  onNavigate: () => void;
}

// Memoised: opening the drawer re-renders the drawer, not the menu rendered ahead inside it.
const DrawerMenu = memo(function DrawerMenu({ menu, currentPath, onNavigate }: DrawerMenuProps) {
  // The section holding the current page starts expanded.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(menu.filter((entry) => containsCurrentPath(entry, currentPath)).map((entry) => entry.id)),
  );
  const baseId = useId();

  if (menu.length === 0) {
    return (
      <nav aria-label="Main" className={styles.nav}>
        <ul className={styles.list}>
          {FALLBACK_NAVIGATION.map((link) => (
            <li key={link.href} className={styles.topItem}>
              <SmartLink href={link.href} currentPath={currentPath} className={styles.topLink} onClick={onNavigate}>
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {menu.map((entry) => {
          const submenus = visibleSubmenus(entry);
          if (submenus.length === 0) {
            return (
              <li key={entry.id} className={styles.topItem}>
                {isGroupHeading(entry.href) ? (
                  <span className={styles.topLink}>{entry.label}</span>
                ) : (
                  <SmartLink href={entry.href} currentPath={currentPath} className={styles.topLink} onClick={onNavigate}>
                    {entry.label}
                  </SmartLink>
                )}
              </li>
            );
          }
          const isOpen = expanded.has(entry.id);
          const buttonId = `${baseId}-button-${entry.id}`;
          const regionId = `${baseId}-region-${entry.id}`;
          return (
            <li key={entry.id} className={styles.topItem}>
              <button
                type="button"
                id={buttonId}
                className={styles.toggle}
                aria-expanded={isOpen}
                aria-controls={regionId}
                onClick={() => toggle(entry.id)}
              >
                <span>{entry.label}</span>
                {entry.hasArrow ? <ChevronDown className={styles.arrow} direction={entry.arrowDirection} /> : null}
              </button>
              <ul id={regionId} className={styles.groups} aria-labelledby={buttonId} hidden={!isOpen}>
                <SubmenuGroups
                  entry={entry}
                  submenus={submenus}
                  idPrefix={baseId}
                  currentPath={currentPath}
                  onNavigate={onNavigate}
                  classes={GROUP_CLASSES}
                />
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
