import { describe, expect, it } from 'vitest';
import { checkNetworks, NETWORK_LIMITS } from './networks.js';

describe('checkNetworks', () => {
  it('cleans a valid list: trimmed texts, canonical and de-duplicated ranges, help optional', () => {
    const { networks, problems } = checkNetworks([
      {
        id: 'campus',
        name: ' Campus network ',
        ranges: ['10.0.0.0/8', '2001:DB8::/32', '10.0.0.0/8'],
        help: 'https://it.example.edu/vpn',
        helpText: 'Connect to the VPN first.',
      },
      { id: 'vpn', name: 'VPN', ranges: ['192.0.2.7'] },
    ]);
    expect(problems).toEqual([]);
    expect(networks).toEqual([
      {
        id: 'campus',
        name: 'Campus network',
        ranges: ['10.0.0.0/8', '2001:db8::/32'],
        help: 'https://it.example.edu/vpn',
        helpText: 'Connect to the VPN first.',
      },
      { id: 'vpn', name: 'VPN', ranges: ['192.0.2.7/32'] },
    ]);
  });

  it.each([
    [
      [{ id: 'campus', name: 'Campus', ranges: ['10.0.0.0/33'] }],
      'network 1 "campus": field "ranges" "10.0.0.0/33" has a bad prefix length',
    ],
    [
      [{ id: 'campus', name: 'Campus', ranges: ['campus-net'] }],
      'network 1 "campus": field "ranges" "campus-net" is not an IPv4 or IPv6 address',
    ],
    [
      [{ id: 'campus', name: 'Campus', ranges: [] }],
      'field "ranges" must be a list of at least one',
    ],
    [[{ id: 'campus', name: 'Campus', ranges: [8] }], 'field "ranges" must hold text only'],
    [
      [{ id: 'campus', name: 'Campus', ranges: ['10.0.0.0/8'], help: 'javascript:alert(1)' }],
      'field "help" must be an http(s) URL',
    ],
    [[{ id: 'Campus!', name: 'Campus', ranges: ['10.0.0.0/8'] }], 'network 1: field "id" must be'],
    [[{ name: 'Campus', ranges: ['10.0.0.0/8'] }], 'field "id" is required'],
    [[{ id: 'campus', ranges: ['10.0.0.0/8'] }], 'field "name" is required'],
    [[{ id: 'campus', name: 'A\nB', ranges: ['10.0.0.0/8'] }], 'field "name" must be one line'],
    [
      [{ id: 'campus', name: 'Campus', ranges: ['10.0.0.0/8'], cidr: '10.0.0.0/8' }],
      'field "cidr" is not a known field',
    ],
    [
      [
        { id: 'campus', name: 'Campus', ranges: ['10.0.0.0/8'] },
        { id: 'campus', name: 'Again', ranges: ['10.0.0.0/8'] },
      ],
      'network 2 "campus": field "id" "campus" is already used by network 1',
    ],
    [[null], 'network 1: must be an object'],
    [{ campus: {} }, 'networks must be a list'],
  ])('refuses %j: %s', (input, message) => {
    const { problems } = checkNetworks(input);
    expect(problems.join('\n')).toContain(message);
  });

  it('refuses more networks than the limit, saying how many', () => {
    const many = Array.from({ length: NETWORK_LIMITS.networks + 1 }, (_, index) => ({
      id: `n${index}`,
      name: `N${index}`,
      ranges: ['10.0.0.0/8'],
    }));
    expect(checkNetworks(many).problems).toEqual([
      `networks must hold at most ${NETWORK_LIMITS.networks} networks (got ${NETWORK_LIMITS.networks + 1})`,
    ]);
  });
});
