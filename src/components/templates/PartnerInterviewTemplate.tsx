import { DateLine } from '@/components/content/DateLine';
import { textField } from '@/components/content/fields';
import { articleJsonLd } from '@/lib/shared/site/seo';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import type { DetailTemplateProps } from './ArticleTemplate';
import { DetailLayout, Fact, FactBox } from './DetailLayout';

/** A partner interview: who is interviewed, their role and company (fields partner_name, partner_role, company). */
export function PartnerInterviewTemplate({ item }: DetailTemplateProps) {
  const identity = useSiteIdentity();
  const name = textField(item.fields, 'partner_name');
  const role = textField(item.fields, 'partner_role');
  const company = textField(item.fields, 'company');
  const who = [name, [role, company].filter(Boolean).join(', ')].filter(Boolean).join(', ');
  return (
    <DetailLayout
      item={item}
      jsonLd={articleJsonLd(item, 'Article', identity)}
      meta={[who ? `With ${who}` : null, <DateLine key="date" date={item.date} label="Published" />]}
      asideLabel="About the partner"
      aside={
        name || role || company ? (
          <FactBox heading="In conversation">
            {name ? <Fact label="Partner">{name}</Fact> : null}
            {role ? <Fact label="Role">{role}</Fact> : null}
            {company ? <Fact label="Company">{company}</Fact> : null}
          </FactBox>
        ) : null
      }
    />
  );
}

export default PartnerInterviewTemplate;
