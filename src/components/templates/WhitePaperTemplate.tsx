import { DateLine } from '@/components/content/DateLine';
import { SmartLink } from '@/components/content/SmartLink';
import { textField, urlField } from '@/components/content/fields';
import { articleJsonLd } from '@/lib/shared/site/seo';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import type { DetailTemplateProps } from './ArticleTemplate';
import { Callout, DetailLayout } from './DetailLayout';

/** A white paper: its summary under the title and a download button (fields summary, download_url). */
export function WhitePaperTemplate({ item }: DetailTemplateProps) {
  const identity = useSiteIdentity();
  const summary = textField(item.fields, 'summary');
  const download = urlField(item.fields, 'download_url');
  const isPdf = !!download && /\.pdf(?:[?#]|$)/i.test(download);
  const button = download ? (
    <SmartLink href={download} className="button button--primary">
      Download the white paper{isPdf ? ' (PDF)' : ''}
    </SmartLink>
  ) : null;
  return (
    <DetailLayout
      item={item}
      lead={summary}
      jsonLd={articleJsonLd(item, 'Article', identity)}
      meta={[<DateLine key="date" date={item.date} label="Published" />]}
      action={button}
      footer={button ? <Callout text="Get the full paper: free, no sign-up needed." action={button} /> : null}
    />
  );
}

export default WhitePaperTemplate;
