import styles from './SkipLink.module.css';

/** The first focusable element of every page: jumps past the header to `<main id="main">`. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  return (
    <a href={`#${targetId}`} className={styles.skipLink}>
      Skip to content
    </a>
  );
}
