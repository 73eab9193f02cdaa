import type { GetStaticProps } from 'next';
import Head from 'next/head';
import { getConfig } from '../src/config';
import { getCollectionPage } from '../src/lib/wordpress/content';
import type { ContentItem } from '../src/lib/types';

interface HomeProps {
  news: Pick<ContentItem, 'id' | 'title' | 'excerpt' | 'path'>[];
}

export default function Home({ news }: HomeProps) {
  return (
    <main>
      <Head>
        <title>Payments that just work</title>
      </Head>
      <h1>Latest news</h1>
      <ul>
        {news.map((item) => (
          <li key={item.id}>
            <h2>{item.title}</h2>
            <p>{item.excerpt}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const getStaticProps: GetStaticProps<HomeProps> = async () => {
  const { items } = await getCollectionPage('news', { perPage: 10 });
  return {
    props: { news: items.map(({ id, title, excerpt, path }) => ({ id, title, excerpt, path })) },
    revalidate: getConfig().revalidateSeconds,
  };
};
