import { describe, expect, it } from 'vitest';
import { isPublicAddress, v6Groups } from './address-guard.ts';

describe('the address guard', () => {
  it('refuses IPv4 loopback, private, link-local, shared and reserved ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows public IPv4, including the edges of the private ranges', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '11.0.0.1',
      '192.169.0.1',
      '169.253.255.255',
      '223.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses IPv6 loopback, unspecified, unique local, link-local, site-local, multicast and documentation', () => {
    for (const address of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '100::1',
      '3fff::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows global IPv6 unicast', () => {
    for (const address of ['2a00:1450:4009:81f::200e', '2606:4700:4700::1111', '2001:4860:4860::8888']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('judges IPv4 carried in IPv6 (mapped, compatible, NAT64, 6to4) by the IPv4 address', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:101::1',
      '2002:7f00:1::',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what is not an IP address', () => {
    for (const text of ['localhost', 'example.com', '', '1.2.3', '::ffff:1.2.3.4.5']) expect(isPublicAddress(text), text).toBe(false);
  });

  it('expands IPv6 text into its eight groups', () => {
    expect(v6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(v6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(v6Groups('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
  });
});
