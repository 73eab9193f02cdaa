import { DateLine } from '@/components/content/DateLine';
import { textField } from '@/components/content/fields';
import { articleJsonLd } from '@/lib/shared/site/seo';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import type { ContentItem } from '@/lib/shared/types';
import { DetailLayout } from './DetailLayout';

export interface DetailTemplateProps {
  item: ContentItem;
}

/** The schema.org type of an article page: BlogPosting for blog posts, NewsArticle for news and press releases. */
export function articleKind(type: ContentItem['type']): 'BlogPosting' | 'NewsArticle' | 'Article' {
  if (type === 'blog') return 'BlogPosting';
  if (type === 'news' || type === 'pressRelease') return 'NewsArticle';
  return 'Article';
}

/**
 * Blog posts, news, press releases and insights: title, publication date, featured image, body.
 * An insight also shows its topic (as the eyebrow) and reading time when WordPress gives them.
 */
export function ArticleTemplate({ item }: DetailTemplateProps) {
  const identity = useSiteIdentity();
  const topic = item.type === 'insight' ? textField(item.fields, 'topic') : null;
  const readingTime = item.type === 'insight' ? textField(item.fields, 'reading_time') : null;
  return (
    <DetailLayout
      item={item}
      eyebrow={topic ?? undefined}
      jsonLd={articleJsonLd(item, articleKind(item.type), identity)}
      meta={[<DateLine key="date" date={item.date} label="Published" />, readingTime ? `${readingTime} read` : null]}
    />
  );
}

export default ArticleTemplate;
