import { shapeDifferences, shapeOf } from '../../e2e/real/shape';

/** The contract test's comparison (issue 9 §4: keys and value types) must be able to fail. */
describe('issue 9 §4 the JSON shape compared between the fake and WordPress', () => {
  test('equal shapes: same keys and types, whatever the values and list lengths', () => {
    const wordpress = [{ id: 1, title: { rendered: 'A' }, acf: { enable: '1' } }, { id: 2, title: { rendered: 'B' }, acf: { enable: '0' } }];
    const fake = [{ id: 9, title: { rendered: 'Z' }, acf: { enable: '1' } }];
    expect(shapeDifferences(shapeOf(wordpress), shapeOf(fake))).toEqual([]);
  });

  test('a key only one side has is named, with the side', () => {
    expect(shapeDifferences(shapeOf({ id: 1, author: 1 }), shapeOf({ id: 1, extra: true }))).toEqual(['.author: only in WordPress', '.extra: only in the fake']);
  });

  test('a value of another type is named with its path', () => {
    expect(shapeDifferences(shapeOf([{ acf: { enable: '1' } }]), shapeOf([{ acf: { enable: 1 } }]))).toEqual(['[].acf.enable: "string" ≠ "number"']);
  });

  test('an empty PHP array ([]) and an object differ', () => {
    expect(shapeDifferences(shapeOf({ acf: [] }), shapeOf({ acf: {} }))).not.toEqual([]);
  });

  test('_links is compared as an object only (its relations depend on each item)', () => {
    expect(shapeDifferences(shapeOf({ _links: { self: [] } }), shapeOf({ _links: { self: [], about: [] } }))).toEqual([]);
    expect(shapeDifferences(shapeOf({ _links: {} }), shapeOf({ _links: [] }))).not.toEqual([]);
  });

  test('issue 17: image_attachments is a map: its keys (URLs) are data, its values are compared; {} and [] still differ', () => {
    const entry = (id: number) => ({ id, width: 1, height: 1, sizes: { full: { source_url: 'u', width: 1, height: 1 } } });
    const wordpress = { image_attachments: { 'http://127.0.0.1:8886/wp-content/uploads/2026/11/a.png': entry(101) } };
    const fake = { image_attachments: { 'http://127.0.0.1:4061/wp-content/uploads/2025/01/a.png': entry(12), 'http://x/b.png': entry(13) } };
    expect(shapeDifferences(shapeOf(wordpress), shapeOf(fake))).toEqual([]);
    expect(shapeDifferences(shapeOf(wordpress), shapeOf({ image_attachments: {} }))).toEqual([]);
    expect(shapeDifferences(shapeOf(wordpress), shapeOf({ image_attachments: { u: { ...entry(1), id: '1' } } }))).toEqual(['.image_attachments{}.id: "number" ≠ "string"']);
    expect(shapeDifferences(shapeOf({ image_attachments: {} }), shapeOf({ image_attachments: [] }))).not.toEqual([]);
    expect(shapeDifferences(shapeOf({ image_attachments: {} }), shapeOf({}))).toEqual(['.image_attachments: only in WordPress']);
  });
});
