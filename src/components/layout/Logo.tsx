import { SiteLink } from '@/components/content/SiteLink';
import { useSiteIdentity } from './SiteIdentity';
import styles from './Logo.module.css';

/** The company's mark: a navy tile with two teal strokes (a stylised "C" and a forward flow). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b1f3a" />
      <path d="M21 10.5a8 8 0 1 0 0 11" fill="none" stroke="#5fd3c4" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="22.5" cy="16" r="2.5" fill="#ffffff" />
    </svg>
  );
}

interface LogoProps {
  /** `compact` hides the name between 600 and 900 px, where the header has no room for it. */
  variant?: 'default' | 'compact' | 'on-dark';
}

/** The site name with its mark, linking to the home page. */
export function Logo({ variant = 'default' }: LogoProps) {
  const { name } = useSiteIdentity();
  return (
    <SiteLink href="/" className={`${styles.logo} ${styles[variant] ?? ''}`} aria-label={`${name} home`}>
      <LogoMark className={styles.mark} />
      <span className={styles.name}>{name}</span>
    </SiteLink>
  );
}
