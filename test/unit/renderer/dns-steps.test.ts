// The records the drawer tells a person to create, from what the server expects.
import { describe, expect, it } from 'vitest';
import { dnsSteps } from '../../../renderer/src/screens/Domains/dns-steps.ts';

describe('DNS steps', () => {
  it('an A record to each IPv4 address and an AAAA record to each IPv6 one, on the domain itself', () => {
    expect(dnsSteps({ domain: 'go.example.com', expected: { addresses: ['203.0.113.7', '2001:db8::7'], cname: null } })).toEqual({
      addresses: [{ type: 'A', name: 'go.example.com', value: '203.0.113.7' }, { type: 'AAAA', name: 'go.example.com', value: '2001:db8::7' }],
      cname: null,
    });
  });
  it('a CNAME to the public name when one is set, and nothing to create when neither is', () => {
    expect(dnsSteps({ domain: 'go.example.com', expected: { addresses: [], cname: 'edge.example.net' } }).cname)
      .toEqual({ type: 'CNAME', name: 'go.example.com', value: 'edge.example.net' });
    expect(dnsSteps({ domain: 'go.example.com', expected: { addresses: [], cname: null } })).toEqual({ addresses: [], cname: null });
  });
});
