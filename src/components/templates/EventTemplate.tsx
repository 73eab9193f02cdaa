import { DateRange } from '@/components/content/DateLine';
import { SmartLink } from '@/components/content/SmartLink';
import { textField, urlField } from '@/components/content/fields';
import { eventJsonLd } from '@/lib/shared/site/seo';
import { useSiteIdentity } from '@/components/layout/SiteIdentity';
import type { DetailTemplateProps } from './ArticleTemplate';
import { DetailLayout, Fact, FactBox } from './DetailLayout';

/**
 * An event: its dates and times, its place, and a registration link (fields start_date,
 * end_date, location, registration_url). The details box holds the one Register button: beside
 * the body on wide screens, right under the title on narrow ones.
 */
export function EventTemplate({ item }: DetailTemplateProps) {
  const identity = useSiteIdentity();
  const start = textField(item.fields, 'start_date');
  const end = textField(item.fields, 'end_date');
  const location = textField(item.fields, 'location');
  const registration = urlField(item.fields, 'registration_url');
  const register = registration ? (
    <SmartLink href={registration} className="button button--primary">
      Register<span className="visually-hidden"> for {item.title}</span>
    </SmartLink>
  ) : null;
  return (
    <DetailLayout
      item={item}
      jsonLd={eventJsonLd(item, identity)}
      meta={[start ? <DateRange key="dates" start={start} end={end} /> : null, location]}
      asideLabel="Event details"
      aside={
        start || location || register ? (
          <FactBox heading="Event details" action={register}>
            {start ? (
              <Fact label="When">
                <DateRange start={start} end={end} withTime />
              </Fact>
            ) : null}
            {location ? <Fact label="Where">{location}</Fact> : null}
          </FactBox>
        ) : null
      }
    />
  );
}

export default EventTemplate;
