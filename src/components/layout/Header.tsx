import { useRouter } from 'next/router';
import { memo, useCallback, useId, useRef, useState } from 'react';
import { HeaderSearch } from '@/components/search/HeaderSearch';
import type { TopMenuEntry } from '@/lib/shared/types';
import { afterPaint } from '@/lib/browser/afterPaint';
import { StaticHtml } from '@/components/static/StaticHtml';
import { MenuIcon } from './icons';
import { Logo } from './Logo';
import { SiteMenu } from './SiteMenu';
import styles from './Header.module.css';

/**
 * The drawer (below 600 px) is loaded after the first paint: closed, it is an empty hidden panel,
 * and its code (focus trap, scroll lock, the accordion menu) stays out of the First Load JS
 * (issue 5). The Menu button's state lives here, so a tap before the chunk arrives still opens it.
 */
const MobileDrawer = afterPaint(() => import('./MobileDrawer').then((module) => module.MobileDrawer), 'MobileDrawer');

// Opening the drawer re-renders the header; the logo and the search have nothing to redo (issue 19:
// the tap's own work is what a visitor waits for).
const HeaderLogo = memo(Logo);
const HeaderSearchBox = memo(HeaderSearch);

/** Below this width the desktop menu is hidden (Header.module.css: `.desktopMenu` shows from 600 px). */
const NARROW = '(max-width: 599.98px)';

export interface HeaderProps {
  /** The built menu (layout data); empty → the fixed fallback navigation. */
  menu: readonly TopMenuEntry[];
}

/**
 * The site header: the logo, the dropdown menu from 600 px up, and below 600 px a Menu button
 * that opens the drawer. Which of the two shows is decided in CSS, so the server HTML is right
 * at every width.
 */
export function Header({ menu }: HeaderProps) {
  const { asPath } = useRouter();
  const currentPath = asPath ?? '/';
  const drawerId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // The drawer is remembered as open on the path it was opened on: navigating closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn !== null && drawerOpenOn === currentPath;

  // Stable, so the drawer's memoised menu is not rendered again when the drawer opens.
  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpenOn(null);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <HeaderLogo variant="compact" />
        {/* Hidden below 600 px: on a phone its markup is kept, not hydrated, until the viewport widens. */}
        <StaticHtml className={styles.desktopMenu} contentKey={currentPath} keepWhile={NARROW}>
          <SiteMenu menu={menu} currentPath={currentPath} />
        </StaticHtml>
        <HeaderSearchBox />
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpenOn(drawerOpen ? null : currentPath)}
        >
          <MenuIcon className={styles.menuIcon} />
          Menu
        </button>
      </div>
      <MobileDrawer id={drawerId} open={drawerOpen} menu={menu} currentPath={currentPath} onClose={closeDrawer} />
    </header>
  );
}
