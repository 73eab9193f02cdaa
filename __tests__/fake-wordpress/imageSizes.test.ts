import { intermediateSizes } from '../../__mocks__/wordpress/imageSizes';

/**
 * The sizes a real WordPress 6.1 (Debian's, GD) made of the seed's uploads, read from its
 * `media_details.sizes`: the fake must list the same (issue 9 §4, WordPress wins).
 */
describe('the fake makes the intermediate image sizes WordPress makes', () => {
  test.each([
    [1600, 700, [['thumbnail', 150, 150], ['medium', 300, 131], ['medium_large', 768, 336], ['large', 1024, 448], ['1536x1536', 1536, 672]]],
    [1200, 630, [['thumbnail', 150, 150], ['medium', 300, 158], ['medium_large', 768, 403], ['large', 1024, 538]]],
    [1200, 800, [['thumbnail', 150, 150], ['medium', 300, 200], ['medium_large', 768, 512], ['large', 1024, 683]]],
    [800, 800, [['thumbnail', 150, 150], ['medium', 300, 300], ['medium_large', 768, 768]]],
    [400, 400, [['thumbnail', 150, 150], ['medium', 300, 300]]],
    [480, 160, [['thumbnail', 150, 150], ['medium', 300, 100]]],
    [240, 80, [['thumbnail', 150, 80]]],
    [100, 60, []],
  ])('%i×%i', (width, height, expected) => {
    expect(intermediateSizes(width, height)).toEqual(expected);
  });
});
