import { StatusPage } from '../src/components/layout/StatusPage';

/**
 * Server error. No getStaticProps: it must render even when WordPress is down, so it relies on
 * _app's fallback layout (fixed fallback navigation, static footer).
 */
export default function ServerErrorPage() {
  return (
    <StatusPage code="Error 500" title="Something went wrong" heading="Something went wrong on our side">
      <p>We couldn’t show this page just now. Please try again in a few minutes. If it keeps happening, let us know and we’ll look into it.</p>
    </StatusPage>
  );
}
