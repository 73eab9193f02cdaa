/** @jest-environment node */
/**
 * docs/search-index.md §2 and §3: the engine's rules, one test each, over small hand-made documents.
 */
import type { SearchDocument } from '@/lib/search/document';
import { createSearchEngine, type SearchHit } from '@/lib/search/engine';

let next = 0;
function doc(fields: Partial<SearchDocument> = {}): SearchDocument {
  next++;
  return {
    id: `blog:${next}`,
    type: 'blog',
    slug: `item-${next}`,
    url: `/resources/blogs/item-${next}`,
    title: `Item ${next}`,
    headings: '',
    excerpt: '',
    body: '',
    date: '2025-01-01T09:00:00',
    ...fields,
  };
}

const ids = (hits: SearchHit[]) => hits.map((h) => h.id);

describe('words', () => {
  it('a query without any letter or digit answers []', () => {
    const engine = createSearchEngine([doc({ title: 'Payments' })]);
    for (const q of ['', '   ', '?!…', '—', '🙂🙂']) expect(engine.search(q)).toEqual([]);
  });

  it('words are lower-cased and diacritics folded, both sides', () => {
    const cafe = doc({ title: 'Café Society' });
    const engine = createSearchEngine([cafe, doc({ title: 'Other' })]);
    expect(ids(engine.search('CAFE'))).toEqual([cafe.id]);
    expect(ids(engine.search('société'))).toEqual([cafe.id]);
  });

  it("apostrophes inside a word are dropped (aren't → arent)", () => {
    const soft = doc({ title: 'Why soft declines aren’t really soft' });
    const engine = createSearchEngine([soft, doc({ title: 'Are we there' })]);
    expect(ids(engine.search('arent'))).toEqual([soft.id]);
    expect(ids(engine.search("aren't"))[0]).toBe(soft.id);
  });
});

describe('stemming', () => {
  it('English stems on both sides: tables finds Table, payments finds payment, declined finds declines', () => {
    const table = doc({ title: 'Table service' });
    const payment = doc({ title: 'One payment a day' });
    const declines = doc({ title: 'Soft declines' });
    const engine = createSearchEngine([table, payment, declines]);
    expect(ids(engine.search('tables'))).toEqual([table.id]);
    expect(ids(engine.search('payments'))).toEqual([payment.id]);
    expect(ids(engine.search('declined'))).toEqual([declines.id]);
  });
});

describe('field order', () => {
  it('a title match outranks headings, which outrank the excerpt, then the body', () => {
    const body = doc({ body: 'orchestration' });
    const excerpt = doc({ excerpt: 'orchestration' });
    const headings = doc({ headings: 'orchestration' });
    const title = doc({ title: 'orchestration' });
    const engine = createSearchEngine([body, excerpt, headings, title]);
    expect(ids(engine.search('orchestration'))).toEqual([title.id, headings.id, excerpt.id, body.id]);
  });

  it('field order holds against repetition: many body mentions do not beat one title mention', () => {
    const body = doc({ body: Array(50).fill('loyalty').join(' ') });
    const title = doc({ title: 'Loyalty', body: 'a long body '.repeat(100) });
    expect(ids(createSearchEngine([body, title]).search('loyalty'))).toEqual([title.id, body.id]);
  });
});

describe('match kind', () => {
  it('exact > prefix > fuzzy (in the same field)', () => {
    const fuzzy = doc({ title: 'Cable' }); // table → cable: 1 edit
    const prefix = doc({ title: 'Tablets' });
    const exact = doc({ title: 'Table' });
    const engine = createSearchEngine([fuzzy, prefix, exact]);
    expect(ids(engine.search('table'))).toEqual([exact.id, prefix.id, fuzzy.id]);
  });

  it('prefix: a query word finds longer words it begins (as you type: paym → payments)', () => {
    const payments = doc({ title: 'Payments in the open air' });
    expect(ids(createSearchEngine([payments, doc()]).search('paym'))).toEqual([payments.id]);
  });

  it('fuzzy: 1 edit from 4 letters, 2 edits from 8 letters, counted as typed', () => {
    const terminal = doc({ title: 'Terminal' });
    const orchestration = doc({ title: 'Orchestration' });
    const engine = createSearchEngine([terminal, orchestration]);
    expect(ids(engine.search('terminl'))).toEqual([terminal.id]); // 7 letters, 1 edit
    expect(ids(engine.search('trminl'))).toEqual([]); // 6 letters, 2 edits: too far
    expect(ids(engine.search('orchstraton'))).toEqual([orchestration.id]); // 11 letters, 2 edits
    expect(ids(engine.search('orchstratn'))).toEqual([]); // 10 letters, 3 edits
  });

  it('words with a digit are never fuzzy (1999 does not find 1899)', () => {
    const engine = createSearchEngine([doc({ title: 'Release 1899' }), doc({ title: 'Q3 update' })]);
    expect(engine.search('1999')).toEqual([]);
    expect(engine.search('q4')).toEqual([]);
  });

  it('words of fewer than 4 letters are never fuzzy', () => {
    const engine = createSearchEngine([doc({ title: 'Cat' })]);
    expect(engine.search('cap')).toEqual([]);
    expect(engine.search('cats')).toHaveLength(1); // 4 letters: 1 edit (and the stem)
  });
});

describe('several words', () => {
  it('items matching every word come first, then items matching some', () => {
    const some = doc({ title: 'Terminal terminal terminal', date: '2026-01-01T00:00:00' });
    const all = doc({ body: 'terminal estate', date: '2020-01-01T00:00:00' });
    const engine = createSearchEngine([some, all]);
    expect(ids(engine.search('terminal estate'))).toEqual([all.id, some.id]);
  });

  it('one word the fuzzy rule cannot reach does not empty the list', () => {
    const estate = doc({ title: 'Terminal estate' });
    expect(ids(createSearchEngine([estate]).search('terminal estate xqzvw'))).toEqual([estate.id]);
  });
});

describe('ties', () => {
  it('equal scores go to the newer date, then by title', () => {
    const older = doc({ title: 'Corvane news', date: '2025-01-01T09:00:00' });
    const newerB = doc({ title: 'Corvane notes', date: '2026-01-01T09:00:00' });
    const newerA = doc({ title: 'Corvane names', date: '2026-01-01T09:00:00' });
    expect(ids(createSearchEngine([older, newerB, newerA]).search('corvane'))).toEqual([newerA.id, newerB.id, older.id]);
  });
});

describe('limit and type', () => {
  it('the limit is 20 by default, and may be given', () => {
    const engine = createSearchEngine(Array.from({ length: 30 }, () => doc({ title: 'Loyalty' })));
    expect(engine.search('loyalty')).toHaveLength(20);
    expect(engine.search('loyalty', { limit: 5 })).toHaveLength(5);
  });

  it('the type filter applies inside the engine, before the limit', () => {
    const blogs = Array.from({ length: 25 }, () => doc({ title: 'Loyalty loyalty' }));
    const news = doc({ id: 'news:1', type: 'news', title: 'Loyalty', date: '2000-01-01T00:00:00' });
    const engine = createSearchEngine([...blogs, news]);
    expect(engine.search('loyalty').map((h) => h.id)).not.toContain(news.id);
    expect(ids(engine.search('loyalty', { type: 'news' }))).toEqual([news.id]);
  });
});

describe('add, remove, idOf, size', () => {
  it('add replaces the document with the same id (a slug change moves it)', () => {
    const engine = createSearchEngine();
    engine.add(doc({ id: 'news:5', type: 'news', slug: 'old', title: 'Denver office' }));
    engine.add(doc({ id: 'news:5', type: 'news', slug: 'new', title: 'Seattle office' }));
    expect(engine.size).toBe(1);
    expect(engine.search('denver')).toEqual([]);
    expect(ids(engine.search('seattle'))).toEqual(['news:5']);
    expect(engine.idOf('news', 'old')).toBeUndefined();
    expect(engine.idOf('news', 'new')).toBe('news:5');
  });

  it('remove forgets a document and answers whether it was there', () => {
    const a = doc({ title: 'Denver' });
    const engine = createSearchEngine([a]);
    expect(engine.remove(a.id)).toBe(true);
    expect(engine.remove(a.id)).toBe(false);
    expect(engine.size).toBe(0);
    expect(engine.search('denver')).toEqual([]);
    expect(engine.idOf('blog', a.slug)).toBeUndefined();
  });

  it('idOf finds a document by type and slug only', () => {
    const a = doc({ slug: 'same' });
    const engine = createSearchEngine([a]);
    expect(engine.idOf('blog', 'same')).toBe(a.id);
    expect(engine.idOf('news', 'same')).toBeUndefined();
  });

  it('many removals and replacements keep answers right (the postings are cleaned as they go)', () => {
    const engine = createSearchEngine();
    for (let i = 0; i < 2000; i++) engine.add(doc({ id: `blog:r${i % 300}`, title: `Version ${i} release` }));
    expect(engine.size).toBe(300);
    expect(engine.search('release', { limit: 1000 })).toHaveLength(300);
    expect(engine.search('1999')).toHaveLength(1);
    expect(engine.search('5')).toEqual([]);
  });
});

describe('matches and terms', () => {
  it('matches are UTF-16 ranges of every matched word in title and excerpt, sorted and not overlapping', () => {
    const hit = createSearchEngine([
      doc({ title: '🙂 Tables, tabled and a table', excerpt: 'Café tables: TABLE.', body: 'table' }),
    ]).search('table café')[0];
    expect(hit.matches.title).toEqual([
      [3, 9],
      [11, 17],
      [24, 29],
    ]);
    expect(hit.matches.excerpt).toEqual([
      [0, 4],
      [5, 11],
      [13, 18],
    ]);
    const title = '🙂 Tables, tabled and a table';
    expect(hit.matches.title.map(([s, e]) => title.slice(s, e))).toEqual(['Tables', 'tabled', 'table']);
  });

  it('prefix and fuzzy forms are marked too', () => {
    const hit = createSearchEngine([doc({ title: 'Payments orchestration' })]).search('paym orchestraton')[0];
    expect(hit.matches.title).toEqual([
      [0, 8],
      [9, 22],
    ]);
  });

  it('terms are the query words that matched, as typed and lower-cased', () => {
    const hit = createSearchEngine([doc({ title: 'Café loyalty' })]).search('Café LOYALTY xqzvw')[0];
    expect(hit.terms).toEqual(['café', 'loyalty']);
  });

  it('a hit carries what results show and no body', () => {
    const d = doc({ title: 'Loyalty', excerpt: 'Short.', body: 'secret body words' });
    const hit = createSearchEngine([d]).search('loyalty')[0];
    expect(hit).toMatchObject({ id: d.id, type: 'blog', url: d.url, title: 'Loyalty', excerpt: 'Short.', date: d.date });
    expect(JSON.stringify(hit)).not.toContain('secret');
  });
});

describe('never throws', () => {
  it('200 characters of random unicode, emoji, marks, surrogates and RTL text answer a list', () => {
    const engine = createSearchEngine([doc({ title: 'Payments' }), doc({ title: 'Ünïcödé ✓' })]);
    let seed = 34;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pool = ['a', 'é', '\u0301', '🙂', '👩‍👩‍👧', '\ud800', '\udfff', 'ß', 'İ', 'ﬁ', 'ش', '\u200f', '字', '\u0000', "'", '’', ' ', '%', '*', '9'];
    for (let run = 0; run < 200; run++) {
      const query = Array.from({ length: 200 }, () => pool[Math.floor(random() * pool.length)]).join('');
      expect(Array.isArray(engine.search(query))).toBe(true);
    }
    expect(Array.isArray(engine.search(undefined as unknown as string))).toBe(true);
  });
});
