import { DateLine } from '@/components/content/DateLine';
import { SmartLink } from '@/components/content/SmartLink';
import { textField, urlField } from '@/components/content/fields';
import { articleJsonLd } from '@/lib/shared/site/seo';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import type { DetailTemplateProps } from './ArticleTemplate';
import { DetailLayout, Fact, FactBox } from './DetailLayout';

/** A case study: the client, a summary and a call to action (fields client, summary, cta_label, cta_url). */
export function CaseStudyTemplate({ item }: DetailTemplateProps) {
  const identity = useSiteIdentity();
  const client = textField(item.fields, 'client');
  const summary = textField(item.fields, 'summary');
  const ctaUrl = urlField(item.fields, 'cta_url');
  const cta = ctaUrl ? (
    <SmartLink href={ctaUrl} className="button button--primary">
      {textField(item.fields, 'cta_label') ?? 'Talk to us'}
    </SmartLink>
  ) : null;
  return (
    <DetailLayout
      item={item}
      eyebrow={client ? `Case study · ${client}` : undefined}
      lead={summary}
      jsonLd={articleJsonLd(item, 'Article', identity)}
      meta={[<DateLine key="date" date={item.date} label="Published" />]}
      asideLabel="About the client"
      aside={
        client || cta ? (
          <FactBox heading="At a glance" action={cta}>
            {client ? <Fact label="Client">{client}</Fact> : null}
          </FactBox>
        ) : null
      }
    />
  );
}

export default CaseStudyTemplate;
