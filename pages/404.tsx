import { StatusPage } from '../src/components/layout/StatusPage';
import { staticProps } from '../src/lib/site/staticProps';

/** Not found: static, with the layout data like every page (a 404 stays friendly and navigable). */
export default function NotFoundPage() {
  return (
    <StatusPage
      code="Error 404"
      title="Page not found"
      heading="We can’t find that page"
      links={[
        { label: 'News', href: '/about-us/news' },
        { label: 'Press releases', href: '/about-us/press-releases' },
        { label: 'Blog', href: '/resources/blogs' },
        { label: 'Case studies', href: '/resources/case-studies' },
      ]}
    >
      <p>The page may have moved, or the link may be out of date. Start again from the home page, or tell us what you were looking for.</p>
    </StatusPage>
  );
}

export const getStaticProps = staticProps('/404', async () => ({}));
