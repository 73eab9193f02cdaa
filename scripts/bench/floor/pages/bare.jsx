/** The floor's page at `/bare`: the same page as `/`, served without the site's opener policy (next.config.mjs), for reference. */
export { default, getStaticProps } from './index';
