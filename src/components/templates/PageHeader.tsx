import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '@/components/content/Breadcrumbs';
import styles from './PageHeader.module.css';

export interface PageHeaderProps {
  title: string;
  eyebrow?: string | null;
  lead?: ReactNode;
  trail?: readonly Crumb[];
  children?: ReactNode;
}

/** The top band of a page without a hero: breadcrumbs, eyebrow, the page's h1 and an intro. */
export function PageHeader({ title, eyebrow, lead, trail, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        {trail && trail.length > 1 ? <Breadcrumbs trail={trail} /> : null}
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={`lead ${styles.lead}`}>{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}
