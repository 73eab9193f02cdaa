import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { TopMenuEntry } from '@/lib/shared/types';
import { ChevronDown } from './icons';
import { FALLBACK_NAVIGATION } from './layoutData';
import { containsCurrentPath, isGroupHeading, visibleSubmenus } from './links';
import { SmartLink } from '@/components/content/SmartLink';
import { SubmenuGroups, type SubmenuGroupClasses } from './SubmenuGroup';
import styles from './SiteMenu.module.css';

/**
 * The header menu from 600 px up (spec §2 "Site menu structure"): top items, and for items with
 * submenus a disclosure button that opens a panel of submenus and their items. The disclosure
 * pattern (buttons and lists of links), not role=menu: the links are ordinary links.
 *
 * Keyboard: Tab moves through the top items; Enter/Space toggles a panel (native button);
 * ArrowLeft/ArrowRight (and Home/End) move between top items; ArrowDown/ArrowUp open the panel
 * and move between its links; Escape closes it and returns focus to its button. Opening one
 * panel closes the others; a click outside the menu, focus leaving the item, or a route change
 * closes it.
 *
 * When the built menu is empty, the fixed fallback navigation is shown as plain links.
 */
export interface SiteMenuProps {
  menu: readonly TopMenuEntry[];
  /** The router's asPath. */
  currentPath: string;
  /** The navigation landmark's name. */
  label?: string;
  className?: string;
}

const TOP_ITEM = '[data-menu-top]';

const GROUP_CLASSES: SubmenuGroupClasses = {
  group: styles.group,
  heading: styles.groupHeading,
  link: styles.groupLink,
  items: styles.items,
  itemLink: styles.itemLink,
  itemText: styles.itemText,
  overview: `${styles.group} ${styles.overview}`,
  overviewLink: styles.overviewLink,
};
const PANEL_LINK = 'a[href]';

function focusables(root: HTMLElement | null, selector: string): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(selector)) : [];
}

function moveFocus(items: HTMLElement[], from: Element | null, key: string): boolean {
  if (items.length === 0) return false;
  const index = from ? items.indexOf(from as HTMLElement) : -1;
  const last = items.length - 1;
  const next =
    key === 'Home' ? 0
    : key === 'End' ? last
    : key === 'ArrowDown' || key === 'ArrowRight' ? (index < 0 || index === last ? 0 : index + 1)
    : index <= 0 ? last
    : index - 1;
  items[next]?.focus();
  return true;
}

export function SiteMenu({ menu, currentPath, label = 'Main', className }: SiteMenuProps) {
  // The open panel is remembered with the path it was opened on: navigating closes it.
  const [open, setOpen] = useState<{ id: number; path: string } | null>(null);
  const openId = open !== null && open.path === currentPath ? open.id : null;
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  const onArrowsBetweenTopItems = (event: KeyboardEvent<HTMLElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      if (moveFocus(focusables(navRef.current, TOP_ITEM), event.target as Element, event.key)) event.preventDefault();
    }
  };

  useEffect(() => {
    if (openId === null) return undefined;
    const onPointerDown = (event: Event) => {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [openId]);

  if (menu.length === 0) {
    return (
      <nav ref={navRef} aria-label={label} className={`${styles.nav} ${className ?? ''}`} onKeyDown={onArrowsBetweenTopItems}>
        <ul className={styles.topList}>
          {FALLBACK_NAVIGATION.map((link) => (
            <li key={link.href} className={styles.topItem}>
              <SmartLink href={link.href} currentPath={currentPath} className={styles.topLink} data-menu-top="">
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  const toggle = (id: number) => setOpen(openId === id ? null : { id, path: currentPath });
  const close = () => setOpen(null);

  const openAndFocus = (id: number, panel: HTMLElement | null, key: 'ArrowDown' | 'ArrowUp') => {
    flushSync(() => setOpen({ id, path: currentPath }));
    const links = focusables(panel, PANEL_LINK);
    links[key === 'ArrowDown' ? 0 : links.length - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const item = target.closest<HTMLElement>('[data-menu-item]');
    if (!item) return;
    const id = Number(item.dataset.menuItem);
    const topItems = focusables(navRef.current, TOP_ITEM);
    const topOfItem = item.querySelector<HTMLElement>(TOP_ITEM);
    const panel = item.querySelector<HTMLElement>('[data-menu-panel]');
    const inPanel = panel !== null && panel.contains(target);
    const key = event.key;

    if (key === 'Escape') {
      if (openId === id) {
        event.preventDefault();
        close();
        topOfItem?.focus();
      }
      return;
    }
    if (key === 'ArrowLeft' || key === 'ArrowRight') {
      event.preventDefault();
      if (inPanel) close();
      moveFocus(topItems, topOfItem, key);
      return;
    }
    if (inPanel) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
        event.preventDefault();
        moveFocus(focusables(panel, PANEL_LINK), target, key);
      }
      return;
    }
    if (key === 'Home' || key === 'End') {
      event.preventDefault();
      moveFocus(topItems, target, key);
      return;
    }
    if ((key === 'ArrowDown' || key === 'ArrowUp') && panel !== null) {
      event.preventDefault();
      openAndFocus(id, panel, key);
    }
  };

  const onItemBlur = (id: number) => (event: FocusEvent<HTMLLIElement>) => {
    // Focus moved to another element outside this item (not to nowhere, as when clicking on text).
    const next = event.relatedTarget;
    if (openId === id && next instanceof Node && !event.currentTarget.contains(next)) close();
  };

  return (
    <nav ref={navRef} aria-label={label} className={`${styles.nav} ${className ?? ''}`} onKeyDown={onKeyDown}>
      <ul className={styles.topList}>
        {menu.map((entry) => {
          const submenus = visibleSubmenus(entry);
          const inSection = containsCurrentPath(entry, currentPath);
          if (submenus.length === 0) {
            return (
              <li key={entry.id} className={styles.topItem} data-menu-item={entry.id}>
                {isGroupHeading(entry.href) ? (
                  <span className={styles.topHeading}>{entry.label}</span>
                ) : (
                  <SmartLink href={entry.href} currentPath={currentPath} className={styles.topLink} data-menu-top="">
                    {entry.label}
                  </SmartLink>
                )}
              </li>
            );
          }
          const isOpen = openId === entry.id;
          const buttonId = `${baseId}-button-${entry.id}`;
          const panelId = `${baseId}-panel-${entry.id}`;
          return (
            <li key={entry.id} className={styles.topItem} data-menu-item={entry.id} onBlur={onItemBlur(entry.id)}>
              <button
                type="button"
                id={buttonId}
                className={`${styles.topButton} ${inSection ? styles.inSection : ''}`}
                aria-expanded={isOpen}
                aria-controls={panelId}
                data-menu-top=""
                onClick={() => toggle(entry.id)}
              >
                {entry.label}
                {entry.hasArrow ? <ChevronDown className={styles.arrow} direction={entry.arrowDirection} /> : null}
              </button>
              <div id={panelId} className={styles.panel} data-menu-panel="" hidden={!isOpen}>
                <ul className={styles.groups} aria-labelledby={buttonId}>
                  <SubmenuGroups
                    entry={entry}
                    submenus={submenus}
                    idPrefix={baseId}
                    currentPath={currentPath}
                    onNavigate={close}
                    classes={GROUP_CLASSES}
                  />
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
