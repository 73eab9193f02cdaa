import { ensureDebianPackages, UNIT_TEST_PACKAGES } from '../../scripts/system/debianPackages';

/**
 * Jest's global setup (jest.config.ts): `npm test` brings the servers its tests start itself —
 * redis-server (the pub/sub tests of __tests__/lib/invalidation.test.ts), varnishd and varnishtest
 * with vmod_xkey (the VCL's tests, __tests__/varnish/). As root it installs the missing Debian
 * packages; as any other user it stops before the first test with the apt-get command to run.
 */
export default function installTestPackages(): void {
  ensureDebianPackages(UNIT_TEST_PACKAGES, { purpose: 'the tests (npm test)' });
}
