import { describe, expect, it } from 'vitest';
import { checkNetworks } from '../../../../shared/network/networks.js';
import { emptyRow, networkOf, placeProblems, rowOf, splitRanges } from './network-values.js';

const campus = rowOf({ id: 'campus', name: 'Campus', ranges: ['10.0.0.0/8'] });
const vpn = rowOf({ id: 'vpn', name: 'VPN', ranges: ['10.8.0.0/16'], helpText: 'Connect first.' });

describe('the Networks tab’s values', () => {
  it('reads the ranges one per line, comma- or space-separated, and sends help only when given', () => {
    expect(splitRanges(' 10.0.0.0/8,2001:db8::/32\n\n 10.8.0.0/16 , 192.0.2.1 ')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '10.8.0.0/16',
      '192.0.2.1',
    ]);
    expect(networkOf({ ...emptyRow(), id: ' lab ', name: ' Lab ', ranges: '10.1.0.0/16' })).toEqual(
      { id: 'lab', name: 'Lab', ranges: ['10.1.0.0/16'] },
    );
    expect(networkOf(vpn)).toEqual({
      id: 'vpn',
      name: 'VPN',
      ranges: ['10.8.0.0/16'],
      helpText: 'Connect first.',
    });
  });

  it('puts each of the rules’ sentences on the row and field it names, skipping removed rows', () => {
    const removed = { ...campus, removed: true };
    const added = { ...emptyRow(), name: 'Lab', ranges: '10.1.2.3/8' };
    const rows = [removed, vpn, added];
    const { problems } = checkNetworks(rows.filter((row) => !row.removed).map(networkOf));
    const placed = placeProblems(
      [
        ...problems,
        'the network "campus" is still named by the addresses of "galaxy": remove those addresses first',
        'networks must hold at most 50 networks (got 51)',
      ],
      rows,
    );
    expect(placed.fields).toEqual({
      [`${added.key}.id`]: ['is required'],
      [`${added.key}.ranges`]: [
        '"10.1.2.3/8" has address bits set after its /8 prefix: write the range as "10.0.0.0/8" (or the single address with /32)',
      ],
      [`${removed.key}.row`]: ['still named by "galaxy"'],
    });
    expect(placed.general).toEqual(['networks must hold at most 50 networks (got 51)']);
  });
});
